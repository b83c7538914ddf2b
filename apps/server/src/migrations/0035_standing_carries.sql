CREATE TABLE "standing_carries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"obligation_id" uuid NOT NULL,
	"bill_no" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_carries_amount_ck" CHECK ("standing_carries"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "standing_carries" ADD CONSTRAINT "standing_carries_obligation_id_standing_obligations_id_fk" FOREIGN KEY ("obligation_id") REFERENCES "public"."standing_obligations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_carries_once_uq" ON "standing_carries" USING btree ("obligation_id","reference");--> statement-breakpoint
CREATE INDEX "standing_carries_bill_idx" ON "standing_carries" USING btree ("bill_no");
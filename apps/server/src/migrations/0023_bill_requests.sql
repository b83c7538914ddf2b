CREATE TABLE "bill_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"masked" boolean DEFAULT true NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_requests" ADD CONSTRAINT "bill_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_requests" ADD CONSTRAINT "bill_requests_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_requests_user_bill_uq" ON "bill_requests" USING btree ("user_id","bill_id");--> statement-breakpoint
CREATE INDEX "bill_requests_bill_idx" ON "bill_requests" USING btree ("bill_id");
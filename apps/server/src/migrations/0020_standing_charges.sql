CREATE TABLE "standing_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"obligation_id" uuid NOT NULL,
	"period" date NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_charges_amount_ck" CHECK ("standing_charges"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "standing_obligations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"customer_name" text NOT NULL,
	"description" text NOT NULL,
	"period" text DEFAULT 'month' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"start_period" date NOT NULL,
	"end_period" date,
	"raised_through" date,
	"due_day" integer NOT NULL,
	"penalty_ppm" integer DEFAULT 0 NOT NULL,
	"sub_county_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_obligations_terms_ck" CHECK ("standing_obligations"."amount_cents" > 0 and "standing_obligations"."due_day" between 1 and 28 and "standing_obligations"."penalty_ppm" >= 0)
);
--> statement-breakpoint
CREATE TABLE "standing_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"obligation_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bill_no" text,
	"reference" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "standing_payments_amount_ck" CHECK ("standing_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "standing_charges" ADD CONSTRAINT "standing_charges_obligation_id_standing_obligations_id_fk" FOREIGN KEY ("obligation_id") REFERENCES "public"."standing_obligations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_obligations" ADD CONSTRAINT "standing_obligations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standing_payments" ADD CONSTRAINT "standing_payments_obligation_id_standing_obligations_id_fk" FOREIGN KEY ("obligation_id") REFERENCES "public"."standing_obligations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "standing_charges_once_uq" ON "standing_charges" USING btree ("obligation_id","period","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "standing_obligations_ref_uq" ON "standing_obligations" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "standing_obligations_user_idx" ON "standing_obligations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "standing_payments_obligation_idx" ON "standing_payments" USING btree ("obligation_id","paid_at");
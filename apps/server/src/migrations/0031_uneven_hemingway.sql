CREATE TABLE "payment_plan_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"bill_no" text,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "payment_plan_instalments_amount_ck" CHECK ("payment_plan_instalments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_plan_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_no" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"arrears_cents" bigint NOT NULL,
	"instalment_count" integer NOT NULL,
	"needs_officer" boolean DEFAULT false NOT NULL,
	"decided_by" uuid,
	"reason" text,
	"asked" jsonb,
	"document_id" text,
	"rest_bill_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "payment_plans_plan_no_unique" UNIQUE("plan_no"),
	CONSTRAINT "payment_plans_terms_ck" CHECK ("payment_plans"."arrears_cents" > 0 and "payment_plans"."instalment_count" between 2 and 12)
);
--> statement-breakpoint
ALTER TABLE "payment_plan_instalments" ADD CONSTRAINT "payment_plan_instalments_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_items" ADD CONSTRAINT "payment_plan_items_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plan_instalments_uq" ON "payment_plan_instalments" USING btree ("plan_id","number");--> statement-breakpoint
CREATE INDEX "payment_plan_instalments_due_idx" ON "payment_plan_instalments" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "payment_plan_items_plan_idx" ON "payment_plan_items" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_one_open_uq" ON "payment_plans" USING btree ("user_id") WHERE "payment_plans"."status" in ('pending_review', 'active');--> statement-breakpoint
CREATE INDEX "payment_plans_status_idx" ON "payment_plans" USING btree ("status","created_at");
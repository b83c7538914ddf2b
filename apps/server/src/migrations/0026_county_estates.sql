CREATE TABLE "estate_houses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estate_code" text NOT NULL,
	"block" text,
	"house_no" text NOT NULL,
	"use" text NOT NULL,
	"size" text NOT NULL,
	"monthly_rent_cents" bigint NOT NULL,
	CONSTRAINT "estate_houses_rent_ck" CHECK ("estate_houses"."monthly_rent_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "estates" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sub_county_code" text,
	"due_day" integer DEFAULT 10 NOT NULL,
	"penalty_ppm" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenancies" (
	"tenancy_no" text PRIMARY KEY NOT NULL,
	"house_id" uuid NOT NULL,
	"user_id" uuid,
	"tenant_name" text NOT NULL,
	"tenant_id_number" text,
	"tenant_phone" text,
	"start_date" date NOT NULL,
	"rent_from" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"obligation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estate_houses" ADD CONSTRAINT "estate_houses_estate_code_estates_code_fk" FOREIGN KEY ("estate_code") REFERENCES "public"."estates"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_house_id_estate_houses_id_fk" FOREIGN KEY ("house_id") REFERENCES "public"."estate_houses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_obligation_id_standing_obligations_id_fk" FOREIGN KEY ("obligation_id") REFERENCES "public"."standing_obligations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estate_houses_no_uq" ON "estate_houses" USING btree ("estate_code","house_no");--> statement-breakpoint
CREATE INDEX "tenancies_user_idx" ON "tenancies" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenancies_house_active_uq" ON "tenancies" USING btree ("house_id") WHERE "tenancies"."status" = 'active';
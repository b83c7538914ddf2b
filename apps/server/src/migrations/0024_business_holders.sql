CREATE TABLE "business_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"application_no" text,
	"decision_reason" text,
	"decided_by" uuid,
	"recommended_by" uuid,
	"recommended_at" timestamp with time zone,
	"recommendation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "in_register" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_claims" ADD CONSTRAINT "business_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_claims_open_uq" ON "business_claims" USING btree ("business_id","user_id") WHERE "business_claims"."status" in ('pending', 'recommended');--> statement-breakpoint
CREATE INDEX "business_claims_status_idx" ON "business_claims" USING btree ("status","created_at");--> statement-breakpoint
-- Decision 029: the businesses nobody held until now were the county register's (seeded).
UPDATE "businesses" SET "in_register" = true WHERE "user_id" IS NULL;--> statement-breakpoint
-- Nobody holds a business before its first permit is paid: a KRA PIN the register does not know,
-- typed by an account in an application never paid, is nobody's again.
UPDATE "businesses" SET "user_id" = NULL
WHERE NOT "in_register" AND "user_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "business_permits" WHERE "business_permits"."business_id" = "businesses"."id");

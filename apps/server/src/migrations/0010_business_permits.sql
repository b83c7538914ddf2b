CREATE TABLE "business_activities" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"sub_category" text NOT NULL,
	"industry" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_permits" (
	"document_id" text PRIMARY KEY NOT NULL,
	"business_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"application_no" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"renewed_by" text
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"subsidiary_name" text,
	"kra_pin" text NOT NULL,
	"reg_no" text,
	"postal_address" text,
	"postal_code" text,
	"phone" text,
	"email" text,
	"contact_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permit_reminders" (
	"document_id" text NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permit_reminders_document_id_days_before_pk" PRIMARY KEY("document_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "pest_control_providers" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"licence_no" text NOT NULL,
	"phone" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pest_control_services" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"products" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postal_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"post_office" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "business_permits" ADD CONSTRAINT "business_permits_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_activities_industry_idx" ON "business_activities" USING btree ("industry");--> statement-breakpoint
CREATE INDEX "business_permits_business_idx" ON "business_permits" USING btree ("business_id","service_id","expires_at");--> statement-breakpoint
CREATE INDEX "business_permits_expiry_idx" ON "business_permits" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_kra_pin_uq" ON "businesses" USING btree ("kra_pin");--> statement-breakpoint
CREATE INDEX "businesses_reg_no_idx" ON "businesses" USING btree (upper("reg_no"));--> statement-breakpoint
CREATE INDEX "businesses_user_idx" ON "businesses" USING btree ("user_id");
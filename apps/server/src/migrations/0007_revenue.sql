ALTER TABLE "bills" ADD COLUMN "sub_county_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolution_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Bills raised before: the sub-county of a parcel's rates bill, and of an application that named one.
UPDATE "bills" SET "sub_county_code" = "parcels"."sub_county_code"
FROM "parcels" WHERE "bills"."source_key" LIKE 'land-rates:%' AND "bills"."sub_county_code" IS NULL
AND "parcels"."lr_key" = upper(regexp_replace(split_part("bills"."source_key", ':', 2), '\s+', '', 'g'));
--> statement-breakpoint
UPDATE "bills" SET "sub_county_code" = "applications"."values"->>'sub_county_code'
FROM "applications" WHERE "applications"."bill_no" = "bills"."bill_no" AND "bills"."sub_county_code" IS NULL
AND ("applications"."values"->>'sub_county_code') IS NOT NULL;

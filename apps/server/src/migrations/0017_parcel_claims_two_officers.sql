DROP INDEX "parcel_claims_pending_uq";--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD COLUMN "recommended_by" uuid;--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD COLUMN "recommended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD COLUMN "recommendation_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_claims_pending_uq" ON "parcel_claims" USING btree ("parcel_id","user_id") WHERE "parcel_claims"."status" in ('pending', 'recommended');
CREATE TABLE "parcel_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parcel_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"decision_reason" text,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD CONSTRAINT "parcel_claims_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_claims" ADD CONSTRAINT "parcel_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parcel_claims_pending_uq" ON "parcel_claims" USING btree ("parcel_id","user_id") WHERE "parcel_claims"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "parcel_claims_status_idx" ON "parcel_claims" USING btree ("status","created_at");
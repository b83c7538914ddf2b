CREATE SEQUENCE "public"."customer_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"session_id" uuid,
	"phone_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_no" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"sur_name" text NOT NULL,
	"identifier" text NOT NULL,
	"identifier_type" text NOT NULL,
	"phone_number" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'citizen' NOT NULL,
	"psv" boolean DEFAULT false NOT NULL,
	"first_time_login" boolean DEFAULT true NOT NULL,
	"mobile_number_2nd" text,
	"secondary_email" text,
	"photo" text,
	"phone_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_customer_no_unique" UNIQUE("customer_no")
);
--> statement-breakpoint
CREATE TABLE "application_counters" (
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "application_counters_prefix_year_pk" PRIMARY KEY("prefix","year")
);
--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_no" text NOT NULL,
	"user_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"values" jsonb NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	"bill_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_application_no_unique" UNIQUE("application_no")
);
--> statement-breakpoint
CREATE TABLE "fee_schedules" (
	"schedule" text NOT NULL,
	"item" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_schedules_schedule_item_pk" PRIMARY KEY("schedule","item")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"data" jsonb,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"parcel" text,
	"quantity" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_no" text NOT NULL,
	"user_id" uuid NOT NULL,
	"application_id" uuid,
	"application_no" text,
	"source_key" text,
	"service_id" text,
	"status" text NOT NULL,
	"description" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"credit_cents" bigint DEFAULT 0 NOT NULL,
	"due_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "bills_bill_no_unique" UNIQUE("bill_no"),
	CONSTRAINT "bills_amounts_ck" CHECK ("bills"."total_cents" >= 0 and "bills"."paid_cents" >= 0 and "bills"."paid_cents" <= "bills"."total_cents" and "bills"."credit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "county" (
	"code" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"portal_name" text NOT NULL,
	"currency" text DEFAULT 'KES' NOT NULL,
	"paybill" text NOT NULL,
	"bank_accounts" jsonb NOT NULL,
	"contacts" jsonb NOT NULL,
	"letterhead" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "county_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "sub_counties" (
	"code" text PRIMARY KEY NOT NULL,
	"county_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wards" (
	"code" text PRIMARY KEY NOT NULL,
	"sub_county_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"owner_user_id" uuid,
	"subject" text,
	"holder_name" text NOT NULL,
	"amount_cents" bigint,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"token" text NOT NULL,
	"kid" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revocation_reason" text
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "mpesa_callbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"body" jsonb NOT NULL,
	"outcome" text DEFAULT 'received' NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"bill_id" uuid,
	"bill_no" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount_requested_cents" bigint NOT NULL,
	"amount_paid_cents" bigint,
	"phone_number" text,
	"payer_name" text,
	"merchant_request_id" text,
	"checkout_request_id" text,
	"mpesa_receipt_number" text,
	"result_code" integer,
	"result_desc" text,
	"message" text,
	"applied_at" timestamp with time zone,
	"unmatched_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"last_queried_at" timestamp with time zone,
	"query_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payments_checkout_request_id_unique" UNIQUE("checkout_request_id"),
	CONSTRAINT "payments_mpesa_receipt_number_unique" UNIQUE("mpesa_receipt_number"),
	CONSTRAINT "payments_amounts_ck" CHECK ("payments"."amount_requested_cents" > 0 and ("payments"."amount_paid_cents" is null or "payments"."amount_paid_cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "identity_qr_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"qid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_qr_codes_qid_unique" UNIQUE("qid")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_no" text NOT NULL,
	"first_name" text NOT NULL,
	"middle_name" text,
	"sur_name" text NOT NULL,
	"department" text NOT NULL,
	"designation" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"qid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_staff_no_unique" UNIQUE("staff_no"),
	CONSTRAINT "staff_qid_unique" UNIQUE("qid")
);
--> statement-breakpoint
CREATE TABLE "customer_parcels" (
	"parcel_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ground_rent_service_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ground_rent_zones" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sub_county_code" text NOT NULL,
	"ward_code" text NOT NULL,
	"ground_rent_cents" bigint NOT NULL,
	"stand_premium_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "land_consultants" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"firm" text NOT NULL,
	"profession" text NOT NULL,
	"licence_no" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "land_rating_settings" (
	"county_code" text PRIMARY KEY NOT NULL,
	"penalty_monthly_ppm" integer NOT NULL,
	"valuation_roll" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "land_reasons" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "land_services" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "land_uses" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"rate_ppm" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lr_number" text NOT NULL,
	"lr_key" text NOT NULL,
	"sub_county_code" text NOT NULL,
	"ward_code" text NOT NULL,
	"land_use_code" text NOT NULL,
	"area_sq_ft" integer NOT NULL,
	"site_value_cents" bigint NOT NULL,
	"arrears_cents" bigint DEFAULT 0 NOT NULL,
	"owner_name" text NOT NULL,
	"owner_identifier" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "land_survey_service_types" (
	"code" text PRIMARY KEY NOT NULL,
	"land_service_code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"fee_cents" bigint NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_counties" ADD CONSTRAINT "sub_counties_county_code_county_code_fk" FOREIGN KEY ("county_code") REFERENCES "public"."county"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wards" ADD CONSTRAINT "wards_sub_county_code_sub_counties_code_fk" FOREIGN KEY ("sub_county_code") REFERENCES "public"."sub_counties"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_qr_codes" ADD CONSTRAINT "identity_qr_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_parcels" ADD CONSTRAINT "customer_parcels_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_parcels" ADD CONSTRAINT "customer_parcels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ground_rent_zones" ADD CONSTRAINT "ground_rent_zones_sub_county_code_sub_counties_code_fk" FOREIGN KEY ("sub_county_code") REFERENCES "public"."sub_counties"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ground_rent_zones" ADD CONSTRAINT "ground_rent_zones_ward_code_wards_code_fk" FOREIGN KEY ("ward_code") REFERENCES "public"."wards"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_sub_county_code_sub_counties_code_fk" FOREIGN KEY ("sub_county_code") REFERENCES "public"."sub_counties"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_ward_code_wards_code_fk" FOREIGN KEY ("ward_code") REFERENCES "public"."wards"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_land_use_code_land_uses_code_fk" FOREIGN KEY ("land_use_code") REFERENCES "public"."land_uses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "land_survey_service_types" ADD CONSTRAINT "land_survey_service_types_land_service_code_land_services_code_fk" FOREIGN KEY ("land_service_code") REFERENCES "public"."land_services"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_outbox_phone_idx" ON "sms_outbox" USING btree ("phone_number","id");--> statement-breakpoint
CREATE INDEX "otp_codes_user_idx" ON "otp_codes" USING btree ("user_id","purpose","state");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "users_identifier_uq" ON "users" USING btree (upper("identifier"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("phone_number");--> statement-breakpoint
CREATE INDEX "application_events_app_idx" ON "application_events" USING btree ("application_id","at");--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "applications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_bill_no_uq" ON "applications" USING btree ("bill_no") WHERE "applications"."bill_no" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","at");--> statement-breakpoint
CREATE INDEX "bill_lines_bill_idx" ON "bill_lines" USING btree ("bill_id","position");--> statement-breakpoint
CREATE INDEX "bills_user_idx" ON "bills" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bills_application_idx" ON "bills" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "bills_source_idx" ON "bills" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "wards_sub_county_idx" ON "wards" USING btree ("sub_county_code");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_kind_number_uq" ON "documents" USING btree ("kind","number");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "documents_subject_idx" ON "documents" USING btree ("subject");--> statement-breakpoint
CREATE INDEX "documents_number_idx" ON "documents" USING btree ("number");--> statement-breakpoint
CREATE INDEX "drafts_user_idx" ON "drafts" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "mpesa_callbacks_reference_idx" ON "mpesa_callbacks" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_bill_idx" ON "payments" USING btree ("bill_id","status");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_phone_idx" ON "payments" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_parcels_user_idx" ON "customer_parcels" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ground_rent_zones_ward_idx" ON "ground_rent_zones" USING btree ("sub_county_code","ward_code");--> statement-breakpoint
CREATE UNIQUE INDEX "parcels_lr_key_uq" ON "parcels" USING btree ("lr_key");--> statement-breakpoint
CREATE INDEX "parcels_owner_idx" ON "parcels" USING btree ("owner_identifier");
CREATE TABLE "application_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_type" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loading_zone_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parking_buildings" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"road_code" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parking_cover_plates" (
	"plate" text NOT NULL,
	"document_id" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	CONSTRAINT "parking_cover_plates_document_id_plate_pk" PRIMARY KEY("document_id","plate")
);
--> statement-breakpoint
CREATE TABLE "parking_covers" (
	"document_id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"service_id" text NOT NULL,
	"application_no" text,
	"zone_code" text,
	"place" text,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"renewed_by" text
);
--> statement-breakpoint
CREATE TABLE "parking_roads" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"zone_code" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "psv_stickers" (
	"plate" text NOT NULL,
	"year" integer NOT NULL,
	"sacco_id" uuid NOT NULL,
	"seats" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bill_no" text NOT NULL,
	"status" text NOT NULL,
	"document_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "psv_stickers_plate_year_pk" PRIMARY KEY("plate","year")
);
--> statement-breakpoint
CREATE TABLE "sacco_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sacco_id" uuid NOT NULL,
	"plate" text NOT NULL,
	"seats" integer NOT NULL,
	"route" text NOT NULL,
	"owner_name" text NOT NULL,
	"owner_phone" text,
	"old_plate" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saccos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"registration_no" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_comments" ADD CONSTRAINT "application_comments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_buildings" ADD CONSTRAINT "parking_buildings_road_code_parking_roads_code_fk" FOREIGN KEY ("road_code") REFERENCES "public"."parking_roads"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_cover_plates" ADD CONSTRAINT "parking_cover_plates_document_id_parking_covers_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."parking_covers"("document_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_covers" ADD CONSTRAINT "parking_covers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_roads" ADD CONSTRAINT "parking_roads_zone_code_parking_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."parking_zones"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psv_stickers" ADD CONSTRAINT "psv_stickers_sacco_id_saccos_id_fk" FOREIGN KEY ("sacco_id") REFERENCES "public"."saccos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sacco_vehicles" ADD CONSTRAINT "sacco_vehicles_sacco_id_saccos_id_fk" FOREIGN KEY ("sacco_id") REFERENCES "public"."saccos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saccos" ADD CONSTRAINT "saccos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_comments_app_idx" ON "application_comments" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "parking_cover_plates_plate_idx" ON "parking_cover_plates" USING btree ("plate","valid_until");--> statement-breakpoint
CREATE INDEX "parking_covers_user_idx" ON "parking_covers" USING btree ("user_id","valid_until");--> statement-breakpoint
CREATE INDEX "psv_stickers_bill_idx" ON "psv_stickers" USING btree ("bill_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sacco_vehicles_plate_uq" ON "sacco_vehicles" USING btree ("plate");--> statement-breakpoint
CREATE INDEX "sacco_vehicles_sacco_idx" ON "sacco_vehicles" USING btree ("sacco_id");--> statement-breakpoint
CREATE INDEX "sacco_vehicles_old_plate_idx" ON "sacco_vehicles" USING btree ("old_plate");--> statement-breakpoint
CREATE UNIQUE INDEX "saccos_registration_uq" ON "saccos" USING btree ("registration_no");--> statement-breakpoint
CREATE INDEX "saccos_user_idx" ON "saccos" USING btree ("user_id");
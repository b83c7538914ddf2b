CREATE TABLE "parking_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"plate" text NOT NULL,
	"zone_code" text NOT NULL,
	"vehicle_type" text NOT NULL,
	"day" date NOT NULL,
	"bill_no" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"user_id" uuid,
	"document_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "parking_zones" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parking_tickets" ADD CONSTRAINT "parking_tickets_zone_code_parking_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."parking_zones"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parking_tickets" ADD CONSTRAINT "parking_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parking_tickets_plate_zone_day_uq" ON "parking_tickets" USING btree ("plate","zone_code","day");--> statement-breakpoint
CREATE INDEX "parking_tickets_plate_day_idx" ON "parking_tickets" USING btree ("plate","day");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_tickets_bill_uq" ON "parking_tickets" USING btree ("bill_no");
CREATE TABLE "booking_holds" (
	"resource_kind" text NOT NULL,
	"resource" text NOT NULL,
	"unit" text NOT NULL,
	"application_id" uuid NOT NULL,
	"hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_holds_resource_kind_resource_unit_pk" PRIMARY KEY("resource_kind","resource","unit")
);
--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_holds_application_idx" ON "booking_holds" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "booking_holds_unpaid_idx" ON "booking_holds" USING btree ("hold_until") WHERE "booking_holds"."hold_until" is not null;
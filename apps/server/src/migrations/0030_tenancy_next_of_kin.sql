CREATE TABLE "tenancy_next_of_kin" (
	"tenancy_no" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"id_number" text NOT NULL,
	"relationship" text NOT NULL,
	"phone" text NOT NULL,
	"application_no" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenancy_next_of_kin" ADD CONSTRAINT "tenancy_next_of_kin_tenancy_no_tenancies_tenancy_no_fk" FOREIGN KEY ("tenancy_no") REFERENCES "public"."tenancies"("tenancy_no") ON DELETE no action ON UPDATE no action;
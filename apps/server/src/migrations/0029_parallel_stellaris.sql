CREATE TABLE "toilet_faults" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"toilet_code" text NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"status" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid
);
--> statement-breakpoint
CREATE INDEX "toilet_faults_open_idx" ON "toilet_faults" USING btree ("status","toilet_code");
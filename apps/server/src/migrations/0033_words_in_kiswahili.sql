ALTER TABLE "applications" ADD COLUMN "value_labels_sw" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "description_sw" text;--> statement-breakpoint
ALTER TABLE "standing_obligations" ADD COLUMN "description_sw" text;--> statement-breakpoint
ALTER TABLE "service_tickets" ADD COLUMN "labels_sw" jsonb DEFAULT '{}'::jsonb NOT NULL;
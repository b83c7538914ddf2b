ALTER TABLE "applications" ADD COLUMN "value_labels" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "printed" jsonb;
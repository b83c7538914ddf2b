ALTER TABLE "documents" ADD COLUMN "short_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_short_code_uq" ON "documents" USING btree ("short_code");
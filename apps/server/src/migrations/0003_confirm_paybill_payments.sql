ALTER TABLE "payments" ADD COLUMN "status_query_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_status_query_uq" ON "payments" USING btree ("status_query_id");
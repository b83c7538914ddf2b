ALTER TABLE "tenancies" ADD COLUMN "application_no" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tenancies_application_uq" ON "tenancies" USING btree ("application_no");
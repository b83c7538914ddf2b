DROP INDEX "parking_tickets_plate_zone_day_uq";--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "holder_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A daily ticket's holder is its vehicle ("Vehicle KDA 123A"): E-Verify shows it as it is.
UPDATE "documents" SET "holder_public" = true WHERE "id" IN (SELECT "document_id" FROM "parking_tickets" WHERE "document_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "parking_tickets" ADD COLUMN "ticket_no" text;--> statement-breakpoint
-- Tickets made before: a number of their own (a paid one's document keeps the number it printed).
UPDATE "parking_tickets" SET "ticket_no" = 'PKT-' || to_char("day", 'YYYY') || '-' || upper(substr(md5("id" || random()::text), 1, 10));--> statement-breakpoint
ALTER TABLE "parking_tickets" ALTER COLUMN "ticket_no" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "parking_tickets_no_uq" ON "parking_tickets" USING btree ("ticket_no");--> statement-breakpoint
CREATE UNIQUE INDEX "parking_tickets_plate_zone_day_uq" ON "parking_tickets" USING btree ("plate","zone_code","day") WHERE "parking_tickets"."status" <> 'revoked';

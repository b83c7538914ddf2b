DROP INDEX "drafts_user_idx";--> statement-breakpoint
CREATE INDEX "drafts_user_idx" ON "drafts" USING btree ("user_id");--> statement-breakpoint
-- Room on each page for a saved draft's new version, so a save updates in place (a HOT update).
ALTER TABLE "drafts" SET (fillfactor = 70);

CREATE TABLE "officers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"staff_no" text,
	"roles" text[] NOT NULL,
	"areas" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"must_set_password" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "officers" ADD CONSTRAINT "officers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officers" ADD CONSTRAINT "officers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_queue_idx" ON "applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
-- Officers made before roles existed (users.role = 'staff') keep working as approvers of every area.
INSERT INTO "officers" ("user_id", "roles", "areas", "must_set_password")
SELECT "id", ARRAY['approver'], ARRAY['*'], false FROM "users" WHERE "role" = 'staff'
ON CONFLICT DO NOTHING;

CREATE TABLE "renewable_documents" (
	"document_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"application_no" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"renewed_by" text
);
--> statement-breakpoint
ALTER TABLE "renewable_documents" ADD CONSTRAINT "renewable_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewable_documents_user_idx" ON "renewable_documents" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "renewable_documents_expiry_idx" ON "renewable_documents" USING btree ("expires_at");
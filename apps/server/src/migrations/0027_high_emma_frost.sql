CREATE TABLE "service_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_no" text NOT NULL,
	"service_id" text NOT NULL,
	"obligation" text NOT NULL,
	"once" boolean NOT NULL,
	"answers" jsonb NOT NULL,
	"labels" jsonb NOT NULL,
	"plate" text,
	"period" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"bill_no" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"user_id" uuid,
	"document_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "service_tickets" ADD CONSTRAINT "service_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_tickets_standing_uq" ON "service_tickets" USING btree ("obligation") WHERE "service_tickets"."status" = 'pending' or ("service_tickets"."once" and "service_tickets"."status" = 'paid');--> statement-breakpoint
CREATE UNIQUE INDEX "service_tickets_no_uq" ON "service_tickets" USING btree ("ticket_no");--> statement-breakpoint
CREATE UNIQUE INDEX "service_tickets_bill_uq" ON "service_tickets" USING btree ("bill_no");--> statement-breakpoint
CREATE INDEX "service_tickets_plate_idx" ON "service_tickets" USING btree ("plate","valid_until");--> statement-breakpoint
CREATE INDEX "service_tickets_document_idx" ON "service_tickets" USING btree ("document_id");
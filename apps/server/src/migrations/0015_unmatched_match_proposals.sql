ALTER TABLE "payments" ADD COLUMN "proposed_bill_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "proposed_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_proposed_bill_id_bills_id_fk" FOREIGN KEY ("proposed_bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
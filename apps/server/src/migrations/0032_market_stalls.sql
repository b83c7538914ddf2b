CREATE TABLE "market_stalls" (
	"stall_no" text PRIMARY KEY NOT NULL,
	"market_code" text NOT NULL,
	"stall_type" text NOT NULL,
	"monthly_rent_cents" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "market_stalls_rent_ck" CHECK ("market_stalls"."monthly_rent_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "stall_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stall_no" text NOT NULL,
	"user_id" uuid,
	"trader_name" text NOT NULL,
	"goods_sold" text NOT NULL,
	"application_no" text,
	"allocated_on" date NOT NULL,
	"rent_from" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"obligation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stall_allocations_application_no_unique" UNIQUE("application_no")
);
--> statement-breakpoint
ALTER TABLE "stall_allocations" ADD CONSTRAINT "stall_allocations_stall_no_market_stalls_stall_no_fk" FOREIGN KEY ("stall_no") REFERENCES "public"."market_stalls"("stall_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stall_allocations" ADD CONSTRAINT "stall_allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stall_allocations" ADD CONSTRAINT "stall_allocations_obligation_id_standing_obligations_id_fk" FOREIGN KEY ("obligation_id") REFERENCES "public"."standing_obligations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_stalls_market_idx" ON "market_stalls" USING btree ("market_code","stall_type");--> statement-breakpoint
CREATE INDEX "stall_allocations_user_idx" ON "stall_allocations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stall_allocations_stall_active_uq" ON "stall_allocations" USING btree ("stall_no") WHERE "stall_allocations"."status" = 'active';
CREATE TABLE "fee_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"schedule" text NOT NULL,
	"item" text NOT NULL,
	"effective_from" date NOT NULL,
	"description" text NOT NULL,
	"description_sw" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"previous_cents" bigint,
	"reason" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_items" (
	"list" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_sw" text NOT NULL,
	"parent" text,
	"position" integer NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "reference_items_list_code_pk" PRIMARY KEY("list","code")
);
--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD COLUMN "effective_from" date DEFAULT '2000-01-01' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD COLUMN "description_sw" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD COLUMN "source" text DEFAULT 'seed' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD COLUMN "proposed_by" uuid;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD COLUMN "confirmed_by" uuid;--> statement-breakpoint
-- A row's key is now its schedule, item and first day: the rows already here count from the start.
ALTER TABLE "fee_schedules" DROP CONSTRAINT "fee_schedules_schedule_item_pk";--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_schedule_item_effective_from_pk" PRIMARY KEY("schedule","item","effective_from");--> statement-breakpoint
ALTER TABLE "fee_changes" ADD CONSTRAINT "fee_changes_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_changes" ADD CONSTRAINT "fee_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fee_changes_one_open" ON "fee_changes" USING btree ("schedule","item","effective_from") WHERE "fee_changes"."status" = 'proposed';--> statement-breakpoint
CREATE INDEX "fee_changes_status" ON "fee_changes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reference_items_parent" ON "reference_items" USING btree ("list","parent");--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_schedules" ADD CONSTRAINT "fee_schedules_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
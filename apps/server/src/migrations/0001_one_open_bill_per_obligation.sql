ALTER TABLE "bills" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "receipt_name" text;--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "rates_paid_year" integer;--> statement-breakpoint
-- Bills raised before the rule: whom each was addressed to, and the receipt's name of paid ones,
-- are the account holder's name (the best record there is of it).
UPDATE "bills" SET "customer_name" = trim(concat_ws(' ', u."first_name", nullif(u."middle_name", ''), u."sur_name"))
  FROM "users" u WHERE u."id" = "bills"."user_id" AND "bills"."customer_name" IS NULL;--> statement-breakpoint
UPDATE "bills" SET "receipt_name" = "customer_name" WHERE "status" = 'paid' AND "receipt_name" IS NULL;--> statement-breakpoint
-- A parcel-year billed to several accounts before the rule: keep the open bill with the most paid
-- (then the oldest) and cancel the other, unpaid ones, with an audit row each.
WITH ranked AS (
  SELECT "id", "bill_no", "status", "paid_cents",
         row_number() OVER (PARTITION BY "source_key" ORDER BY "paid_cents" DESC, "created_at" ASC) AS n
  FROM "bills"
  WHERE "source_key" IS NOT NULL AND "status" IN ('unpaid', 'partially_paid')
), cancelled AS (
  UPDATE "bills" b SET "status" = 'cancelled', "updated_at" = now()
  FROM ranked r WHERE b."id" = r."id" AND r.n > 1 AND r."paid_cents" = 0
  RETURNING b."bill_no", r."status" AS from_state
)
INSERT INTO "audit_log" ("actor_type", "actor_id", "entity_type", "entity_id", "action", "from_state", "to_state", "data")
SELECT 'system', 'migration-0001', 'bill', "bill_no", 'cancelled', from_state, 'cancelled',
       '{"reason":"a second open bill for the same obligation (decision 007)"}'::jsonb
FROM cancelled;--> statement-breakpoint
-- Paid rates bills settle the parcel register.
UPDATE "parcels" p SET "rates_paid_year" = paid.year, "arrears_cents" = 0
  FROM (
    SELECT split_part("source_key", ':', 2) AS lr_key, max(split_part("source_key", ':', 3)::int) AS year
    FROM "bills" WHERE "source_key" LIKE 'land-rates:%' AND "status" = 'paid' GROUP BY 1
  ) paid
  WHERE p."lr_key" = paid.lr_key;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_open_obligation_uq" ON "bills" USING btree ("source_key") WHERE "bills"."source_key" is not null and "bills"."status" in ('unpaid', 'partially_paid');
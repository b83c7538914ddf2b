import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/**
 * Payment plans (decision 037): a citizen's arrears paid in 2 to 12 monthly instalments. At most
 * one open plan (waiting or active) per account. What it covers is moved into it when granted
 * (`payment_plan_items`), so no other bill asks for the same money; its instalments
 * (`payment_plan_instalments`) are billed one by one (source key "payment-plan:<plan_no>:<n>").
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planNo: text('plan_no').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', {
      enum: ['pending_review', 'active', 'refused', 'withdrawn', 'completed', 'defaulted'],
    }).notNull(),
    /** What it covers (the sum of its instalments), in cents. */
    arrearsCents: bigint('arrears_cents', { mode: 'number' }).notNull(),
    instalmentCount: integer('instalment_count').notNull(),
    /** A revenue officer decided it (it was above the county's limits). */
    needsOfficer: boolean('needs_officer').notNull().default(false),
    decidedBy: uuid('decided_by').references(() => users.id),
    reason: text('reason'),
    /** The debts it covers as asked (shown while waiting; moved when granted). */
    asked:
      jsonb('asked').$type<
        { kind: string; reference: string; description: string; amount_cents: number }[]
      >(),
    documentId: text('document_id'),
    restBillNo: text('rest_bill_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_plans_one_open_uq')
      .on(t.userId)
      .where(sql`${t.status} in ('pending_review', 'active')`),
    index('payment_plans_status_idx').on(t.status, t.createdAt),
    check('payment_plans_terms_ck', sql`${t.arrearsCents} > 0 and ${t.instalmentCount} between 2 and 12`),
  ],
);

/** A debt moved into a plan when it was granted: a standing obligation's balance, or a bill's. */
export const paymentPlanItems = pgTable(
  'payment_plan_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['standing', 'bill'] }).notNull(),
    /** The standing obligation's id, or the bill's number. */
    sourceId: text('source_id').notNull(),
    reference: text('reference').notNull(),
    description: text('description').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('payment_plan_items_plan_idx').on(t.planId)],
);

/** An instalment: due on its day, billed from a month before, reminded once three days before. */
export const paymentPlanInstalments = pgTable(
  'payment_plan_instalments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['scheduled', 'billed', 'paid', 'missed', 'fallen_due'] }).notNull(),
    billNo: text('bill_no'),
    /** Claimed by the one instance that sends its reminder (set before the SMS goes). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_plan_instalments_uq').on(t.planId, t.number),
    index('payment_plan_instalments_due_idx').on(t.status, t.dueDate),
    check('payment_plan_instalments_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

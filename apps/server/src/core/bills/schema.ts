import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/**
 * Bills: what a citizen owes. `bill_no` is the M-Pesa AccountReference and the paybill account
 * number (at most 12 characters). Money is integer cents. The balance is derived
 * (total − paid, never below 0) and an overpayment is kept as `credit_cents`, so
 * paid_cents = min(total, everything paid) and credit_cents = whatever came in beyond it.
 */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billNo: text('bill_no').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The application that raised it (null for e.g. a land rates bill). No FK: applications sit above bills. */
    applicationId: uuid('application_id'),
    applicationNo: text('application_no'),
    /** What raised it, for an area to find its own bills again, e.g. "land-rates:209/10001:2026". */
    sourceKey: text('source_key'),
    serviceId: text('service_id'),
    status: text('status', { enum: ['unpaid', 'partially_paid', 'paid', 'cancelled'] }).notNull(),
    description: text('description').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('bills_user_idx').on(t.userId, t.createdAt),
    index('bills_application_idx').on(t.applicationId),
    index('bills_source_idx').on(t.sourceKey),
    check(
      'bills_amounts_ck',
      sql`${t.totalCents} >= 0 and ${t.paidCents} >= 0 and ${t.paidCents} <= ${t.totalCents} and ${t.creditCents} >= 0`,
    ),
  ],
);

/** The lines of a bill: Amount (cents), Description, Parcel (the LR number for land lines). */
export const billLines = pgTable(
  'bill_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    parcel: text('parcel'),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [index('bill_lines_bill_idx').on(t.billId, t.position)],
);

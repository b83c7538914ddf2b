import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /**
     * The account whose obligations the bill sits on. Null for a bill raised for a thing that no
     * account holds yet (a parcel linked to nobody): anyone may still pay it by its number.
     */
    userId: uuid('user_id').references(() => users.id),
    /** The application that raised it (null for e.g. a land rates bill). No FK: applications sit above bills. */
    applicationId: uuid('application_id'),
    applicationNo: text('application_no'),
    /**
     * The obligation it bills: the thing and its period, e.g. "land-rates:209/10001:2026". At
     * most one open bill per obligation (partial unique index below); null for application fees.
     */
    sourceKey: text('source_key'),
    /** Whom the bill is addressed to, as it was when raised (the rated owner, the applicant). */
    customerName: text('customer_name'),
    /** The customer's name as it was when the bill became paid: what the receipt prints, forever. */
    receiptName: text('receipt_name'),
    serviceId: text('service_id'),
    /** The sub-county the billed thing is in (a parcel's, an application's), for the collections report. */
    subCountyCode: text('sub_county_code'),
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
    uniqueIndex('bills_open_obligation_uq')
      .on(t.sourceKey)
      .where(sql`${t.sourceKey} is not null and ${t.status} in ('unpaid', 'partially_paid')`),
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
    /** The tariff item it was priced by (an activity and size, a charge): the permit's charge code. */
    code: text('code'),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [index('bill_lines_bill_idx').on(t.billId, t.position)],
);

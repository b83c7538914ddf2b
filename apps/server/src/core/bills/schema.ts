import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
    /** The same in Kiswahili, where the raiser wrote it (issue 36 item 23); else the English shows. */
    descriptionSw: text('description_sw'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Of `paid_cents`, what was settled without money (its debt moved into a payment plan, which
     * bills it anew): a receipt acknowledges only the rest, what was received.
     */
    settledCents: bigint('settled_cents', { mode: 'number' }).notNull().default(0),
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
    /** Its words in Kiswahili (the tariff row's `description_sw`), where known (issue 36 item 23). */
    descriptionSw: text('description_sw'),
    parcel: text('parcel'),
    /** The tariff item it was priced by (an activity and size, a charge): the permit's charge code. */
    code: text('code'),
    quantity: integer('quantity').notNull().default(1),
  },
  (t) => [index('bill_lines_bill_idx').on(t.billId, t.position)],
);

/**
 * Who asked for a bill that sits on another account (issue 36 item 21): a relative asking for a
 * parcel's rates bill through the land area's ask flow. The asker finds that bill afterwards
 * ("bills you asked for", `/payment`), and only that bill, its owner's name masked unless the
 * area said the asker is the owner the bill is addressed to (`masked` false). Once per account
 * and bill.
 */
export const billRequests = pgTable(
  'bill_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    masked: boolean('masked').notNull().default(true),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bill_requests_user_bill_uq').on(t.userId, t.billId),
    index('bill_requests_bill_idx').on(t.billId),
  ],
);

/**
 * Standing obligations (decision 028): a charge owed every period (a month) from a first period
 * on — a county house's rent, a market stall's — by a `kind` of the area that owns the thing and
 * its `reference` (a tenancy number). Its charges are raised by one job (standing-charges.ts),
 * once each whatever the instances; payments come from its bills (source key "standing:<id>").
 */
export const standingObligations = pgTable(
  'standing_obligations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The area's kind of obligation, e.g. "county-rent". */
    kind: text('kind').notNull(),
    /** The area's own number for the thing, e.g. the tenancy number. */
    reference: text('reference').notNull(),
    /** The account that holds it (null when none does yet). */
    userId: uuid('user_id').references(() => users.id),
    /** Whom its bills are addressed to. */
    customerName: text('customer_name').notNull(),
    /** What it is, for bills and statements: "County rent, Kaloleni house K-114". */
    description: text('description').notNull(),
    /** The same in Kiswahili ("Kodi ya nyumba ya kaunti, …"), where its area wrote it. */
    descriptionSw: text('description_sw'),
    period: text('period', { enum: ['month'] })
      .notNull()
      .default('month'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The first period owed (its first day). */
    startPeriod: date('start_period', { mode: 'string' }).notNull(),
    /** The last period owed, once it ends. */
    endPeriod: date('end_period', { mode: 'string' }),
    /** The last period whose charge the job has raised: the next run starts after it. */
    raisedThrough: date('raised_through', { mode: 'string' }),
    dueDay: integer('due_day').notNull(),
    penaltyPpm: integer('penalty_ppm').notNull().default(0),
    subCountyCode: text('sub_county_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('standing_obligations_ref_uq').on(t.kind, t.reference),
    index('standing_obligations_user_idx').on(t.userId),
    check(
      'standing_obligations_terms_ck',
      sql`${t.amountCents} > 0 and ${t.dueDay} between 1 and 28 and ${t.penaltyPpm} >= 0`,
    ),
  ],
);

/** A period's charge or its late penalty: at most one of each per obligation and period. */
export const standingCharges = pgTable(
  'standing_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    obligationId: uuid('obligation_id')
      .notNull()
      .references(() => standingObligations.id, { onDelete: 'cascade' }),
    period: date('period', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['charge', 'penalty'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('standing_charges_once_uq').on(t.obligationId, t.period, t.kind),
    check('standing_charges_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

/**
 * What another bill carries of a standing obligation's balance (a tenancy transfer's bill carries
 * the rent in arrears, decision 036): while that bill is open, the obligation's own bills and a
 * payment plan leave the amount to it, so the same money is never asked for twice (decision 028).
 * Once the carrying bill is paid, the area counts the amount into the ledger (`settleFrom`); once
 * it is cancelled, the amount is asked for by the obligation again.
 */
export const standingCarries = pgTable(
  'standing_carries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    obligationId: uuid('obligation_id')
      .notNull()
      .references(() => standingObligations.id, { onDelete: 'cascade' }),
    /** The bill that carries it. */
    billNo: text('bill_no').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What carries it (the application number): one carry each. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('standing_carries_once_uq').on(t.obligationId, t.reference),
    index('standing_carries_bill_idx').on(t.billNo),
    check('standing_carries_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

/** Money a standing obligation's bill received (what went to its balance, not beyond it). */
export const standingPayments = pgTable(
  'standing_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    obligationId: uuid('obligation_id')
      .notNull()
      .references(() => standingObligations.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The bill it came through (null for a payment brought over from the county's old records). */
    billNo: text('bill_no'),
    reference: text('reference').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('standing_payments_obligation_idx').on(t.obligationId, t.paidAt),
    check('standing_payments_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { bills } from '../bills/schema';

/**
 * Payments: one row per M-Pesa payment attempt (an STK push the portal sent) or per payment
 * M-Pesa reported at the paybill (C2B confirmation). Money is integer cents.
 *
 * - `status` moves only through `paymentStatus` (status.ts): pending → paid | failed | cancelled,
 *   and failed → paid (a success that arrives after we gave up waiting).
 * - `mpesa_receipt_number` is UNIQUE: M-Pesa gives each payment one, so duplicate callbacks (or a
 *   C2B confirmation sent twice) can never make two payments. It is null while pending, on
 *   failures, and on an STK payment completed by `stkpushquery` before its callback arrived.
 * - `checkout_request_id` (Daraja's id of an STK prompt) is UNIQUE: callbacks and queries find
 *   the payment by it.
 * - `bill_id` is null only for a C2B payment whose account number matches no bill
 *   (`unmatched_reason` says why; county staff follow it up).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who pays (the bill's owner). Null for a C2B payment that matches no bill. */
    userId: uuid('user_id').references(() => users.id),
    billId: uuid('bill_id').references(() => bills.id),
    /** The bill number, or for an unmatched C2B payment the account number as the payer typed it. */
    billNo: text('bill_no').notNull(),
    method: text('method', { enum: ['mpesa_stk', 'mpesa_c2b'] }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'cancelled'] }).notNull(),
    /** What the portal asked M-Pesa for (STK), or what M-Pesa reported (C2B). */
    amountRequestedCents: bigint('amount_requested_cents', { mode: 'number' }).notNull(),
    /** What M-Pesa says moved; null until paid. */
    amountPaidCents: bigint('amount_paid_cents', { mode: 'number' }),
    /** The paying phone in 254 form (C2B: as Safaricom sent it, possibly masked). */
    phoneNumber: text('phone_number'),
    payerName: text('payer_name'),
    merchantRequestId: text('merchant_request_id'),
    checkoutRequestId: text('checkout_request_id').unique(),
    mpesaReceiptNumber: text('mpesa_receipt_number').unique(),
    /** Daraja's ResultCode and ResultDesc (as Daraja wrote it, for staff). */
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    /** The outcome in plain words for the citizen (English; the web app translates it). */
    message: text('message'),
    /** When the money was credited to the bill (null: not yet, or unmatched). */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** Why a paid payment could not be credited to a bill: `unknown_bill`, `bill_cancelled`. */
    unmatchedReason: text('unmatched_reason'),
    /**
     * What a revenue officer did with unmatched money (`unmatchedResolution`, status.ts):
     * `matched` (credited to the bill they named, exactly once), `refund` (to be returned to the
     * payer), or `match_proposed` (a match above REVENUE_SECOND_OFFICER_ABOVE, waiting for a
     * second revenue officer), with who, when and why.
     */
    resolution: text('resolution', { enum: ['matched', 'refund', 'match_proposed'] }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionReason: text('resolution_reason'),
    /** A proposed match: the bill, the officer who proposed it and when (their reason is `resolution_reason`). */
    proposedBillId: uuid('proposed_bill_id').references(() => bills.id),
    proposedBy: uuid('proposed_by').references(() => users.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * A paybill (C2B) payment: the ConversationID of the transaction status query that must
     * confirm it before it is credited (decision 008). Only Daraja and this server know it.
     */
    statusQueryId: text('status_query_id'),
    /** The reconciliation job's last `stkpushquery` for this payment. */
    lastQueriedAt: timestamp('last_queried_at', { withTimezone: true }),
    queryCount: integer('query_count').notNull().default(0),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_bill_idx').on(t.billId, t.status),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('payments_phone_idx').on(t.phoneNumber, t.createdAt),
    uniqueIndex('payments_status_query_uq').on(t.statusQueryId),
    check(
      'payments_amounts_ck',
      sql`${t.amountRequestedCents} > 0 and (${t.amountPaidCents} is null or ${t.amountPaidCents} > 0)`,
    ),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Idempotency keys of payment requests (`Idempotency-Key` header), per user. The first request
 * with a key claims it (`in_flight`); its successful answer is stored (`done`) and answered again
 * to a retry with the same key and the same body. The same key with another body is a 409.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** The operation, e.g. `stk-push`. */
    scope: text('scope').notNull(),
    /** sha256 of the normalised request body. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_flight', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Every request M-Pesa sent us (STK callbacks, C2B validation and confirmation), raw, with what
 * we made of it: for audit, and to replay one by hand if processing ever failed.
 */
export const mpesaCallbacks = pgTable(
  'mpesa_callbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      enum: ['stk', 'c2b_validation', 'c2b_confirmation', 'transaction_status'],
    }).notNull(),
    /** CheckoutRequestID (STK) or TransID (C2B), when the body had one. */
    reference: text('reference'),
    body: jsonb('body').notNull(),
    /** `received`, then e.g. `paid`, `failed`, `cancelled`, `duplicate`, `unknown_request`, `unparseable`, `accepted`, `rejected`, `unmatched`, `error`. */
    outcome: text('outcome').notNull().default('received'),
    paymentId: uuid('payment_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mpesa_callbacks_reference_idx').on(t.reference)],
);

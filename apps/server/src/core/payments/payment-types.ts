import type { Db } from '../../platform/db/database';
import type { c2bAccept, c2bReject } from '../../platform/mpesa/callbacks';
import type { DarajaClient } from '../../platform/mpesa/daraja-client';
import type { ApplicationService } from '../applications/application-service';
import type { Actor } from '../audit/audit';
import type { BillService } from '../bills/bill-service';

/**
 * Payments by M-Pesa: STK push (the portal asks the phone for the PIN), its callback, the status
 * query for payments whose callback never came, and C2B (a citizen pays the paybill from the
 * phone menu with the bill number as the account).
 *
 * The rules that keep money right:
 * - A payment is completed in ONE transaction that locks its row (SELECT … FOR UPDATE): the
 *   status moves through `paymentStatus`, the receipt number is recorded (UNIQUE, so any number
 *   of duplicate callbacks make one payment), the amount paid — never more than an STK prompt
 *   asked for — is credited to the bill (`bills.applyPayment`: partial payments reduce the
 *   balance, an overpayment becomes credit),
 *   the application moves on when the bill became paid, and audit rows record each step.
 * - A callback for a CheckoutRequestID we do not know is logged and answered 200.
 * - The amount of an STK push is whole shillings (M-Pesa moves no cents): the balance in cents
 *   rounded UP. The portal refuses more than that; money beyond the balance that arrives anyway
 *   at the paybill is credit on the bill; money Daraja confirms beyond an STK prompt waits for a
 *   revenue officer (unmatched, `above_prompt`).
 * - Reconciliation (`reconcileOnce`) asks `stkpushquery` about payments pending for over a
 *   minute, and gives up on those pending for over five minutes. A payment the query says is
 *   paid is completed without a receipt number (the query carries none): the web app shows
 *   "paid, receipt number pending", and the callback fills the number in if it ever arrives.
 *   The county's own receipt (receipt.pdf) does not wait for it: its number is the county's.
 */

/** M-Pesa's limit on one payment by default (MPESA_MAX_PAYMENT): KES 150,000 under the 2023 limits. */
export const MAX_PAYMENT_CENTS = 15_000_000;
/** A second prompt for the same bill or phone is refused while one younger than this is pending. */
export const PROMPT_BUSY_MS = 2 * 60_000;
/** Reconciliation asks about a payment pending for longer than this, at most this often. */
export const QUERY_AFTER_MS = 60_000;
/** A payment pending for longer than this with no answer is failed ("no answer from M-Pesa"). */
export const EXPIRE_AFTER_MS = 5 * 60_000;
/** How many payments one reconciliation run looks at. */
export const RECONCILE_BATCH = 25;
/** Limits on pushes: per user and per phone, in a sliding window (counted in the database). */
export const PUSH_LIMITS = { windowMs: 10 * 60_000, perUser: 10, perPhone: 5 } as const;
/**
 * A callback can outrun the push's own answer (the simulator calls back within milliseconds):
 * an unknown CheckoutRequestID is looked up again for a few seconds before it is declared unknown.
 */
export const UNKNOWN_CHECKOUT_RETRIES = 6;
export const UNKNOWN_CHECKOUT_WAIT_MS = 400;

/** `TransactionDesc` (at most 13 characters), shown on the payer's phone. */
export const STK_DESCRIPTION = 'County bill';
export const MPESA: Actor = { type: 'mpesa' };
export const SYSTEM: Actor = { type: 'system', id: 'reconciliation' };

export interface PaymentLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PaymentServiceDeps {
  db: Db;
  bills: BillService;
  applications: Pick<ApplicationService, 'onBillPaid'>;
  daraja: DarajaClient;
  /** The portal's public URL: Daraja calls back there. */
  publicUrl: string;
  /** The secret in the callback paths. */
  callbackSecret: string;
  log: PaymentLogger;
  /** The clock (tests move it). */
  now?: () => Date;
  /** How long to wait between looks for a callback's unknown CheckoutRequestID (tests shorten it). */
  unknownCheckoutWaitMs?: number;
  /** The most one M-Pesa payment moves, in cents (MPESA_MAX_PAYMENT). Default KES 150,000. */
  maxPaymentCents?: number;
  /** A match of unmatched money above this (cents) needs a second revenue officer. Default KES 10,000. */
  secondOfficerAboveCents?: number;
}

/** What a revenue officer's match did: credited at once, or waiting for a second officer. */
export interface MatchResult {
  status: 'matched' | 'awaiting_second_officer';
  billNo: string;
  amountCents: number;
  billStatus: string;
}

export interface StartStkPushInput {
  userId: string;
  idempotencyKey: string;
  /** The validated body: bill number upper-cased, phone in 254 form, amount in whole shillings. */
  body: { bill_no: string; phone_number: string; amount?: number | undefined };
  requestId?: string;
}

/** What became of one callback or query, for the raw log and the tests. */
export type CallbackOutcome =
  | 'paid'
  | 'failed'
  | 'cancelled'
  | 'duplicate'
  | 'receipt_recorded'
  | 'unknown_request'
  | 'unparseable'
  | 'accepted'
  | 'rejected'
  | 'unmatched'
  | 'ignored'
  | 'unconfirmed'
  | 'amount_mismatch'
  | 'error';

export interface ReconcileSummary {
  queried: number;
  paid: number;
  failed: number;
  cancelled: number;
  expired: number;
  stillPending: number;
}

export type C2bAnswer = ReturnType<typeof c2bAccept> | ReturnType<typeof c2bReject>;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The callback paths (the secret is the last segment). No "mpesa" in them: Daraja drops such URLs. */
export const CALLBACK_PATHS = {
  stk: '/api/payments/callbacks/stk',
  c2bValidation: '/api/payments/callbacks/c2b/validation',
  c2bConfirmation: '/api/payments/callbacks/c2b/confirmation',
  transactionStatus: '/api/payments/callbacks/status/result',
  transactionStatusTimeout: '/api/payments/callbacks/status/timeout',
} as const;

/** A bill reference as a payer may type it at the paybill: spaces and dashes dropped, upper case. */
export function normaliseBillRef(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

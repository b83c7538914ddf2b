import { findService } from '@kaunti/catalogue/catalogue';
import type { Bill } from '@kaunti/contract/api-bills';
import type { Obligations, Payment, PaymentStatus, StkPushResponse } from '@kaunti/contract/api-payments';
import { and, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../platform/db/database';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../platform/errors';
import { paymentOutcomes } from '../../platform/metrics';
import {
  type C2bPayment,
  type C2bRejectReason,
  c2bAccept,
  c2bReject,
  parseC2bPayload,
  parseStkCallback,
  parseTransactionStatusResult,
  resultCodeMeaning,
  type StkCallbackResult,
} from '../../platform/mpesa/callbacks';
import type { DarajaClient } from '../../platform/mpesa/daraja-client';
import { startPeriodic } from '../../platform/periodic';
import type { ApplicationService } from '../applications/application-service';
import { type Actor, recordAudit } from '../audit/audit';
import type { BillService } from '../bills/bill-service';
import { bills } from '../bills/schema';
import { createIdempotency, requestHash } from './idempotency';
import { PAYMENT_MESSAGES } from './messages';
import { mpesaCallbacks, type PaymentRow, payments } from './schema';
import { paymentStatus } from './status';

/**
 * Payments by M-Pesa: STK push (the portal asks the phone for the PIN), its callback, the status
 * query for payments whose callback never came, and C2B (a citizen pays the paybill from the
 * phone menu with the bill number as the account).
 *
 * The rules that keep money right:
 * - A payment is completed in ONE transaction that locks its row (SELECT … FOR UPDATE): the
 *   status moves through `paymentStatus`, the receipt number is recorded (UNIQUE, so any number
 *   of duplicate callbacks make one payment), the amount M-Pesa reported is credited to the bill
 *   (`bills.applyPayment`: partial payments reduce the balance, an overpayment becomes credit),
 *   the application moves on when the bill became paid, and audit rows record each step.
 * - A callback for a CheckoutRequestID we do not know is logged and answered 200.
 * - The amount of an STK push is whole shillings (M-Pesa moves no cents): the balance in cents
 *   rounded UP. The portal refuses more than that; money beyond the balance that arrives anyway
 *   (a C2B payment, a callback reporting more) is credit on the bill.
 * - Reconciliation (`reconcileOnce`) asks `stkpushquery` about payments pending for over a
 *   minute, and gives up on those pending for over five minutes. A payment the query says is
 *   paid is completed without a receipt number (the query carries none): the web app shows
 *   "paid, receipt number pending", and the callback fills the number in if it ever arrives.
 *   The county's own receipt (receipt.pdf) does not wait for it: its number is the county's.
 */

/** A second prompt for the same bill or phone is refused while one younger than this is pending. */
export const PROMPT_BUSY_MS = 2 * 60_000;
/** Reconciliation asks about a payment pending for longer than this, at most this often. */
export const QUERY_AFTER_MS = 60_000;
/** A payment pending for longer than this with no answer is failed ("no answer from M-Pesa"). */
export const EXPIRE_AFTER_MS = 5 * 60_000;
/** How many payments one reconciliation run looks at. */
const RECONCILE_BATCH = 25;
/** Limits on pushes: per user and per phone, in a sliding window (counted in the database). */
export const PUSH_LIMITS = { windowMs: 10 * 60_000, perUser: 10, perPhone: 5 } as const;
/**
 * A callback can outrun the push's own answer (the simulator calls back within milliseconds):
 * an unknown CheckoutRequestID is looked up again for a few seconds before it is declared unknown.
 */
const UNKNOWN_CHECKOUT_RETRIES = 6;
const UNKNOWN_CHECKOUT_WAIT_MS = 400;

/** `TransactionDesc` (at most 13 characters), shown on the payer's phone. */
const STK_DESCRIPTION = 'County bill';
const MPESA: Actor = { type: 'mpesa' };
const SYSTEM: Actor = { type: 'system', id: 'reconciliation' };

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The callback paths (the secret is the last segment). No "mpesa" in them: Daraja drops such URLs. */
export const CALLBACK_PATHS = {
  stk: '/api/payments/callbacks/stk',
  c2bValidation: '/api/payments/callbacks/c2b/validation',
  c2bConfirmation: '/api/payments/callbacks/c2b/confirmation',
  transactionStatus: '/api/payments/callbacks/status/result',
  transactionStatusTimeout: '/api/payments/callbacks/status/timeout',
} as const;

/** A bill reference as a payer may type it at the paybill: spaces and dashes dropped, upper case. */
function normaliseBillRef(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  const idempotency = createIdempotency(db, now);
  const unknownWait = deps.unknownCheckoutWaitMs ?? UNKNOWN_CHECKOUT_WAIT_MS;
  const callbackUrl = (path: string) => `${deps.publicUrl}${path}/${deps.callbackSecret}`;

  // ------------------------------------------------------------------------------------------
  // Completing a payment (inside the caller's transaction, with the payment row locked)
  // ------------------------------------------------------------------------------------------

  async function lockPayment(tx: Db, id: string): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
    return row;
  }

  async function audit(
    tx: Db,
    row: Pick<PaymentRow, 'id'>,
    action: string,
    actor: Actor,
    fromState: string | null,
    toState: string | null,
    data: Record<string, unknown>,
    requestId?: string,
  ) {
    if (toState && toState !== fromState) paymentOutcomes.inc({ status: toState });
    await recordAudit(tx, {
      actor,
      entityType: 'payment',
      entityId: row.id,
      action,
      fromState,
      toState,
      data,
      ...(requestId ? { requestId } : {}),
    });
  }

  /**
   * Where the money of a paid payment goes: its bill (locked until the transaction ends), or why
   * it cannot (no such bill: an unmatched C2B payment; a cancelled bill). Unmatched money is kept
   * on the payment for staff to follow up: it did move.
   */
  async function creditTarget(
    tx: Db,
    billId: string | null,
  ): Promise<{ billNo: string; reason?: undefined } | { billNo?: undefined; reason: string }> {
    if (!billId) return { reason: 'unknown_bill' };
    const [bill] = await tx
      .select({ billNo: bills.billNo, status: bills.status })
      .from(bills)
      .where(eq(bills.id, billId))
      .for('update')
      .limit(1);
    if (!bill) return { reason: 'unknown_bill' };
    if (bill.status === 'cancelled') return { reason: 'bill_cancelled' };
    return { billNo: bill.billNo };
  }

  /**
   * Records a payment as paid (the one place that writes it) and answers which bill it credits,
   * or why it cannot (kept for staff as unmatched).
   */
  async function markPaid(
    tx: Db,
    row: Pick<PaymentRow, 'id' | 'billId'>,
    paid: { amountCents: number; resultDesc: string; mpesaReceiptNumber?: string | null },
  ) {
    const target = await creditTarget(tx, row.billId);
    const at = now();
    await tx
      .update(payments)
      .set({
        status: 'paid',
        amountPaidCents: paid.amountCents,
        ...(paid.mpesaReceiptNumber !== undefined ? { mpesaReceiptNumber: paid.mpesaReceiptNumber } : {}),
        resultCode: 0,
        resultDesc: paid.resultDesc,
        message: PAYMENT_MESSAGES.paid,
        completedAt: at,
        updatedAt: at,
        appliedAt: target.reason === undefined ? at : null,
        unmatchedReason: target.reason ?? null,
      })
      .where(eq(payments.id, row.id));
    return target;
  }

  /**
   * Credits the money to the bill (`bills.applyPayment`: partial, full, or credit beyond the
   * balance) and moves the application on when the bill became paid; or records why it could not.
   */
  async function credit(
    tx: Db,
    row: Pick<PaymentRow, 'id' | 'billNo'>,
    target: Awaited<ReturnType<typeof creditTarget>>,
    amountCents: number,
    reference: string,
    requestId?: string,
  ) {
    if (target.reason !== undefined) {
      await audit(
        tx,
        row,
        'unmatched',
        MPESA,
        'paid',
        'paid',
        { reason: target.reason, bill_no: row.billNo },
        requestId,
      );
      log.warn(
        { paymentId: row.id, billNo: row.billNo, reason: target.reason },
        'M-Pesa payment could not be credited to a bill: staff must follow it up',
      );
      return;
    }
    const applied = await deps.bills.applyPayment(tx, {
      billNo: target.billNo,
      amountCents,
      actor: MPESA,
      reference,
      ...(requestId ? { requestId } : {}),
    });
    if (applied.becamePaid) await deps.applications.onBillPaid(tx, target.billNo, requestId);
  }

  interface PaidReport {
    /** What M-Pesa says moved; undefined when unknown (a status query): the amount asked for. */
    amountCents?: number;
    receipt?: string;
    resultDesc: string;
    source: 'callback' | 'query';
  }

  /**
   * Records that M-Pesa says the payment was paid. A receipt number already recorded on another
   * payment makes the UNIQUE constraint fail the transaction: the caller logs a duplicate.
   */
  async function completePaid(
    tx: Db,
    row: PaymentRow,
    report: PaidReport,
    requestId?: string,
  ): Promise<CallbackOutcome> {
    const receipt = report.receipt;
    const actor = report.source === 'query' ? SYSTEM : MPESA;
    if (row.status === 'paid') {
      // Paid already. The only news a callback can bring is the receipt number of a payment
      // the status query completed.
      if (!receipt || row.mpesaReceiptNumber !== null) return 'duplicate';
      await tx
        .update(payments)
        .set({ mpesaReceiptNumber: receipt, updatedAt: now() })
        .where(eq(payments.id, row.id));
      const mismatch = report.amountCents !== undefined && report.amountCents !== row.amountPaidCents;
      await audit(
        tx,
        row,
        'receipt_recorded',
        actor,
        'paid',
        'paid',
        {
          mpesa_receipt_number: receipt,
          amount_cents: report.amountCents ?? null,
          amount_mismatch: mismatch,
        },
        requestId,
      );
      if (mismatch) {
        log.warn(
          { paymentId: row.id, credited: row.amountPaidCents, reported: report.amountCents },
          'A late STK callback reports another amount than the one credited: staff must check it',
        );
      }
      return 'receipt_recorded';
    }
    paymentStatus.assert(row.status, 'paid');
    const amountCents = report.amountCents ?? row.amountRequestedCents;
    const target = await markPaid(tx, row, {
      amountCents,
      resultDesc: report.resultDesc,
      mpesaReceiptNumber: receipt ?? null,
    });
    await audit(
      tx,
      row,
      'paid',
      actor,
      row.status,
      'paid',
      {
        source: report.source,
        amount_cents: amountCents,
        amount_requested_cents: row.amountRequestedCents,
        mpesa_receipt_number: receipt ?? null,
      },
      requestId,
    );
    if (amountCents !== row.amountRequestedCents) {
      log.warn(
        { paymentId: row.id, requested: row.amountRequestedCents, paid: amountCents },
        'M-Pesa reported another amount than the one asked for; crediting what M-Pesa reported',
      );
    }
    await credit(tx, row, target, amountCents, receipt ?? `payment ${row.id}`, requestId);
    return 'paid';
  }

  async function completeUnpaid(
    tx: Db,
    row: PaymentRow,
    outcome: { resultCode: number | null; resultDesc: string; message: string; source: string },
    requestId?: string,
  ): Promise<CallbackOutcome> {
    if (row.status !== 'pending') return 'duplicate';
    const to: PaymentStatus = outcome.resultCode === 1032 ? 'cancelled' : 'failed';
    paymentStatus.assert(row.status, to);
    await tx
      .update(payments)
      .set({
        status: to,
        resultCode: outcome.resultCode,
        resultDesc: outcome.resultDesc,
        message: outcome.message,
        completedAt: now(),
        updatedAt: now(),
      })
      .where(eq(payments.id, row.id));
    await audit(
      tx,
      row,
      to,
      outcome.source === 'callback' ? MPESA : SYSTEM,
      'pending',
      to,
      { source: outcome.source, result_code: outcome.resultCode, result_desc: outcome.resultDesc },
      requestId,
    );
    return to === 'cancelled' ? 'cancelled' : 'failed';
  }

  /** One row of the raw callbacks log (in the caller's transaction, or alone). */
  async function logRaw(
    tx: Db,
    entry: {
      kind: 'stk' | 'c2b_validation' | 'c2b_confirmation' | 'transaction_status';
      reference: string | null;
      body: unknown;
      outcome: CallbackOutcome;
      paymentId: string | null;
    },
  ) {
    await tx.insert(mpesaCallbacks).values({
      kind: entry.kind,
      reference: entry.reference,
      body: entry.body ?? {},
      outcome: entry.outcome,
      paymentId: entry.paymentId,
      receivedAt: now(),
    });
  }

  /**
   * Applies an STK callback to the payment with its CheckoutRequestID and logs it raw, in one
   * transaction (one commit per callback). When processing fails, the raw body is still logged
   * (outcome `error`) for replay, and the payment stays pending for reconciliation.
   */
  async function applyStkCallback(
    result: StkCallbackResult,
    body: unknown,
    requestId?: string,
  ): Promise<void> {
    const entry = { kind: 'stk' as const, reference: result.checkoutRequestId, body };
    let found: { id: string } | undefined;
    for (let attempt = 0; ; attempt++) {
      [found] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.checkoutRequestId, result.checkoutRequestId))
        .limit(1);
      if (found || attempt >= UNKNOWN_CHECKOUT_RETRIES) break;
      await sleep(unknownWait);
    }
    if (!found) {
      log.warn(
        { checkoutRequestId: result.checkoutRequestId, resultCode: result.resultCode },
        'STK callback for an unknown CheckoutRequestID: logged and acknowledged',
      );
      await logRaw(db, { ...entry, outcome: 'unknown_request', paymentId: null });
      return;
    }
    const paymentId = found.id;
    // A callback saying "paid" is believed only once Daraja confirms it (stkpushquery): the
    // callback secret alone — leaked, say — cannot mark a bill paid and issue a document.
    let confirmation: Awaited<ReturnType<DarajaClient['stkQuery']>> | undefined;
    if (result.paid) {
      try {
        confirmation = await deps.daraja.stkQuery(result.checkoutRequestId);
      } catch (error) {
        log.warn({ paymentId, err: error }, 'stkpushquery to confirm a paid callback failed');
      }
      if (!confirmation || confirmation.status === 'pending') {
        // Left pending: reconciliation asks Daraja again and completes it from Daraja's answer.
        log.warn({ paymentId }, 'paid STK callback not confirmed by Daraja yet: left pending');
        await logRaw(db, { ...entry, outcome: 'unconfirmed', paymentId });
        return;
      }
    }
    const refuted = confirmation?.status === 'completed' && !confirmation.paid ? confirmation : undefined;
    try {
      await db.transaction(async (tx) => {
        const row = await lockPayment(tx, paymentId);
        let outcome: CallbackOutcome = 'unknown_request';
        if (row && refuted) {
          // Daraja says the prompt was not paid: the callback lied (or was replayed wrongly).
          log.warn({ paymentId }, 'paid STK callback refuted by Daraja: recorded as Daraja says');
          outcome = await completeUnpaid(
            tx,
            row,
            {
              resultCode: refuted.resultCode,
              resultDesc: refuted.resultDesc,
              message: resultCodeMeaning(refuted.resultCode),
              source: 'query',
            },
            requestId,
          );
        } else if (row && result.paid) {
          outcome = await completePaid(
            tx,
            row,
            {
              amountCents: result.amountCents,
              receipt: result.mpesaReceiptNumber,
              resultDesc: result.resultDesc,
              source: 'callback',
            },
            requestId,
          );
        } else if (row) {
          outcome = await completeUnpaid(
            tx,
            row,
            {
              resultCode: result.resultCode,
              resultDesc: result.resultDesc,
              message: resultCodeMeaning(result.resultCode),
              source: 'callback',
            },
            requestId,
          );
        }
        await logRaw(tx, { ...entry, outcome, paymentId });
      });
    } catch (error) {
      // The UNIQUE receipt number is the last line of defence: a duplicate that slipped past the
      // checks (another payment recorded the same receipt meanwhile) changes nothing.
      const duplicate = isUniqueViolation(error);
      await logRaw(db, { ...entry, outcome: duplicate ? 'duplicate' : 'error', paymentId });
      if (!duplicate) throw error;
    }
  }

  function referenceOf(body: unknown, path: string[]): string | null {
    let value: unknown = body;
    for (const key of path) {
      if (typeof value !== 'object' || value === null) return null;
      value = (value as Record<string, unknown>)[key];
    }
    return typeof value === 'string' ? value.slice(0, 100) : null;
  }

  // ------------------------------------------------------------------------------------------
  // Reading
  // ------------------------------------------------------------------------------------------

  function messageOf(row: PaymentRow): string {
    if (row.message) return row.message;
    if (row.status === 'pending') return PAYMENT_MESSAGES.promptSent;
    if (row.status === 'paid') return PAYMENT_MESSAGES.paid;
    return row.resultCode === null ? PAYMENT_MESSAGES.noAnswer : resultCodeMeaning(row.resultCode);
  }

  function toApi(
    row: PaymentRow,
    bill: { description: string; status: Bill['status'] } | undefined,
  ): Payment {
    return {
      payment_id: row.id,
      bill_no: row.billNo,
      bill_description: bill?.description ?? null,
      bill_status: bill?.status ?? null,
      method: row.method,
      status: row.status,
      amount_cents: row.amountRequestedCents,
      amount_paid_cents: row.amountPaidCents,
      phone_number: row.phoneNumber,
      mpesa_receipt_number: row.mpesaReceiptNumber,
      result_code: row.resultCode,
      message: messageOf(row),
      created_at: row.createdAt.toISOString(),
      completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    };
  }

  async function paymentsWithBills(where: SQL | undefined, limit: number): Promise<Payment[]> {
    const rows = await db
      .select({ payment: payments, description: bills.description, billStatus: bills.status })
      .from(payments)
      .leftJoin(bills, eq(bills.id, payments.billId))
      .where(where)
      .orderBy(desc(payments.createdAt))
      .limit(limit);
    return rows.map((r) =>
      toApi(
        r.payment,
        r.description !== null && r.billStatus !== null
          ? { description: r.description, status: r.billStatus }
          : undefined,
      ),
    );
  }

  // ------------------------------------------------------------------------------------------
  // Reconciliation
  // ------------------------------------------------------------------------------------------

  /** Fails a payment still pending with "no answer from M-Pesa". */
  async function expire(id: string, requestId?: string): Promise<boolean> {
    const outcome = await db.transaction(async (tx) => {
      const row = await lockPayment(tx, id);
      if (row?.status !== 'pending') return 'duplicate';
      return completeUnpaid(
        tx,
        row,
        {
          resultCode: null,
          resultDesc: 'No answer from M-Pesa within five minutes',
          message: PAYMENT_MESSAGES.noAnswer,
          source: 'expiry',
        },
        requestId,
      );
    });
    return outcome === 'failed';
  }

  async function reconcileOnce(at: Date = now()): Promise<ReconcileSummary> {
    const summary: ReconcileSummary = {
      queried: 0,
      paid: 0,
      failed: 0,
      cancelled: 0,
      expired: 0,
      stillPending: 0,
    };
    const queryBefore = new Date(at.getTime() - QUERY_AFTER_MS);
    const expireBefore = new Date(at.getTime() - EXPIRE_AFTER_MS);

    // Claim a batch: each instance takes rows no other instance holds (SKIP LOCKED) and marks
    // them queried, so the next run (here or elsewhere) leaves them alone for a minute.
    const due = db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          eq(payments.method, 'mpesa_stk'),
          lte(payments.createdAt, queryBefore),
          or(isNull(payments.lastQueriedAt), lte(payments.lastQueriedAt, queryBefore)),
        ),
      )
      .orderBy(payments.createdAt)
      .limit(RECONCILE_BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(payments)
      .set({ lastQueriedAt: at, queryCount: sql`${payments.queryCount} + 1` })
      .where(and(inArray(payments.id, due), eq(payments.status, 'pending')))
      .returning({
        id: payments.id,
        checkoutRequestId: payments.checkoutRequestId,
        createdAt: payments.createdAt,
      });

    for (const payment of claimed) {
      const old = payment.createdAt <= expireBefore;
      if (!payment.checkoutRequestId) {
        // The push never got an answer from Daraja (the process stopped mid-request).
        if (old && (await expire(payment.id))) summary.expired++;
        else summary.stillPending++;
        continue;
      }
      summary.queried++;
      let answer: Awaited<ReturnType<DarajaClient['stkQuery']>>;
      try {
        answer = await deps.daraja.stkQuery(payment.checkoutRequestId);
      } catch (error) {
        log.warn({ paymentId: payment.id, err: error }, 'stkpushquery failed');
        if (old && (await expire(payment.id))) summary.expired++;
        else summary.stillPending++;
        continue;
      }
      if (answer.status === 'pending') {
        if (old && (await expire(payment.id))) summary.expired++;
        else summary.stillPending++;
        continue;
      }
      const completed = answer;
      const outcome = await db.transaction(async (tx) => {
        const row = await lockPayment(tx, payment.id);
        if (!row) return 'duplicate' as const;
        if (completed.paid) {
          return completePaid(tx, row, { resultDesc: completed.resultDesc, source: 'query' });
        }
        return completeUnpaid(tx, row, {
          resultCode: completed.resultCode,
          resultDesc: completed.resultDesc,
          message: resultCodeMeaning(completed.resultCode),
          source: 'query',
        });
      });
      if (outcome === 'paid') summary.paid++;
      else if (outcome === 'failed') summary.failed++;
      else if (outcome === 'cancelled') summary.cancelled++;
    }

    // Paybill payments whose confirmation never came (the question failed, or its answer was
    // lost): ask Daraja again, at most every minute.
    const unconfirmed = await db
      .select({ id: payments.id, mpesaReceiptNumber: payments.mpesaReceiptNumber })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          eq(payments.method, 'mpesa_c2b'),
          lte(payments.createdAt, queryBefore),
          or(isNull(payments.lastQueriedAt), lte(payments.lastQueriedAt, queryBefore)),
        ),
      )
      .limit(20);
    for (const row of unconfirmed) {
      summary.queried++;
      await askTransactionStatus(row);
    }
    return summary;
  }

  // ------------------------------------------------------------------------------------------
  // C2B
  // ------------------------------------------------------------------------------------------

  /**
   * Asks Daraja to confirm a paybill payment (transaction status query); the answer arrives at
   * the status result route. A failed question leaves the payment pending: reconciliation asks
   * again.
   */
  async function askTransactionStatus(row: Pick<PaymentRow, 'id' | 'mpesaReceiptNumber'>): Promise<void> {
    if (!row.mpesaReceiptNumber) return;
    try {
      const accepted = await deps.daraja.transactionStatus({
        transactionId: row.mpesaReceiptNumber,
        resultUrl: callbackUrl(CALLBACK_PATHS.transactionStatus),
        timeoutUrl: callbackUrl(CALLBACK_PATHS.transactionStatusTimeout),
      });
      await db
        .update(payments)
        .set({
          statusQueryId: accepted.conversationId,
          lastQueriedAt: now(),
          queryCount: sql`${payments.queryCount} + 1`,
        })
        .where(eq(payments.id, row.id));
    } catch (error) {
      log.warn(
        { paymentId: row.id, err: error },
        'transaction status query failed: the payment stays pending',
      );
    }
  }

  async function c2bDecision(payment: C2bPayment): Promise<C2bRejectReason | null> {
    if (payment.businessShortCode !== deps.daraja.shortcode) return 'invalidShortcode';
    const bill = await deps.bills.findForPayment(normaliseBillRef(payment.billRefNumber));
    if (!bill || bill.status === 'cancelled') return 'invalidAccountNumber';
    return null;
  }

  /** A paid payment whose money reached no bill and that no officer has dealt with yet. */
  function isUnresolved(row: PaymentRow): boolean {
    return (
      row.status === 'paid' &&
      row.appliedAt === null &&
      row.unmatchedReason !== null &&
      row.resolution === null
    );
  }

  async function lockUnresolved(tx: Db, paymentId: string): Promise<PaymentRow> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
    if (!row) throw notFound('We could not find that payment.');
    if (!isUnresolved(row))
      throw conflict(
        'This payment is not waiting to be matched: it was credited or dealt with already.',
        'illegal_transition',
      );
    return row;
  }

  return {
    callbackUrl,

    /** Paid money that reached no bill (paybill with a wrong account number, a cancelled bill), oldest first. */
    async listUnmatched(): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, 'paid'),
            isNull(payments.appliedAt),
            sql`${payments.unmatchedReason} is not null`,
            isNull(payments.resolution),
          ),
        )
        .orderBy(payments.createdAt)
        .limit(500);
    },

    /**
     * A revenue officer credits unmatched money to the bill they name: applied exactly once (the
     * payment is locked and must still be unresolved), with the reason, in the audit log.
     */
    async matchUnmatched(
      paymentId: string,
      billNo: string,
      officerId: string,
      reason: string,
      requestId?: string,
    ) {
      const actor: Actor = { type: 'staff', id: officerId };
      return db.transaction(async (tx) => {
        const row = await lockUnresolved(tx, paymentId);
        // In this transaction (PGlite has one connection: a query beside it would wait for it).
        const [bill] = await tx
          .select({ id: bills.id, userId: bills.userId })
          .from(bills)
          .where(eq(bills.billNo, billNo.trim().toUpperCase()))
          .limit(1);
        if (!bill) throw notFound('There is no bill with this number.');
        const target = await creditTarget(tx, bill.id);
        if (target.reason !== undefined) throw conflict('This bill is cancelled: it cannot take a payment.');
        const amountCents = row.amountPaidCents ?? row.amountRequestedCents;
        const applied = await deps.bills.applyPayment(tx, {
          billNo: target.billNo,
          amountCents,
          actor,
          reference: row.mpesaReceiptNumber ?? row.id,
          ...(requestId ? { requestId } : {}),
        });
        if (applied.becamePaid) await deps.applications.onBillPaid(tx, target.billNo, requestId);
        const at = now();
        await tx
          .update(payments)
          .set({
            billId: bill.id,
            billNo: target.billNo,
            userId: bill.userId,
            appliedAt: at,
            resolution: 'matched',
            resolvedBy: officerId,
            resolvedAt: at,
            resolutionReason: reason,
            updatedAt: at,
          })
          .where(eq(payments.id, row.id));
        await audit(
          tx,
          row,
          'matched',
          actor,
          'unmatched',
          'matched',
          { bill_no: target.billNo, account_typed: row.billNo, amount_cents: amountCents, reason },
          requestId,
        );
        return { billNo: target.billNo, amountCents, billStatus: applied.status };
      });
    },

    /** A revenue officer marks unmatched money to be returned to the payer, with the reason. */
    async markForRefund(paymentId: string, officerId: string, reason: string, requestId?: string) {
      const actor: Actor = { type: 'staff', id: officerId };
      await db.transaction(async (tx) => {
        const row = await lockUnresolved(tx, paymentId);
        const at = now();
        await tx
          .update(payments)
          .set({
            resolution: 'refund',
            resolvedBy: officerId,
            resolvedAt: at,
            resolutionReason: reason,
            updatedAt: at,
          })
          .where(eq(payments.id, row.id));
        await audit(tx, row, 'marked_for_refund', actor, 'unmatched', 'refund', { reason }, requestId);
      });
    },

    /**
     * `POST /api/payments/mpesa/stk-push`: sends the prompt for one of the user's bills. Idempotent
     * per `Idempotency-Key` (see idempotency.ts).
     */
    async startStkPush(input: StartStkPushInput): Promise<{ body: StkPushResponse; replayed: boolean }> {
      const { userId, body, requestId } = input;
      const hash = requestHash({
        bill_no: body.bill_no,
        phone_number: body.phone_number,
        amount: body.amount ?? null,
      });
      const answer = await idempotency.run<StkPushResponse>(
        { userId, key: input.idempotencyKey, scope: 'stk-push', hash },
        async () => {
          const at = now();
          const windowStart = new Date(at.getTime() - PUSH_LIMITS.windowMs);
          const [counts] = await db
            .select({
              byUser: sql<number>`count(*) filter (where ${payments.userId} = ${userId})`.mapWith(Number),
              byPhone:
                sql<number>`count(*) filter (where ${payments.phoneNumber} = ${body.phone_number})`.mapWith(
                  Number,
                ),
            })
            .from(payments)
            .where(
              and(
                eq(payments.method, 'mpesa_stk'),
                gt(payments.createdAt, windowStart),
                or(eq(payments.userId, userId), eq(payments.phoneNumber, body.phone_number)),
              ),
            );
          if (
            (counts?.byUser ?? 0) >= PUSH_LIMITS.perUser ||
            (counts?.byPhone ?? 0) >= PUSH_LIMITS.perPhone
          ) {
            throw tooManyRequests(PAYMENT_MESSAGES.tooManyPushes, Math.ceil(PUSH_LIMITS.windowMs / 1000));
          }

          const bill = await deps.bills.findForPayment(body.bill_no);
          // A bill sits with one account, but anyone signed in may pay an obligation's bill by its
          // number (a relative's rates), as anyone may at the paybill (decision 007).
          if (!bill || (bill.userId !== userId && bill.sourceKey === null))
            throw notFound(PAYMENT_MESSAGES.billNotFound);
          if (bill.status === 'paid') throw conflict(PAYMENT_MESSAGES.billPaid);
          if (bill.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.billCancelled);
          // M-Pesa moves whole shillings: the balance rounded up.
          const maxShillings = Math.ceil(bill.balanceCents / 100);
          const shillings = body.amount ?? maxShillings;
          if (shillings > maxShillings) {
            throw badRequest(PAYMENT_MESSAGES.amountAboveBalance, [
              { path: 'amount', message: PAYMENT_MESSAGES.amountAboveBalance },
            ]);
          }

          const row = await db.transaction(async (tx) => {
            // The bill's row lock makes two pushes for one bill take turns through the check below.
            await tx.select({ id: bills.id }).from(bills).where(eq(bills.id, bill.id)).for('update');
            const [busy] = await tx
              .select({ id: payments.id })
              .from(payments)
              .where(
                and(
                  eq(payments.status, 'pending'),
                  gt(payments.createdAt, new Date(at.getTime() - PROMPT_BUSY_MS)),
                  or(eq(payments.billId, bill.id), eq(payments.phoneNumber, body.phone_number)),
                ),
              )
              .limit(1);
            if (busy) throw conflict(PAYMENT_MESSAGES.promptBusy);
            const [inserted] = await tx
              .insert(payments)
              .values({
                userId,
                billId: bill.id,
                billNo: bill.billNo,
                method: 'mpesa_stk',
                status: 'pending',
                amountRequestedCents: shillings * 100,
                phoneNumber: body.phone_number,
                createdAt: at,
                updatedAt: at,
              })
              .returning();
            await audit(
              tx,
              inserted!,
              'created',
              { type: 'user', id: userId },
              null,
              'pending',
              { bill_no: bill.billNo, amount_cents: shillings * 100, method: 'mpesa_stk' },
              requestId,
            );
            return inserted!;
          });

          let sent: Awaited<ReturnType<DarajaClient['stkPush']>>;
          try {
            sent = await deps.daraja.stkPush({
              phone: body.phone_number,
              amountShillings: shillings,
              accountReference: bill.billNo,
              description: STK_DESCRIPTION,
              callbackUrl: callbackUrl(CALLBACK_PATHS.stk),
            });
          } catch (error) {
            log.warn({ paymentId: row.id, err: error }, 'STK push failed');
            await db.transaction(async (tx) => {
              const locked = await lockPayment(tx, row.id);
              if (locked) {
                await completeUnpaid(
                  tx,
                  locked,
                  {
                    resultCode: null,
                    resultDesc: error instanceof Error ? error.message.slice(0, 300) : 'STK push failed',
                    message: PAYMENT_MESSAGES.pushFailed,
                    source: 'push',
                  },
                  requestId,
                );
              }
            });
            throw new AppError(503, 'service_unavailable', PAYMENT_MESSAGES.pushFailed);
          }
          await db.transaction(async (tx) => {
            await tx
              .update(payments)
              .set({
                checkoutRequestId: sent.checkoutRequestId,
                merchantRequestId: sent.merchantRequestId,
                updatedAt: now(),
              })
              .where(eq(payments.id, row.id));
            await audit(
              tx,
              row,
              'prompt_sent',
              { type: 'user', id: userId },
              'pending',
              'pending',
              { checkout_request_id: sent.checkoutRequestId },
              requestId,
            );
          });
          return {
            status: 200,
            body: {
              payment_id: row.id,
              checkout_request_id: sent.checkoutRequestId,
              status: 'pending',
              bill_no: bill.billNo,
              amount_cents: shillings * 100,
              phone_number: body.phone_number,
              message: PAYMENT_MESSAGES.promptSent,
            },
          };
        },
      );
      return { body: answer.body, replayed: answer.replayed };
    },

    /** One of the user's payments; another user's (or no) payment is a 404. */
    async getForUser(userId: string, paymentId: string): Promise<Payment> {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(paymentId)) {
        throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      }
      const [payment] = await paymentsWithBills(
        and(eq(payments.id, paymentId), eq(payments.userId, userId)),
        1,
      );
      if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      return payment;
    },

    /** The user's payments (transaction history), newest first. */
    async listForUser(userId: string): Promise<Payment[]> {
      return paymentsWithBills(eq(payments.userId, userId), 500);
    },

    /** Everything the user owes, grouped by service area, and the credit on their bills. */
    async obligations(userId: string): Promise<Obligations> {
      const all = await deps.bills.listForUser(userId);
      const open = all.filter((b) => b.status === 'unpaid' || b.status === 'partially_paid');
      const groups = new Map<string, Bill[]>();
      for (const bill of open) {
        const area = (bill.service_id ? findService(bill.service_id)?.area : undefined) ?? 'other';
        groups.set(area, [...(groups.get(area) ?? []), bill]);
      }
      const credits = all
        .filter((b) => b.credit_cents > 0)
        .map((b) => ({ bill_no: b.bill_no, credit_cents: b.credit_cents }));
      const sum = (list: Bill[]) => list.reduce((total, b) => total + b.balance_cents, 0);
      return {
        groups: [...groups.entries()]
          .map(([area, list]) => ({ area, bills: list, balance_cents: sum(list) }))
          .sort((a, b) => (a.area === 'other' ? 1 : b.area === 'other' ? -1 : a.area.localeCompare(b.area))),
        balance_cents: sum(open),
        credit_cents: credits.reduce((total, c) => total + c.credit_cents, 0),
        credits,
      };
    },

    /** `POST /api/payments/callbacks/stk/{secret}` (secret already checked): always acknowledged. */
    async handleStkCallback(body: unknown, requestId?: string): Promise<void> {
      const parsed = parseStkCallback(body);
      if (!parsed.success) {
        const reference = referenceOf(body, ['Body', 'stkCallback', 'CheckoutRequestID']);
        log.warn({ reference, problem: parsed.error }, 'Unparseable STK callback: logged and acknowledged');
        await logRaw(db, { kind: 'stk', reference, body, outcome: 'unparseable', paymentId: null });
        return;
      }
      await applyStkCallback(parsed.data, body, requestId);
    },

    /** `POST /api/payments/callbacks/c2b/validation/{secret}`: accept a known, payable bill number. */
    async handleC2bValidation(body: unknown): Promise<C2bAnswer> {
      const parsed = parseC2bPayload(body);
      const reference = parsed.success ? parsed.data.transId : referenceOf(body, ['TransID']);
      let reason: C2bRejectReason | null;
      if (parsed.success) reason = await c2bDecision(parsed.data);
      else {
        log.warn({ problem: parsed.error }, 'Unparseable C2B validation: rejected');
        reason = 'otherError';
      }
      await logRaw(db, {
        kind: 'c2b_validation',
        reference,
        body,
        outcome: reason === null ? 'accepted' : 'rejected',
        paymentId: null,
      });
      return reason === null ? c2bAccept() : c2bReject(reason);
    },

    /**
     * `POST /api/payments/callbacks/c2b/confirmation/{secret}`: a payment at the paybill. Recorded
     * once per TransID (the receipt number); credited to the bill whose number the payer typed, or
     * kept as unmatched for staff when there is no such bill.
     */
    async handleC2bConfirmation(body: unknown, requestId?: string): Promise<void> {
      const parsed = parseC2bPayload(body);
      const entry = {
        kind: 'c2b_confirmation' as const,
        reference: parsed.success ? parsed.data.transId : referenceOf(body, ['TransID']),
        body,
      };
      if (!parsed.success) {
        log.warn({ problem: parsed.error }, 'Unparseable C2B confirmation: logged and acknowledged');
        await logRaw(db, { ...entry, outcome: 'unparseable', paymentId: null });
        return;
      }
      const payment = parsed.data;
      if (payment.businessShortCode !== deps.daraja.shortcode) {
        log.warn({ shortcode: payment.businessShortCode }, 'C2B confirmation for another paybill: ignored');
        await logRaw(db, { ...entry, outcome: 'ignored', paymentId: null });
        return;
      }
      const ref = normaliseBillRef(payment.billRefNumber);
      const bill = ref === '' ? undefined : await deps.bills.findForPayment(ref);
      let recorded: PaymentRow | undefined;
      try {
        recorded = await db.transaction(async (tx) => {
          const at = now();
          const [row] = await tx
            .insert(payments)
            .values({
              userId: bill?.userId ?? null,
              billId: bill?.id ?? null,
              billNo: bill?.billNo ?? (payment.billRefNumber.slice(0, 40) || '-'),
              method: 'mpesa_c2b',
              // Pending until Daraja confirms the TransID (transaction status query).
              status: 'pending',
              amountRequestedCents: payment.amountCents,
              phoneNumber: payment.msisdn === '' ? null : payment.msisdn.slice(0, 64),
              payerName: payment.payerName === '' ? null : payment.payerName.slice(0, 200),
              mpesaReceiptNumber: payment.transId,
              resultDesc: 'C2B confirmation received',
              createdAt: at,
              updatedAt: at,
            })
            .onConflictDoNothing({ target: payments.mpesaReceiptNumber })
            .returning();
          if (!row) {
            await logRaw(tx, { ...entry, outcome: 'duplicate', paymentId: null });
            return undefined;
          }
          await audit(
            tx,
            row,
            'recorded',
            MPESA,
            null,
            'pending',
            {
              source: 'c2b',
              trans_id: payment.transId,
              bill_ref_number: payment.billRefNumber,
              amount_cents: payment.amountCents,
            },
            requestId,
          );
          await logRaw(tx, { ...entry, outcome: 'unconfirmed', paymentId: row.id });
          return row;
        });
      } catch (error) {
        const duplicate = isUniqueViolation(error);
        await logRaw(db, { ...entry, outcome: duplicate ? 'duplicate' : 'error', paymentId: null });
        if (!duplicate) throw error;
      }
      if (recorded) await askTransactionStatus(recorded);
    },

    /**
     * `POST /api/payments/callbacks/status/result/{secret}`: Daraja's answer to a transaction
     * status query. Believed only for a query this server asked (its ConversationID), and only
     * when it confirms the very receipt number and amount: then the paybill payment is paid and
     * credited; otherwise it fails, credited nothing.
     */
    async handleTransactionStatusResult(body: unknown, requestId?: string): Promise<void> {
      const result = parseTransactionStatusResult(body);
      const entry = { kind: 'transaction_status' as const, reference: result?.conversationId ?? null, body };
      if (!result) {
        await logRaw(db, { ...entry, outcome: 'unparseable', paymentId: null });
        return;
      }
      const [found] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.statusQueryId, result.conversationId))
        .limit(1);
      if (!found) {
        log.warn({}, 'transaction status result for a query this server did not ask: ignored');
        await logRaw(db, { ...entry, outcome: 'unknown_request', paymentId: null });
        return;
      }
      await db.transaction(async (tx) => {
        const row = await lockPayment(tx, found.id);
        if (row?.status !== 'pending') {
          await logRaw(tx, { ...entry, outcome: 'duplicate', paymentId: found.id });
          return;
        }
        const confirmed =
          result.resultCode === 0 &&
          result.status === 'Completed' &&
          result.receipt === row.mpesaReceiptNumber &&
          result.amountCents === row.amountRequestedCents;
        const at = now();
        if (!confirmed) {
          paymentStatus.assert('pending', 'failed');
          await tx
            .update(payments)
            .set({
              status: 'failed',
              resultCode: result.resultCode,
              resultDesc: result.resultDesc.slice(0, 300),
              message: PAYMENT_MESSAGES.notConfirmed,
              updatedAt: at,
              completedAt: at,
            })
            .where(eq(payments.id, row.id));
          await audit(
            tx,
            row,
            'not_confirmed',
            MPESA,
            'pending',
            'failed',
            { result_code: result.resultCode },
            requestId,
          );
          log.warn({ paymentId: row.id }, 'paybill payment not confirmed by Daraja: nothing credited');
          await logRaw(tx, { ...entry, outcome: 'failed', paymentId: row.id });
          return;
        }
        paymentStatus.assert('pending', 'paid');
        const target = await markPaid(tx, row, {
          amountCents: row.amountRequestedCents,
          resultDesc: 'C2B payment confirmed by transaction status',
        });
        await audit(
          tx,
          row,
          'confirmed',
          MPESA,
          'pending',
          'paid',
          { source: 'transaction_status' },
          requestId,
        );
        await credit(tx, row, target, row.amountRequestedCents, row.mpesaReceiptNumber ?? row.id, requestId);
        await logRaw(tx, {
          ...entry,
          outcome: target.reason === undefined ? 'paid' : 'unmatched',
          paymentId: row.id,
        });
      });
    },

    /** Registers the C2B validation and confirmation URLs with Daraja (an operator's step). */
    async registerC2bUrls(responseType: 'Completed' | 'Cancelled' = 'Completed') {
      const validationUrl = callbackUrl(CALLBACK_PATHS.c2bValidation);
      const confirmationUrl = callbackUrl(CALLBACK_PATHS.c2bConfirmation);
      const answer = await deps.daraja.registerC2bUrls({ validationUrl, confirmationUrl, responseType });
      const masked = (url: string) => url.replace(deps.callbackSecret, '***');
      return {
        validation_url: masked(validationUrl),
        confirmation_url: masked(confirmationUrl),
        response_code: answer.responseCode,
        response_description: answer.responseDescription,
      };
    },

    /**
     * Development against the simulator only (app.ts decides): registers the C2B URLs, trying
     * again for a while because `npm start` starts the simulator at the same moment.
     */
    async registerC2bUrlsInBackground(attempts = 10, waitMs = 2000): Promise<void> {
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          const answer = await this.registerC2bUrls('Completed');
          log.info({ ...answer }, 'C2B URLs registered with the M-Pesa simulator');
          return;
        } catch (error) {
          if (attempt === attempts) {
            log.warn({ err: error }, 'Could not register the C2B URLs with the M-Pesa simulator');
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
        }
      }
    },

    reconcileOnce,

    /**
     * Runs `reconcileOnce` every `intervalMs` in this process until the returned stop() is called
     * (app.ts: started when the server is ready, stopped when it closes). Runs never overlap;
     * several processes may run it at once (rows are claimed with SKIP LOCKED).
     */
    startReconciliation(intervalMs: number): () => Promise<void> {
      return startPeriodic({
        name: 'payment reconciliation',
        intervalMs,
        log,
        once: { db },
        task: async () => {
          const summary = await reconcileOnce();
          if (summary.queried + summary.expired > 0) log.info({ ...summary }, 'payments reconciled');
        },
      });
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

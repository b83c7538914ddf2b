import type { Bill } from '@kaunti/contract/api-bills';
import type { Payment, PaymentStatus } from '@kaunti/contract/api-payments';
import { and, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { coalesced } from '../../platform/db/coalesce';
import { type Db, isUniqueViolation } from '../../platform/db/database';
import { type Position, positionAt } from '../../platform/db/pages';
import { preparedSql, preparedStatement } from '../../platform/db/prepared';
import {
  afterCommit,
  sharedTransactions,
  togetherByKey,
  togetherWrite,
} from '../../platform/db/shared-transaction';
import { conflict, notFound } from '../../platform/errors';
import { paymentOutcomes } from '../../platform/metrics';
import {
  type C2bPayment,
  type C2bRejectReason,
  resultCodeMeaning,
  type StkCallbackResult,
} from '../../platform/mpesa/callbacks';
import type { DarajaClient } from '../../platform/mpesa/daraja-client';
import { type Actor, recordAudit } from '../audit/audit';
import type { LockedBill } from '../bills/bill-service';
import { bills } from '../bills/schema';
import { createIdempotency } from './idempotency';
import { PAYMENT_MESSAGES } from './messages';
import {
  CALLBACK_PATHS,
  type CallbackOutcome,
  EXPIRE_AFTER_MS,
  MPESA,
  normaliseBillRef,
  type PaymentServiceDeps,
  QUERY_AFTER_MS,
  RECONCILE_BATCH,
  type ReconcileSummary,
  SYSTEM,
  sleep,
  UNKNOWN_CHECKOUT_RETRIES,
  UNKNOWN_CHECKOUT_WAIT_MS,
} from './payment-types';
import { mpesaCallbacks, type PaymentRow, payments } from './schema';
import { paymentStatus } from './status';

/** A bill whose lock was asked ahead (`lockForPayment`), for the payment that names it. */
interface BillLock {
  billId: string;
  locked: Promise<LockedBill | undefined>;
}

/**
 * The payments module's shared machinery: completing a payment inside the caller's transaction
 * (row locked, status through `paymentStatus`, credit, the application moved on, audit), the
 * views of a payment, and reconciliation's steps. payment-service.ts composes the public
 * operations from it (stk-push.ts, callback-handling.ts, unmatched-payments.ts, ...).
 */
export function createPaymentInternals(deps: PaymentServiceDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  const idempotency = createIdempotency(db, now);
  // The STK callbacks of one moment complete in one transaction (platform/db/shared-transaction.ts),
  // one such transaction at a time: fewer, larger ones cost less than two side by side (measured:
  // docs/performance.md).
  const callbackTransaction = sharedTransactions(db, { concurrency: 1, maxItems: 32 });
  const unknownWait = deps.unknownCheckoutWaitMs ?? UNKNOWN_CHECKOUT_WAIT_MS;
  const callbackUrl = (path: string) => `${deps.publicUrl}${path}/${deps.callbackSecret}`;

  // The statements every callback runs: built once (named statements on PostgreSQL, parsed once
  // per connection), run on the db or inside the callback's transaction.
  // The callbacks of one moment find their payments in one statement (platform/db/coalesce.ts),
  // one such statement at a time.
  const paymentsByCheckout = preparedStatement((on) =>
    on
      .select({
        id: payments.id,
        billId: payments.billId,
        status: payments.status,
        mpesaReceiptNumber: payments.mpesaReceiptNumber,
        amountRequestedCents: payments.amountRequestedCents,
        checkoutRequestId: payments.checkoutRequestId,
      })
      .from(payments)
      .where(sql`${payments.checkoutRequestId} = any(${sql.placeholder('checkoutRequestIds')}::text[])`)
      .prepare('kaunti_payments_by_checkout'),
  );
  const findByCheckout = coalesced(
    async (checkoutRequestIds: readonly string[]) => {
      const rows = await paymentsByCheckout.run(db, { checkoutRequestIds });
      return new Map<string, Omit<(typeof rows)[number], 'checkoutRequestId'> | undefined>(
        rows.map(({ checkoutRequestId, ...row }) => [checkoutRequestId ?? '', row]),
      );
    },
    undefined,
    { concurrency: 1, maxItems: 200 },
  );
  // Locking, recording paid and logging are asked together by the callbacks sharing a
  // transaction (platform/db/shared-transaction.ts): one statement for all of them (alone, one).
  const lockPaymentsById = preparedStatement((on) =>
    on
      .select()
      .from(payments)
      .where(sql`${payments.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(payments.id)
      .for('update')
      .prepare('kaunti_lock_payments'),
  );
  const lockPayment = togetherByKey(async (on: Db, ids: readonly string[]) => {
    const rows = await lockPaymentsById.run(on, { ids });
    return new Map(rows.map((row) => [row.id, row]));
  });
  interface PaidUpdate {
    id: string;
    amountPaidCents: number;
    resultDesc: string;
    at: Date;
    appliedAt: Date | null;
    unmatchedReason: string | null;
    /** undefined: the receipt number stays as it is. */
    receipt?: string | null;
  }
  const updatePaidRows = preparedSql(
    'kaunti_payments_paid',
    sql`update ${payments} as p
      set status = 'paid', amount_paid_cents = v.amount_paid_cents, result_code = 0,
        result_desc = v.result_desc, message = ${PAYMENT_MESSAGES.paid}, completed_at = v.at,
        updated_at = v.at, applied_at = v.applied_at, unmatched_reason = v.unmatched_reason,
        mpesa_receipt_number = case when v.set_receipt then v.receipt else p.mpesa_receipt_number end
      from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('amounts')}::bigint[],
        ${sql.placeholder('resultDescs')}::text[], ${sql.placeholder('ats')}::timestamptz[],
        ${sql.placeholder('appliedAts')}::timestamptz[], ${sql.placeholder('unmatchedReasons')}::text[],
        ${sql.placeholder('setReceipts')}::boolean[], ${sql.placeholder('receipts')}::text[])
        as v(id, amount_paid_cents, result_desc, at, applied_at, unmatched_reason, set_receipt, receipt)
      where p.id = v.id`,
  );
  const updatePaid = togetherWrite((on: Db, items: readonly PaidUpdate[]) =>
    updatePaidRows.run(on, {
      ids: items.map((i) => i.id),
      amounts: items.map((i) => i.amountPaidCents),
      resultDescs: items.map((i) => i.resultDesc),
      ats: items.map((i) => i.at.toISOString()),
      appliedAts: items.map((i) => i.appliedAt?.toISOString() ?? null),
      unmatchedReasons: items.map((i) => i.unmatchedReason),
      setReceipts: items.map((i) => i.receipt !== undefined),
      receipts: items.map((i) => i.receipt ?? null),
    }),
  );
  interface CallbackLogEntry {
    kind: 'stk' | 'c2b_validation' | 'c2b_confirmation' | 'transaction_status';
    reference: string | null;
    body: string;
    outcome: CallbackOutcome;
    paymentId: string | null;
    receivedAt: Date;
  }
  const insertCallbackRows = preparedSql(
    'kaunti_log_callbacks',
    sql`insert into ${mpesaCallbacks} (kind, reference, body, outcome, payment_id, received_at)
      select kind, reference, body::jsonb, outcome, payment_id, received_at
      from unnest(${sql.placeholder('kinds')}::text[], ${sql.placeholder('references')}::text[],
        ${sql.placeholder('bodies')}::text[], ${sql.placeholder('outcomes')}::text[],
        ${sql.placeholder('paymentIds')}::uuid[], ${sql.placeholder('receivedAts')}::timestamptz[])
        as t(kind, reference, body, outcome, payment_id, received_at)`,
  );
  const insertCallbacks = togetherWrite((on: Db, entries: readonly CallbackLogEntry[]) =>
    insertCallbackRows.run(on, {
      kinds: entries.map((e) => e.kind),
      references: entries.map((e) => e.reference),
      bodies: entries.map((e) => e.body),
      outcomes: entries.map((e) => e.outcome),
      paymentIds: entries.map((e) => e.paymentId),
      receivedAts: entries.map((e) => e.receivedAt.toISOString()),
    }),
  );

  // ------------------------------------------------------------------------------------------
  // Completing a payment (inside the caller's transaction, with the payment row locked)
  // ------------------------------------------------------------------------------------------

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
    if (toState && toState !== fromState) {
      afterCommit(tx, () => paymentOutcomes.inc({ status: toState }));
    }
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

  /** Asks for the bill's lock now, to be taken by `creditTarget` (a failure is reported there). */
  function lockAhead(tx: Db, billId: string): BillLock {
    const locked = deps.bills.lockForPayment(tx, billId);
    locked.catch(() => undefined);
    return { billId, locked };
  }

  /**
   * Where the money of a paid payment goes: its bill (locked until the transaction ends), or why
   * it cannot (no such bill: an unmatched C2B payment; a cancelled bill). Unmatched money is kept
   * on the payment for staff to follow up: it did move. A bill locked ahead (`lockAhead`) is
   * taken when it is the one asked for.
   */
  async function creditTarget(
    tx: Db,
    billId: string | null,
    lockedAlready?: BillLock,
  ): Promise<
    | { billNo: string; locked: LockedBill; reason?: undefined }
    | { billNo?: undefined; locked?: undefined; reason: string }
  > {
    if (!billId) return { reason: 'unknown_bill' };
    const locked = await (lockedAlready?.billId === billId
      ? lockedAlready.locked
      : deps.bills.lockForPayment(tx, billId));
    if (!locked) return { reason: 'unknown_bill' };
    if (locked.row.status === 'cancelled') return { reason: 'bill_cancelled' };
    return { billNo: locked.row.billNo, locked };
  }

  /**
   * Records a payment as paid (the one place that writes it) and answers which bill it credits,
   * or why it cannot (kept for staff as unmatched).
   */
  async function markPaid(
    tx: Db,
    row: Pick<PaymentRow, 'id' | 'billId'>,
    paid: { amountCents: number; resultDesc: string; mpesaReceiptNumber?: string | null },
    lockedAlready?: BillLock,
  ) {
    const target = await creditTarget(tx, row.billId, lockedAlready);
    const at = now();
    await updatePaid(tx, {
      id: row.id,
      amountPaidCents: paid.amountCents,
      resultDesc: paid.resultDesc,
      at,
      appliedAt: target.reason === undefined ? at : null,
      unmatchedReason: target.reason ?? null,
      ...(paid.mpesaReceiptNumber !== undefined ? { receipt: paid.mpesaReceiptNumber } : {}),
    });
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
      locked: target.locked,
      amountCents,
      actor: MPESA,
      reference,
      ...(requestId ? { requestId } : {}),
    });
    // Only a bill raised for an application can move one on (the application names its bill,
    // and the bill the application).
    if (applied.becamePaid && applied.applicationId !== null) {
      await deps.applications.onBillPaid(tx, target.billNo, requestId);
    }
  }

  interface PaidReport {
    /**
     * What M-Pesa says moved; undefined when unknown (a status query): the amount asked for.
     * Never more than the amount asked for is credited (decision 008).
     */
    amountCents?: number;
    receipt?: string;
    resultDesc: string;
    source: 'callback' | 'query' | 'transaction_status';
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
    lockedAlready?: BillLock,
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
    // At most the amount prompted: a prompt is for its amount, and a callback's word for more is
    // no credit (money beyond it, once Daraja confirms it moved, is kept for a revenue officer:
    // `recordExcess`).
    const amountCents = Math.min(report.amountCents ?? row.amountRequestedCents, row.amountRequestedCents);
    const target = await markPaid(
      tx,
      row,
      { amountCents, resultDesc: report.resultDesc, mpesaReceiptNumber: receipt ?? null },
      lockedAlready,
    );
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
        'M-Pesa confirmed less than the amount asked for: crediting what moved',
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
    await insertCallbacks(tx, {
      kind: entry.kind,
      reference: entry.reference,
      body: JSON.stringify(entry.body ?? {}),
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
    let found:
      | Pick<PaymentRow, 'id' | 'billId' | 'status' | 'mpesaReceiptNumber' | 'amountRequestedCents'>
      | undefined;
    for (let attempt = 0; ; attempt++) {
      found = await findByCheckout(result.checkoutRequestId);
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
    if (found.status === 'paid' && found.mpesaReceiptNumber !== null) {
      // Paid with its receipt number: final (nothing leaves paid, a receipt number is recorded
      // once), so whatever this callback says changes nothing. Logged as a duplicate without
      // asking Daraja or locking the row; the answer is the same acknowledgement.
      await logRaw(db, { ...entry, outcome: 'duplicate', paymentId });
      return;
    }
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
    if (result.paid && !refuted && result.amountCents !== found.amountRequestedCents) {
      // Daraja says the prompt was paid, but the callback names another amount than the prompt's:
      // believed only once Daraja's transaction status says what moved (off the hot path).
      await holdForAmountCheck(found.id, result, entry, requestId);
      return;
    }
    try {
      // Shared with the callbacks of the same moment (one statement per step for all of them);
      // never with another for the same payment or bill.
      await callbackTransaction([`payment:${paymentId}`, `bill:${found.billId}`], async (tx) => {
        // A paid callback locks the payment, then its bill, in the same turn (two statements one
        // behind the other, one round trip): the bill the payment was found with, used only if
        // the locked payment still names it. Payment first, as everywhere (no deadlock).
        const locking = lockPayment(tx, paymentId);
        const bill = result.paid && !refuted && found.billId ? lockAhead(tx, found.billId) : undefined;
        const row = await locking;
        await bill?.locked;
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
            bill,
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

  /**
   * A paid callback whose amount is not the prompt's: nothing is credited from it. The mismatch
   * is audited and Daraja's transaction status is asked for the callback's receipt number; its
   * answer (`confirmStkByStatus`) credits what moved, at most the prompt. Until then the payment
   * stays as it was, and reconciliation's `stkpushquery` completes it with the prompt's amount.
   */
  async function holdForAmountCheck(
    paymentId: string,
    result: StkCallbackResult & { paid: true },
    entry: { kind: 'stk'; reference: string; body: unknown },
    requestId?: string,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await lockPayment(tx, paymentId);
      if (row) {
        await audit(
          tx,
          row,
          'amount_mismatch',
          MPESA,
          row.status,
          row.status,
          {
            amount_reported_cents: result.amountCents,
            amount_requested_cents: row.amountRequestedCents,
            mpesa_receipt_number: result.mpesaReceiptNumber,
          },
          requestId,
        );
      }
      await logRaw(tx, { ...entry, outcome: 'amount_mismatch', paymentId });
    });
    log.warn(
      { paymentId },
      'paid STK callback names another amount than the prompt: nothing credited until Daraja confirms it',
    );
    await askTransactionStatus({ id: paymentId, transactionId: result.mpesaReceiptNumber });
  }

  /**
   * Money Daraja confirmed beyond what a prompt asked for: never credited, kept as a payment of
   * its own that reached no bill (`above_prompt`), for a revenue officer to match or refund.
   */
  async function recordExcess(
    tx: Db,
    row: PaymentRow,
    excessCents: number,
    receipt: string,
    requestId?: string,
  ): Promise<void> {
    const at = now();
    const [excess] = await tx
      .insert(payments)
      .values({
        userId: row.userId,
        billId: row.billId,
        billNo: row.billNo,
        method: row.method,
        status: 'paid',
        amountRequestedCents: excessCents,
        amountPaidCents: excessCents,
        phoneNumber: row.phoneNumber,
        resultCode: 0,
        resultDesc: `Paid beyond the prompt of payment ${row.id} (M-Pesa receipt ${receipt})`,
        message: PAYMENT_MESSAGES.aboveTheAmount,
        unmatchedReason: 'above_prompt',
        createdAt: at,
        updatedAt: at,
        completedAt: at,
      })
      .returning();
    await audit(
      tx,
      excess!,
      'recorded',
      MPESA,
      null,
      'paid',
      {
        source: 'above_prompt',
        of_payment: row.id,
        mpesa_receipt_number: receipt,
        amount_cents: excessCents,
      },
      requestId,
    );
    log.warn(
      { paymentId: row.id, excessId: excess!.id, excessCents },
      'M-Pesa confirmed more than a prompt asked for: the difference waits for a revenue officer',
    );
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

  /** Money that moved but reached no bill, and that no officer has credited to one: held for a refund. */
  function isHeldForRefund(row: PaymentRow): boolean {
    return (
      row.status === 'paid' &&
      row.appliedAt === null &&
      row.unmatchedReason !== null &&
      row.resolution !== 'matched'
    );
  }

  function messageOf(row: PaymentRow): string {
    // The bill was cancelled while the prompt was open: "Payment received" would be untrue.
    if (isHeldForRefund(row) && row.unmatchedReason === 'bill_cancelled')
      return PAYMENT_MESSAGES.heldForRefund;
    if (row.resolution === 'matched') return PAYMENT_MESSAGES.paid;
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
      held_for_refund: isHeldForRefund(row),
      created_at: row.createdAt.toISOString(),
      completed_at: row.completedAt ? row.completedAt.toISOString() : null,
    };
  }

  async function paymentsWithBills(where: SQL | undefined, limit: number): Promise<Payment[]> {
    return (await positionedPayments(where, limit)).map((r) => r.payment);
  }

  /** Payments with their bill's words, newest first, each with its position for a page's cursor. */
  async function positionedPayments(
    where: SQL | undefined,
    limit: number,
  ): Promise<{ payment: Payment; position: Position }[]> {
    const rows = await db
      .select({
        payment: payments,
        description: bills.description,
        billStatus: bills.status,
        at: positionAt(payments.createdAt),
      })
      .from(payments)
      .leftJoin(bills, eq(bills.id, payments.billId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit);
    return rows.map((r) => ({
      payment: toApi(
        r.payment,
        r.description !== null && r.billStatus !== null
          ? { description: r.description, status: r.billStatus }
          : undefined,
      ),
      position: { at: r.at, key: r.payment.id },
    }));
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
          // Written out, not a parameter: so that every plan (a named statement's too) can use the
          // index of pending payments.
          sql`${payments.status} = 'pending'`,
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
      await askTransactionStatus({ id: row.id, transactionId: row.mpesaReceiptNumber });
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
  async function askTransactionStatus(row: { id: string; transactionId: string | null }): Promise<void> {
    if (!row.transactionId) return;
    try {
      const accepted = await deps.daraja.transactionStatus({
        transactionId: row.transactionId,
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
    deps,
    db,
    log,
    now,
    idempotency,
    unknownWait,
    callbackUrl,
    lockPayment,
    audit,
    creditTarget,
    markPaid,
    credit,
    completePaid,
    completeUnpaid,
    logRaw,
    applyStkCallback,
    recordExcess,
    referenceOf,
    messageOf,
    toApi,
    paymentsWithBills,
    positionedPayments,
    expire,
    reconcileOnce,
    askTransactionStatus,
    c2bDecision,
    isUnresolved,
    lockUnresolved,
  };
}

export type PaymentInternals = ReturnType<typeof createPaymentInternals>;

import type { PaymentStatus } from '@kaunti/contract/api-payments';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { afterCommit } from '../../platform/db/shared-transaction';
import { paymentOutcomes } from '../../platform/metrics';
import { type Actor, recordAudit } from '../audit/audit';
import type { LockedBill } from '../bills/bill-service';
import { PAYMENT_MESSAGES } from './messages';
import type { PaymentStatements } from './payment-statements';
import { type CallbackOutcome, MPESA, type PaymentServiceDeps, SYSTEM } from './payment-types';
import { type PaymentRow, payments } from './schema';
import { paymentStatus } from './status';

/** A bill whose lock was asked ahead (`lockForPayment`), for the payment that names it. */
export interface BillLock {
  billId: string;
  locked: Promise<LockedBill | undefined>;
}

/**
 * Completing a payment inside the caller's transaction, with the payment row locked: its status
 * through `paymentStatus`, the credit to its bill (or why it could not be credited), the
 * application moved on, the audit; and money beyond a prompt kept apart.
 */
export function createPaymentCompletion(
  deps: PaymentServiceDeps,
  now: () => Date,
  statements: Pick<PaymentStatements, 'updatePaid'>,
) {
  const { log } = deps;
  const { updatePaid } = statements;

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

  return { audit, lockAhead, creditTarget, markPaid, credit, completePaid, completeUnpaid, recordExcess };
}

export type PaymentCompletion = ReturnType<typeof createPaymentCompletion>;

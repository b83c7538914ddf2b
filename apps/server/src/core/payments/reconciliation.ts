import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { resultCodeMeaning } from '../../platform/mpesa/callbacks';
import type { DarajaClient } from '../../platform/mpesa/daraja-client';
import type { C2bChecks } from './c2b-checks';
import { PAYMENT_MESSAGES } from './messages';
import type { PaymentCompletion } from './payment-completion';
import type { PaymentStatements } from './payment-statements';
import {
  EXPIRE_AFTER_MS,
  type PaymentServiceDeps,
  QUERY_AFTER_MS,
  RECONCILE_BATCH,
  type ReconcileSummary,
} from './payment-types';
import { payments } from './schema';

/**
 * Reconciliation's steps: payments whose callback has not come are asked of Daraja
 * (stkpushquery; a paybill payment by its transaction status), and expire after five minutes.
 */
export function createReconciliation(parts: {
  deps: PaymentServiceDeps;
  now: () => Date;
  statements: Pick<PaymentStatements, 'lockPayment'>;
  completion: Pick<PaymentCompletion, 'completePaid' | 'completeUnpaid'>;
  askTransactionStatus: C2bChecks['askTransactionStatus'];
}) {
  const { deps, now, askTransactionStatus } = parts;
  const { db, log } = deps;
  const { lockPayment } = parts.statements;
  const { completePaid, completeUnpaid } = parts.completion;

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

  return { expire, reconcileOnce };
}

import { eq, sql } from 'drizzle-orm';
import type { C2bPayment, C2bRejectReason } from '../../platform/mpesa/callbacks';
import { CALLBACK_PATHS, normaliseBillRef, type PaymentServiceDeps } from './payment-types';
import { payments } from './schema';

/** Paybill (C2B) payments: whether one is accepted, and asking Daraja to confirm it. */
export function createC2bChecks(deps: PaymentServiceDeps, now: () => Date) {
  const { db, log } = deps;
  const callbackUrl = (path: string) => `${deps.publicUrl}${path}/${deps.callbackSecret}`;

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

  return { callbackUrl, askTransactionStatus, c2bDecision };
}

export type C2bChecks = ReturnType<typeof createC2bChecks>;

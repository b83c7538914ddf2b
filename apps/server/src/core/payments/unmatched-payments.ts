import { and, eq, isNull, sql } from 'drizzle-orm';
import { conflict, notFound } from '../../platform/errors';
import type { Actor } from '../audit/audit';
import { bills } from '../bills/schema';
import type { PaymentInternals } from './payment-internals';
import { type PaymentRow, payments } from './schema';

/** Unmatched money: paid money that reached no bill, matched to a bill by a revenue officer or marked for refund. */
export function createUnmatchedPayments(internals: PaymentInternals) {
  const { db, now, deps, audit, creditTarget, lockUnresolved } = internals;
  return {
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
  };
}

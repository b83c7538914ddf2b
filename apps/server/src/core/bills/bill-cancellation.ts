import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { bills } from './schema';
import { billStatus } from './status';

/** Cancelling a bill that was not paid (or, for a standing obligation's, keeping what it was paid). */
export function createBillCancellation() {
  return {
    /**
     * Cancels an unpaid bill (e.g. its application was cancelled, or a newer bill replaces it).
     * With `keepPaid`, a bill paid in part is cancelled too, keeping what it was paid: a standing
     * obligation's bill, whose payments are already in the obligation's ledger.
     */
    async cancel(
      tx: Db,
      billNo: string,
      actor: Actor,
      reason: string,
      requestId?: string,
      options: { keepPaid?: boolean } = {},
    ): Promise<void> {
      const [row] = await tx.select().from(bills).where(eq(bills.billNo, billNo)).for('update').limit(1);
      if (!row) throw notFound('We could not find that bill.');
      if (row.status === 'cancelled') return;
      if (row.paidCents > 0 && !options.keepPaid)
        throw conflict(
          'This bill has been paid in part, so it cannot be cancelled here.',
          'bill_partly_paid',
        );
      billStatus.assert(row.status, 'cancelled');
      const updated = await tx
        .update(bills)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(bills.id, row.id), eq(bills.status, row.status)))
        .returning({ id: bills.id });
      if (updated.length === 0)
        throw conflict('This bill changed meanwhile. Please try again.', 'changed_meanwhile');
      await recordAudit(tx, {
        actor,
        entityType: 'bill',
        entityId: row.billNo,
        action: 'cancelled',
        fromState: row.status,
        toState: 'cancelled',
        data: { reason, paid_cents: row.paidCents },
        ...(requestId ? { requestId } : {}),
      });
    },
  };
}

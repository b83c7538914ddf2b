import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { type Actor, recordAudit } from '../audit/audit';
import type { BillRow, ObligationPaidHandler, ObligationPaymentHandler } from './bill-types';
import { bills } from './schema';

/**
 * What the areas that bill an obligation (a thing and its period, by source key) register: what
 * happens when its bill becomes paid, and on every payment it receives, by obligation kind (the
 * source key's first segment, e.g. "land-rates"). bill-payments.ts calls them.
 */
export function createObligationHandlers() {
  /** Handlers by obligation kind (the source key's first segment, e.g. "land-rates"). */
  const paidHandlers = new Map<string, ObligationPaidHandler>();
  /** Handlers of every payment, by obligation kind. */
  const paymentHandlers = new Map<string, ObligationPaymentHandler>();
  return {
    paidHandler: (sourceKey: string) => paidHandlers.get(sourceKey.split(':')[0]!),
    paymentHandler: (sourceKey: string) => paymentHandlers.get(sourceKey.split(':')[0]!),
    register: {
      /** Registers what happens when a bill of this obligation kind becomes paid (one per kind). */
      onObligationPaid(kind: string, handler: ObligationPaidHandler): void {
        if (paidHandlers.has(kind)) throw new Error(`A paid handler for "${kind}" is already registered.`);
        paidHandlers.set(kind, handler);
      },

      /** Registers what happens on every payment a bill of this obligation kind receives (one per kind). */
      onObligationPayment(kind: string, handler: ObligationPaymentHandler): void {
        if (paymentHandlers.has(kind))
          throw new Error(`A payment handler for "${kind}" is already registered.`);
        paymentHandlers.set(kind, handler);
      },
    },
  };
}

export type ObligationHandlers = ReturnType<typeof createObligationHandlers>;

/** An obligation's bills: its open one (found, moved to the account now holding the thing), paid or not. */
export function createBillObligations() {
  return {
    /** The open (unpaid or part-paid) bill of an obligation, whoever it sits with; at most one. */
    async findOpenBySource(tx: Db, sourceKey: string): Promise<BillRow | undefined> {
      const [row] = await tx
        .select()
        .from(bills)
        .where(and(eq(bills.sourceKey, sourceKey), inArray(bills.status, ['unpaid', 'partially_paid'])))
        .for('update')
        .limit(1);
      return row;
    },

    /**
     * Moves an obligation's open bill to the account that now holds the billed thing (a parcel
     * linked to an account), audited. Nothing happens when it already sits there.
     */
    async moveToAccount(tx: Db, row: BillRow, userId: string | null, actor: Actor, requestId?: string) {
      if (row.userId === userId) return row;
      const [moved] = await tx
        .update(bills)
        .set({ userId, updatedAt: new Date() })
        .where(eq(bills.id, row.id))
        .returning();
      await recordAudit(tx, {
        actor,
        entityType: 'bill',
        entityId: row.billNo,
        action: 'moved_to_account',
        data: { from_user_id: row.userId, to_user_id: userId },
        ...(requestId ? { requestId } : {}),
      });
      return moved!;
    },

    /**
     * Whether a bill raised for this source is fully paid, whoever it belongs to: what a
     * bill is for (a parcel's rates of a year) is paid once, not once per account.
     */
    async isSourcePaid(tx: Db, sourceKey: string): Promise<boolean> {
      const [row] = await tx
        .select({ billNo: bills.billNo })
        .from(bills)
        .where(and(eq(bills.sourceKey, sourceKey), eq(bills.status, 'paid')))
        .limit(1);
      return row !== undefined;
    },
  };
}

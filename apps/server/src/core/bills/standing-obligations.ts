import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { type Actor, recordAudit } from '../audit/audit';
import type { BillService } from './bill-service';
import { standingCarries, standingObligations, standingPayments } from './schema';
import {
  cancelOpenBill,
  carriedOf,
  historyOf,
  ledgerOf,
  loadOwned,
  STANDING_SOURCE,
  type StandingObligationRow,
} from './standing-ledger';
import { type Period, periodsInArrears } from './standing-rule';

export interface OpenObligationInput {
  kind: string;
  reference: string;
  userId: string | null;
  customerName: string;
  description: string;
  /** The description in Kiswahili, for its bills' Kiswahili readers. */
  descriptionSw?: string | null;
  amountCents: number;
  startPeriod: Period;
  dueDay: number;
  penaltyPpm: number;
  subCountyCode?: string | null;
  actor: Actor;
  requestId?: string;
}

/**
 * An obligation's life: opened, found, summed up, its balance carried by and settled from
 * another bill, moved to another holder; every payment its bills receive counted in its ledger.
 */
export function createStandingObligations(db: Db, bills: BillService) {
  bills.onObligationPayment(STANDING_SOURCE, async (tx, bill, payment) => {
    const id = bill.sourceKey?.split(':')[1];
    if (!id) return;
    await tx.insert(standingPayments).values({
      obligationId: id,
      amountCents: payment.amountCents,
      billNo: bill.billNo,
      reference: payment.reference,
    });
  });

  return {
    /** Opens an obligation (once per kind and reference: opening it again answers the one there is). */
    async open(tx: Db, input: OpenObligationInput): Promise<StandingObligationRow> {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
        throw new Error('A standing charge is a positive whole number of cents.');
      const [row] = await tx
        .insert(standingObligations)
        .values({
          kind: input.kind,
          reference: input.reference,
          userId: input.userId,
          customerName: input.customerName,
          description: input.description,
          descriptionSw: input.descriptionSw ?? null,
          amountCents: input.amountCents,
          startPeriod: input.startPeriod,
          dueDay: input.dueDay,
          penaltyPpm: input.penaltyPpm,
          subCountyCode: input.subCountyCode ?? null,
        })
        .onConflictDoNothing({ target: [standingObligations.kind, standingObligations.reference] })
        .returning();
      if (!row) {
        const [existing] = await tx
          .select()
          .from(standingObligations)
          .where(
            and(eq(standingObligations.kind, input.kind), eq(standingObligations.reference, input.reference)),
          );
        return existing!;
      }
      await recordAudit(tx, {
        actor: input.actor,
        entityType: 'standing_obligation',
        entityId: `${input.kind}:${input.reference}`,
        action: 'opened',
        toState: 'active',
        data: { amount_cents: input.amountCents, start_period: input.startPeriod, due_day: input.dueDay },
        ...(input.requestId ? { requestId: input.requestId } : {}),
      });
      return row;
    },
    /** The obligation of an area's thing, or undefined. */
    async find(kind: string, reference: string, on: Db = db): Promise<StandingObligationRow | undefined> {
      const [row] = await on
        .select()
        .from(standingObligations)
        .where(and(eq(standingObligations.kind, kind), eq(standingObligations.reference, reference)))
        .limit(1);
      return row;
    },
    async listByIds(ids: string[]): Promise<StandingObligationRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(standingObligations).where(inArray(standingObligations.id, ids));
    },
    /**
     * Its charges and payments, and what they come to. `askableCents` is the balance less what
     * another open bill carries of it (`carry`): what its own bill or a plan may still ask for.
     */
    async summary(obligation: StandingObligationRow, on: Db = db) {
      const [ledger, carried] = await Promise.all([ledgerOf(on, obligation), carriedOf(on, obligation.id)]);
      const balance = ledger.charges.reduce((s, c) => s + c.amountCents, 0) - ledger.paidCents;
      return {
        ledger,
        balanceCents: Math.max(0, balance),
        carriedCents: carried.cents,
        askableCents: Math.max(0, balance - carried.cents),
        creditCents: Math.max(0, -balance),
        monthsInArrears: periodsInArrears(ledger.charges, ledger.paidCents).length,
      };
    },
    /** What the holder reads: the statement month by month and the payments, oldest first. */
    history: historyOf,

    /**
     * Another bill (a tenancy transfer's, decision 036) carries `amountCents` of the obligation's
     * balance: recorded once per `reference`, so that while that bill is open the obligation's own
     * bills and payment plans leave the amount to it. The obligation's open bill is cancelled
     * (keeping what it was paid): the carrying bill asks for its balance now. Audited as
     * `carried_by`. Paid, the area counts the amount into the ledger with `settleFrom`.
     */
    async carry(
      tx: Db,
      obligationId: string,
      input: { amountCents: number; billNo: string; reference: string; actor: Actor; requestId?: string },
    ): Promise<void> {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
        throw new Error('A carried amount is a positive whole number of cents.');
      const obligation = await loadOwned(tx, obligationId, true);
      const [carried] = await tx
        .insert(standingCarries)
        .values({
          obligationId,
          billNo: input.billNo,
          amountCents: input.amountCents,
          reference: input.reference,
        })
        .onConflictDoNothing({ target: [standingCarries.obligationId, standingCarries.reference] })
        .returning({ id: standingCarries.id });
      if (!carried) return;
      await cancelOpenBill(
        bills,
        tx,
        obligation,
        input.actor,
        `Its balance is carried by bill ${input.billNo}`,
        input.requestId,
      );
      await recordAudit(tx, {
        actor: input.actor,
        entityType: 'standing_obligation',
        entityId: `${obligation.kind}:${obligation.reference}`,
        action: 'carried_by',
        data: { amount_cents: input.amountCents, bill_no: input.billNo, reference: input.reference },
        ...(input.requestId ? { requestId: input.requestId } : {}),
      });
    },
    /**
     * Counts money paid through another bill that carried the obligation's balance (a transfer's
     * bill, decision 036) into its ledger, settling the oldest first as any payment does. Once per
     * `reference` (the application that carried it): asking again answers false and adds nothing.
     * Audited as `settled_by`.
     */
    async settleFrom(
      tx: Db,
      obligationId: string,
      input: { amountCents: number; billNo: string; reference: string; actor: Actor; requestId?: string },
    ): Promise<boolean> {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
        throw new Error('A settlement is a positive whole number of cents.');
      const obligation = await loadOwned(tx, obligationId, true);
      const [already] = await tx
        .select({ id: standingPayments.id })
        .from(standingPayments)
        .where(
          and(
            eq(standingPayments.obligationId, obligationId),
            eq(standingPayments.reference, input.reference),
          ),
        )
        .limit(1);
      if (already) return false;
      await tx.insert(standingPayments).values({
        obligationId,
        amountCents: input.amountCents,
        billNo: input.billNo,
        reference: input.reference,
      });
      await recordAudit(tx, {
        actor: input.actor,
        entityType: 'standing_obligation',
        entityId: `${obligation.kind}:${obligation.reference}`,
        action: 'settled_by',
        data: { amount_cents: input.amountCents, bill_no: input.billNo, reference: input.reference },
        ...(input.requestId ? { requestId: input.requestId } : {}),
      });
      return true;
    },
    /**
     * Moves an obligation to another account and name (a tenancy transferred), audited. Its open
     * bill, addressed to the one it leaves, is cancelled (keeping what it was paid: that is in the
     * ledger already); the next bill is the new holder's.
     */
    async transfer(
      tx: Db,
      obligationId: string,
      to: { userId: string; customerName: string },
      actor: Actor,
      requestId?: string,
    ): Promise<void> {
      const obligation = await loadOwned(tx, obligationId, true);
      await cancelOpenBill(bills, tx, obligation, actor, 'The obligation moved to another holder', requestId);
      await tx
        .update(standingObligations)
        .set({ userId: to.userId, customerName: to.customerName })
        .where(eq(standingObligations.id, obligationId));
      await recordAudit(tx, {
        actor,
        entityType: 'standing_obligation',
        entityId: `${obligation.kind}:${obligation.reference}`,
        action: 'transferred',
        data: { from_user_id: obligation.userId, to_user_id: to.userId },
        ...(requestId ? { requestId } : {}),
      });
    },
  };
}

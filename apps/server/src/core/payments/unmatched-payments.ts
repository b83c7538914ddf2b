import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { type PageQuery, pageOf, pageRead, UUID_KEY } from '../../platform/db/pages';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { users } from '../accounts/schema';
import type { Actor } from '../audit/audit';
import { fullName } from '../bills/bill-service';
import { bills } from '../bills/schema';
import type { PaymentInternals } from './payment-internals';
import type { MatchResult } from './payment-types';
import { type PaymentRow, payments } from './schema';
import { unmatchedResolution } from './status';

/** The default of REVENUE_SECOND_OFFICER_ABOVE: KES 10,000. */
export const SECOND_OFFICER_ABOVE_CENTS = 1_000_000;

export const UNMATCHED_MESSAGES = {
  ownBill: 'You cannot match money to a bill of your own account: another revenue officer must do it.',
  ownProposal: 'You proposed this match: another revenue officer must confirm it (four eyes).',
  notProposed: 'This payment has no match waiting to be confirmed.',
} as const;

/** An unmatched payment as the revenue screen lists it, with a proposed match waiting for a second officer. */
export interface UnmatchedListed {
  row: PaymentRow;
  proposal: {
    billNo: string;
    proposedBy: string;
    proposedByName: string;
    reason: string;
    proposedAt: Date;
  } | null;
}

/**
 * Unmatched money: paid money that reached no bill, matched to a bill by a revenue officer or
 * marked for refund. Nobody matches money to a bill of their own account; a match above
 * `secondOfficerAboveCents` is a proposal until a second revenue officer confirms it (four
 * eyes). Each move goes through `unmatchedResolution` and is audited.
 */
export function createUnmatchedPayments(internals: PaymentInternals) {
  const { db, now, deps, audit, creditTarget, lockUnresolved } = internals;
  const secondOfficerAbove = deps.secondOfficerAboveCents ?? SECOND_OFFICER_ABOVE_CENTS;

  /** The bill named by number, in this transaction (PGlite has one connection). */
  async function billByNo(tx: Db, billNo: string) {
    const [bill] = await tx
      .select({ id: bills.id, userId: bills.userId, billNo: bills.billNo, status: bills.status })
      .from(bills)
      .where(eq(bills.billNo, billNo.trim().toUpperCase()))
      .limit(1);
    if (!bill) throw notFound('There is no bill with this number.');
    return bill;
  }

  /** Credits the locked payment's money to the bill, exactly once, and records who did it. */
  async function applyMatch(
    tx: Db,
    row: PaymentRow,
    bill: { id: string; userId: string | null },
    officerId: string,
    reason: string,
    from: 'unresolved' | 'match_proposed',
    requestId?: string,
  ): Promise<MatchResult> {
    unmatchedResolution.assert(from, 'matched');
    const actor: Actor = { type: 'staff', id: officerId };
    const target = await creditTarget(tx, bill.id);
    if (target.reason !== undefined)
      throw conflict('This bill is cancelled: it cannot take a payment.', 'bill_cancelled');
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
        resolutionReason: from === 'unresolved' ? reason : row.resolutionReason,
        updatedAt: at,
      })
      .where(eq(payments.id, row.id));
    await audit(
      tx,
      row,
      'matched',
      actor,
      from === 'unresolved' ? 'unmatched' : from,
      'matched',
      {
        bill_no: target.billNo,
        account_typed: row.billNo,
        amount_cents: amountCents,
        reason,
        ...(from === 'match_proposed' ? { proposed_by: row.proposedBy } : {}),
      },
      requestId,
    );
    return { status: 'matched', billNo: target.billNo, amountCents, billStatus: applied.status };
  }

  async function lockProposed(tx: Db, paymentId: string): Promise<PaymentRow> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
    if (!row) throw notFound('We could not find that payment.');
    if (row.resolution !== 'match_proposed' || row.proposedBillId === null)
      throw conflict(UNMATCHED_MESSAGES.notProposed, 'illegal_transition');
    return row;
  }

  return {
    /** Match proposals above this (cents) need a second revenue officer. */
    secondOfficerAboveCents: secondOfficerAbove,

    /**
     * Paid money that reached no bill (paybill with a wrong account number, a cancelled bill,
     * money beyond a prompt), oldest first, with any match waiting for a second officer.
     */
    async listUnmatched(
      page: PageQuery = {},
    ): Promise<{ data: UnmatchedListed[]; next_cursor: string | null }> {
      const read = pageRead(page, payments.createdAt, payments.id, UUID_KEY, 'oldest first');
      const found = await db
        .select({ row: payments, at: read.at })
        .from(payments)
        .where(
          and(
            eq(payments.status, 'paid'),
            isNull(payments.appliedAt),
            sql`${payments.unmatchedReason} is not null`,
            or(isNull(payments.resolution), eq(payments.resolution, 'match_proposed')),
            read.after,
          ),
        )
        .orderBy(...read.orderBy)
        .limit(read.rows);
      const { data: rows, next_cursor } = pageOf(
        found,
        read.limit,
        (r) => ({ at: r.at, key: r.row.id }),
        (r) => r.row,
      );
      const billIds = rows.map((r) => r.proposedBillId).filter((id): id is string => id !== null);
      const officerIds = rows.map((r) => r.proposedBy).filter((id): id is string => id !== null);
      const [billRows, officerRows] = await Promise.all([
        billIds.length
          ? db.select({ id: bills.id, billNo: bills.billNo }).from(bills).where(inArray(bills.id, billIds))
          : Promise.resolve([]),
        officerIds.length
          ? db
              .select({ id: users.id, first: users.firstName, middle: users.middleName, sur: users.surName })
              .from(users)
              .where(inArray(users.id, officerIds))
          : Promise.resolve([]),
      ]);
      const billNos = new Map(billRows.map((b) => [b.id, b.billNo]));
      const names = new Map(officerRows.map((u) => [u.id, fullName(u.first, u.middle, u.sur)]));
      const data = rows.map((row) => ({
        row,
        proposal:
          row.resolution === 'match_proposed' && row.proposedBillId && row.proposedBy && row.proposedAt
            ? {
                billNo: billNos.get(row.proposedBillId) ?? '',
                proposedBy: row.proposedBy,
                proposedByName: names.get(row.proposedBy) ?? '',
                reason: row.resolutionReason ?? '',
                proposedAt: row.proposedAt,
              }
            : null,
      }));
      return { data, next_cursor };
    },

    /**
     * A revenue officer credits unmatched money to the bill they name: applied exactly once (the
     * payment is locked and must still be unresolved), with the reason, in the audit log. Never
     * to a bill of their own account (403); above `secondOfficerAboveCents` it is a proposal that
     * a second revenue officer confirms (`confirmMatch`).
     */
    async matchUnmatched(
      paymentId: string,
      billNo: string,
      officerId: string,
      reason: string,
      requestId?: string,
    ): Promise<MatchResult> {
      return db.transaction(async (tx) => {
        const row = await lockUnresolved(tx, paymentId);
        const bill = await billByNo(tx, billNo);
        if (bill.userId === officerId) throw forbidden(UNMATCHED_MESSAGES.ownBill);
        const amountCents = row.amountPaidCents ?? row.amountRequestedCents;
        if (amountCents <= secondOfficerAbove)
          return applyMatch(tx, row, bill, officerId, reason, 'unresolved', requestId);
        if (bill.status === 'cancelled')
          throw conflict('This bill is cancelled: it cannot take a payment.', 'bill_cancelled');
        unmatchedResolution.assert('unresolved', 'match_proposed');
        const at = now();
        await tx
          .update(payments)
          .set({
            resolution: 'match_proposed',
            proposedBillId: bill.id,
            proposedBy: officerId,
            proposedAt: at,
            resolutionReason: reason,
            updatedAt: at,
          })
          .where(eq(payments.id, row.id));
        await audit(
          tx,
          row,
          'match_proposed',
          { type: 'staff', id: officerId },
          'unmatched',
          'match_proposed',
          { bill_no: bill.billNo, account_typed: row.billNo, amount_cents: amountCents, reason },
          requestId,
        );
        return {
          status: 'awaiting_second_officer',
          billNo: bill.billNo,
          amountCents,
          billStatus: bill.status,
        };
      });
    },

    /** A second revenue officer confirms a proposed match: the money is credited then, exactly once. */
    async confirmMatch(paymentId: string, officerId: string, requestId?: string): Promise<MatchResult> {
      return db.transaction(async (tx) => {
        const row = await lockProposed(tx, paymentId);
        if (row.proposedBy === officerId) throw forbidden(UNMATCHED_MESSAGES.ownProposal);
        const [bill] = await tx
          .select({ id: bills.id, userId: bills.userId })
          .from(bills)
          .where(eq(bills.id, row.proposedBillId!))
          .limit(1);
        if (!bill) throw notFound('There is no bill with this number.');
        if (bill.userId === officerId) throw forbidden(UNMATCHED_MESSAGES.ownBill);
        return applyMatch(tx, row, bill, officerId, row.resolutionReason ?? '', 'match_proposed', requestId);
      });
    },

    /** A proposed match is refused (or withdrawn by its proposer), with the reason: unmatched again. */
    async refuseMatch(paymentId: string, officerId: string, reason: string, requestId?: string) {
      await db.transaction(async (tx) => {
        const row = await lockProposed(tx, paymentId);
        unmatchedResolution.assert('match_proposed', 'unresolved');
        await tx
          .update(payments)
          .set({
            resolution: null,
            proposedBillId: null,
            proposedBy: null,
            proposedAt: null,
            resolutionReason: null,
            updatedAt: now(),
          })
          .where(eq(payments.id, row.id));
        await audit(
          tx,
          row,
          'match_refused',
          { type: 'staff', id: officerId },
          'match_proposed',
          'unmatched',
          { proposed_by: row.proposedBy, reason },
          requestId,
        );
      });
    },

    /** A revenue officer marks unmatched money to be returned to the payer, with the reason. */
    async markForRefund(paymentId: string, officerId: string, reason: string, requestId?: string) {
      const actor: Actor = { type: 'staff', id: officerId };
      await db.transaction(async (tx) => {
        const row = await lockUnresolved(tx, paymentId);
        unmatchedResolution.assert('unresolved', 'refund');
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

import { MONTH_NAMES, SWAHILI_MONTH_NAMES } from '@kaunti/contract/dates';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import type { Actor } from '../audit/audit';
import type { BillService } from './bill-service';
import {
  bills as billsTable,
  standingCarries,
  standingCharges,
  standingObligations,
  standingPayments,
} from './schema';
import { type Charge, dueDateOf, type Period, type StandingTerms, settle } from './standing-rule';

// A standing obligation's ledger: its charges, payments and what other bills carry of it, read
// in the caller's transaction, and the words its months are shown in.

export type StandingObligationRow = typeof standingObligations.$inferSelect;

/** The bills of a standing obligation carry this source key: "standing:<obligation id>". */
export const STANDING_SOURCE = 'standing';
export const sourceKeyOf = (id: string) => `${STANDING_SOURCE}:${id}`;

/** "2026-03-01" → "March 2026" (Kiswahili: "Machi 2026"). */
export function monthName(period: Period, language: 'en' | 'sw' = 'en'): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return `${(language === 'sw' ? SWAHILI_MONTH_NAMES : MONTH_NAMES)[month - 1]} ${year}`;
}

export const termsOf = (row: StandingObligationRow): StandingTerms => ({
  amountCents: row.amountCents,
  startPeriod: row.startPeriod,
  endPeriod: row.endPeriod,
  dueDay: row.dueDay,
  penaltyPpm: row.penaltyPpm,
});

export interface Ledger {
  obligation: StandingObligationRow;
  charges: Charge[];
  paidCents: number;
  payments: { amountCents: number; billNo: string | null; reference: string; paidAt: Date }[];
}

export interface StatementPayment {
  amount_cents: number;
  bill_no: string | null;
  reference: string;
  paid_at: string;
}

export interface StatementMonth {
  period: Period;
  month: string;
  charge_cents: number;
  penalty_cents: number;
  paid_cents: number;
  due_date: string;
}

/** The obligation's charges and payments, oldest first, and what it was paid in all. */
export async function ledgerOf(on: Db, obligation: StandingObligationRow): Promise<Ledger> {
  const [charges, payments] = await Promise.all([
    on
      .select()
      .from(standingCharges)
      .where(eq(standingCharges.obligationId, obligation.id))
      .orderBy(asc(standingCharges.period), asc(standingCharges.kind)),
    on
      .select()
      .from(standingPayments)
      .where(eq(standingPayments.obligationId, obligation.id))
      .orderBy(asc(standingPayments.paidAt)),
  ]);
  return {
    obligation,
    charges: charges.map((c) => ({ period: c.period, kind: c.kind, amountCents: c.amountCents })),
    paidCents: payments.reduce((sum, p) => sum + p.amountCents, 0),
    payments: payments.map((p) => ({
      amountCents: p.amountCents,
      billNo: p.billNo,
      reference: p.reference,
      paidAt: p.paidAt,
    })),
  };
}

/**
 * What open bills of other kinds carry of the obligation's balance (`carry`): the amount and the
 * bills. Their amount is left to them by the obligation's own bills and by payment plans.
 */
export async function carriedOf(on: Db, obligationId: string): Promise<{ cents: number; billNos: string[] }> {
  const rows = await on
    .select({ billNo: standingCarries.billNo, amountCents: standingCarries.amountCents })
    .from(standingCarries)
    .innerJoin(billsTable, eq(billsTable.billNo, standingCarries.billNo))
    .where(
      and(
        eq(standingCarries.obligationId, obligationId),
        inArray(billsTable.status, ['unpaid', 'partially_paid']),
      ),
    );
  return { cents: rows.reduce((sum, r) => sum + r.amountCents, 0), billNos: rows.map((r) => r.billNo) };
}

/** The obligation, locked for the caller's transaction when `lock`; 404 when there is none. */
export async function loadOwned(on: Db, id: string, lock: boolean): Promise<StandingObligationRow> {
  const query = on.select().from(standingObligations).where(eq(standingObligations.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('We could not find that obligation.');
  return row;
}

/**
 * Cancels the obligation's open bill, if any, keeping what it was paid (that is in the ledger
 * already): something else now asks for its balance.
 */
export async function cancelOpenBill(
  bills: BillService,
  tx: Db,
  obligation: StandingObligationRow,
  actor: Actor,
  reason: string,
  requestId?: string,
): Promise<void> {
  const open = await bills.findOpenBySource(tx, sourceKeyOf(obligation.id));
  if (open) await bills.cancel(tx, open.billNo, actor, reason, requestId, { keepPaid: true });
}

/**
 * What the holder reads of an obligation (a tenancy's, a stall's): its statement month by month
 * and the payments received, oldest first; nothing when it has no ledger yet.
 */
export function historyOf(ledger: Ledger | undefined): {
  statement: StatementMonth[];
  payments: StatementPayment[];
} {
  if (!ledger) return { statement: [], payments: [] };
  return {
    statement: statementOf(ledger),
    payments: ledger.payments.map((p) => ({
      amount_cents: p.amountCents,
      bill_no: p.billNo,
      reference: p.reference,
      paid_at: p.paidAt.toISOString(),
    })),
  };
}

/** Month by month: what was charged, the penalty, what of it is paid (oldest first). */
export function statementOf(ledger: Ledger): StatementMonth[] {
  const months = new Map<Period, StatementMonth>();
  for (const c of settle(ledger.charges, ledger.paidCents)) {
    const month = months.get(c.period) ?? {
      period: c.period,
      month: monthName(c.period),
      charge_cents: 0,
      penalty_cents: 0,
      paid_cents: 0,
      due_date: dueDateOf(c.period, ledger.obligation.dueDay),
    };
    if (c.kind === 'charge') month.charge_cents += c.amountCents;
    else month.penalty_cents += c.amountCents;
    month.paid_cents += c.paidCents;
    months.set(c.period, month);
  }
  return [...months.values()];
}

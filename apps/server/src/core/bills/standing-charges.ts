import type { Bill } from '@kaunti/contract/api-bills';
import { SWAHILI_MONTH_NAMES } from '@kaunti/contract/dates';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { type Actor, recordAudit } from '../audit/audit';
import type { BillLanguage, BillService } from './bill-service';
import { kenyaToday } from './kenya-date';
import {
  bills as billsTable,
  standingCarries,
  standingCharges,
  standingObligations,
  standingPayments,
} from './schema';
import {
  billLinesFor,
  type Charge,
  type Day,
  dueDateOf,
  monthsBetween,
  type Period,
  periodOf,
  periodsInArrears,
  type StandingTerms,
  settle,
} from './standing-rule';

export type StandingObligationRow = typeof standingObligations.$inferSelect;

/** The bills of a standing obligation carry this source key: "standing:<obligation id>". */
export const STANDING_SOURCE = 'standing';
const sourceKeyOf = (id: string) => `${STANDING_SOURCE}:${id}`;

/** Asked for a bill of what another open bill carries (its Kiswahili: locales/sw/messages.json). */
export const BALANCE_ON_ANOTHER_BILL =
  'What is owed is already on another bill waiting for payment (see My bills): please pay that bill, or cancel the application that raised it.';

/** Ids (uuids, from the database) as one array parameter: `{a,b}`. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
const countOf = (result: unknown) => Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);

/** How many obligations one transaction of the job raises: small, so requests never wait long. */
const CHUNK = 2_000;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2026-03-01" → "March 2026" (Kiswahili: "Machi 2026"). */
export function monthName(period: Period, language: 'en' | 'sw' = 'en'): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return `${(language === 'sw' ? SWAHILI_MONTH_NAMES : MONTHS)[month - 1]} ${year}`;
}

export const termsOf = (row: StandingObligationRow): StandingTerms => ({
  amountCents: row.amountCents,
  startPeriod: row.startPeriod,
  endPeriod: row.endPeriod,
  dueDay: row.dueDay,
  penaltyPpm: row.penaltyPpm,
});

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

export interface Ledger {
  obligation: StandingObligationRow;
  charges: Charge[];
  paidCents: number;
  payments: { amountCents: number; billNo: string | null; reference: string; paidAt: Date }[];
}

export interface StatementMonth {
  period: Period;
  month: string;
  charge_cents: number;
  penalty_cents: number;
  paid_cents: number;
  due_date: string;
}

/**
 * Standing charges (decision 028): obligations that owe a charge every month — raised once per
 * month by one job whatever the instances, late penalties, payments settling the oldest first —
 * for any area (county rent, market stalls, payment plans). The rule is `standing-rule.ts`; this
 * is its database side. Payments reach an obligation through its bills: `billFor` raises one (the
 * balance and months ahead), and every payment that bill receives is counted in its ledger.
 */
export function createStandingCharges({ db, bills }: { db: Db; bills: BillService }) {
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

  async function ledgerOf(on: Db, obligation: StandingObligationRow): Promise<Ledger> {
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

  /** Raises the month's charges of these obligations (and any month missed), in one transaction. */
  async function raiseCharges(ids: string[], current: Period): Promise<number> {
    return db.transaction((tx) => raiseChargesIn(tx, ids, current));
  }

  /** The same, in the caller's transaction. */
  async function raiseChargesIn(tx: Db, ids: string[], current: Period): Promise<number> {
    const list = uuidArray(ids);
    const inserted = await tx.execute(sql`
        with due as (
          select o.id, o.amount_cents,
            (case when o.raised_through is null then o.start_period
              else (o.raised_through + interval '1 month')::date end) as first_period,
            least(${current}::date, coalesce(o.end_period, ${current}::date)) as last_period
          from ${standingObligations} o
          where o.id = any(${list}::uuid[])
        ), raised as (
          insert into ${standingCharges} (obligation_id, period, kind, amount_cents)
          select due.id, p::date, 'charge', due.amount_cents
          from due cross join lateral generate_series(due.first_period, due.last_period, interval '1 month') p
          where due.first_period <= due.last_period
          on conflict do nothing
          returning 1
        )
        select count(*)::int as n from raised`);
    await tx.execute(sql`
        update ${standingObligations} o
        set raised_through = least(${current}::date, coalesce(o.end_period, ${current}::date))
        where o.id = any(${list}::uuid[]) and o.start_period <= ${current}::date`);
    return countOf(inserted);
  }

  /** Adds the penalties due today to these obligations' late charges (see standing-rule.ts). */
  async function raisePenalties(ids: string[], today: string, on: Db = db): Promise<number> {
    const list = uuidArray(ids);
    const inserted = await on.execute(sql`
      with paid as (
        select obligation_id, sum(amount_cents)::bigint as total from ${standingPayments}
        where obligation_id = any(${list}::uuid[]) group by obligation_id
      ), ledger as (
        select c.obligation_id, c.period, c.kind, c.amount_cents, o.penalty_ppm, o.due_day,
          least(c.amount_cents, greatest(0::bigint,
            (sum(c.amount_cents) over (partition by c.obligation_id order by c.period, c.kind
              rows between unbounded preceding and current row))::bigint - coalesce(paid.total, 0)))::bigint as unpaid
        from ${standingCharges} c
        join ${standingObligations} o on o.id = c.obligation_id
        left join paid on paid.obligation_id = c.obligation_id
        where c.obligation_id = any(${list}::uuid[]) and o.penalty_ppm > 0
      ), raised as (
        insert into ${standingCharges} (obligation_id, period, kind, amount_cents)
        select l.obligation_id, l.period, 'penalty', (l.unpaid * l.penalty_ppm + 500000) / 1000000
        from ledger l
        where l.kind = 'charge' and l.unpaid > 0
          and (l.period + (l.due_day - 1)) < ${today}::date
          and (l.unpaid * l.penalty_ppm + 500000) / 1000000 > 0
          and not exists (select 1 from ${standingCharges} x
            where x.obligation_id = l.obligation_id and x.period = l.period and x.kind = 'penalty')
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from raised`);
    return countOf(inserted);
  }

  /**
   * What open bills of other kinds carry of the obligation's balance (`carry`): the amount and the
   * bills. Their amount is left to them by the obligation's own bills and by payment plans.
   */
  async function carriedOf(on: Db, obligationId: string): Promise<{ cents: number; billNos: string[] }> {
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

  async function loadOwned(on: Db, id: string, lock: boolean): Promise<StandingObligationRow> {
    const query = on.select().from(standingObligations).where(eq(standingObligations.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('We could not find that obligation.');
    return row;
  }

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

    /**
     * The job (every hour; the 1st of a month raises that month): every obligation's charges up to
     * this month, once each — two instances running it at once raise each month once (the unique
     * index), a month missed while none ran is caught up — then the penalties due today. In
     * transactions of at most 2,000 obligations, so requests never wait behind the whole run.
     */
    async raiseDue(at: Date = new Date()): Promise<{ charges: number; penalties: number }> {
      const today: Day = kenyaToday(at);
      const current = periodOf(today.year, today.month);
      const date = dueDateOf(current, today.day);
      let charges = 0;
      let penalties = 0;
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const chunk = await db
          .select({ id: standingObligations.id })
          .from(standingObligations)
          .where(gt(standingObligations.id, after))
          .orderBy(asc(standingObligations.id))
          .limit(CHUNK);
        if (chunk.length === 0) break;
        const ids = chunk.map((r) => r.id);
        after = ids[ids.length - 1]!;
        charges += await raiseCharges(ids, current);
        penalties += await raisePenalties(ids, date);
      }
      if (charges + penalties > 0)
        await recordAudit(db, {
          actor: { type: 'system' },
          entityType: 'standing_charges',
          entityId: current,
          action: 'raised',
          data: { charges, penalties, on: date },
        });
      return { charges, penalties };
    },

    /**
     * Raises one obligation's months due now (and their penalties), in the caller's transaction: an
     * obligation opened while a request runs (a stall allocated as its application is issued) owes
     * its current month at once, not when the hourly job next runs. Once each, as the job's: the
     * job and this never raise a month twice.
     */
    async raiseNow(
      tx: Db,
      obligationId: string,
      at: Date = new Date(),
    ): Promise<{ charges: number; penalties: number }> {
      const today: Day = kenyaToday(at);
      const current = periodOf(today.year, today.month);
      const charges = await raiseChargesIn(tx, [obligationId], current);
      const penalties = await raisePenalties([obligationId], dueDateOf(current, today.day), tx);
      return { charges, penalties };
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

    /** Month by month: what was charged, the penalty, what of it is paid (oldest first). */
    statement(ledger: Ledger): StatementMonth[] {
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
    },

    /**
     * A bill of the obligation's balance and `monthsAhead` months after those raised (0: the
     * balance only), one line per month, oldest first. It replaces the obligation's open bill
     * (cancelled, keeping what it was paid).
     */
    async billFor(
      obligationId: string,
      monthsAhead: number,
      actor: Actor,
      requestId?: string,
      /** The language of the answer (the asker's, as GET /api/bills answers): both are kept. */
      answerIn: BillLanguage = 'en',
    ): Promise<Bill> {
      if (!Number.isInteger(monthsAhead) || monthsAhead < 0 || monthsAhead > 24)
        throw badRequest('Please choose between 0 and 24 months ahead.');
      return db.transaction(async (tx) => {
        const obligation = await loadOwned(tx, obligationId, true);
        const ledger = await ledgerOf(tx, obligation);
        // What another open bill carries is asked for there, not again here (as if paid).
        const carried = await carriedOf(tx, obligation.id);
        const lines = billLinesFor(
          termsOf(obligation),
          ledger.charges,
          ledger.paidCents + carried.cents,
          monthsAhead,
        );
        if (lines.length === 0 && carried.cents > 0)
          throw conflict(BALANCE_ON_ANOTHER_BILL, 'balance_on_another_bill');
        if (lines.length === 0) throw new AppError(400, 'nothing_to_pay', 'There is nothing to pay.');
        const open = await bills.findOpenBySource(tx, sourceKeyOf(obligation.id));
        // The open bill is replaced: what it received is already in the ledger, and what it still
        // asked for is in the new one.
        if (open)
          await bills.cancel(
            tx,
            open.billNo,
            actor,
            'Replaced by a new bill of the same obligation',
            requestId,
            {
              keepPaid: true,
            },
          );
        const first = lines[0]!.period;
        const last = lines[lines.length - 1]!.period;
        const span = first === last ? monthName(first) : `${monthName(first)} to ${monthName(last)}`;
        const spanSw =
          first === last ? monthName(first, 'sw') : `${monthName(first, 'sw')} hadi ${monthName(last, 'sw')}`;
        const inSw = obligation.descriptionSw ?? obligation.description;
        return bills.raise(tx, {
          userId: obligation.userId,
          customerName: obligation.customerName,
          description: `${obligation.description} (${obligation.reference}): ${span}`,
          descriptionSw: `${inSw} (${obligation.reference}): ${spanSw}`,
          lines: lines.map((l) => ({
            amount_cents: l.amountCents,
            description:
              l.kind === 'penalty'
                ? `Late payment penalty, ${monthName(l.period)}`
                : l.kind === 'ahead'
                  ? `${obligation.description}, ${monthName(l.period)} (in advance)`
                  : `${obligation.description}, ${monthName(l.period)}`,
            description_sw:
              l.kind === 'penalty'
                ? `Adhabu ya kuchelewa kulipa, ${monthName(l.period, 'sw')}`
                : l.kind === 'ahead'
                  ? `${inSw}, ${monthName(l.period, 'sw')} (mapema)`
                  : `${inSw}, ${monthName(l.period, 'sw')}`,
            parcel: null,
            code: l.period.slice(0, 7),
          })),
          sourceKey: sourceKeyOf(obligation.id),
          subCountyCode: obligation.subCountyCode,
          answerIn,
          actor,
          ...(requestId ? { requestId } : {}),
        });
      });
    },

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
      const open = await bills.findOpenBySource(tx, sourceKeyOf(obligation.id));
      if (open)
        await bills.cancel(
          tx,
          open.billNo,
          input.actor,
          `Its balance is carried by bill ${input.billNo}`,
          input.requestId,
          {
            keepPaid: true,
          },
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
      const open = await bills.findOpenBySource(tx, sourceKeyOf(obligation.id));
      if (open)
        await bills.cancel(tx, open.billNo, actor, 'The obligation moved to another holder', requestId, {
          keepPaid: true,
        });
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

    /** Whole months from an obligation's first period to `to` (for seed data and tests). */
    monthsBetween,
  };
}

export type StandingChargeService = ReturnType<typeof createStandingCharges>;

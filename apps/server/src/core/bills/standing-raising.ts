import { asc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { recordAudit } from '../audit/audit';
import { kenyaToday } from './kenya-date';
import { standingCharges, standingObligations, standingPayments } from './schema';
import { type Day, dueDateOf, type Period, periodOf } from './standing-rule';

/** Ids (uuids, from the database) as one array parameter: `{a,b}`. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
const countOf = (result: unknown) => Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);

/** How many obligations one transaction of the job raises: small, so requests never wait long. */
const CHUNK = 2_000;

/** Raises the month's charges of these obligations (and any month missed), in the caller's transaction. */
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
async function raisePenalties(on: Db, ids: string[], today: string): Promise<number> {
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

/** Raising what obligations owe: every month's charge once, and the penalties due (the job, or one now). */
export function createStandingRaising(db: Db) {
  return {
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
        charges += await db.transaction((tx) => raiseChargesIn(tx, ids, current));
        penalties += await raisePenalties(db, ids, date);
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
      const penalties = await raisePenalties(tx, [obligationId], dueDateOf(current, today.day));
      return { charges, penalties };
    },
  };
}

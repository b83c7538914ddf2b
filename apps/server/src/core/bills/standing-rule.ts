/**
 * The rule of a standing charge (decision 028), as pure functions: what the database job and the
 * statement do, written once here so property tests can hold them to it.
 *
 * A standing obligation owes `amount_cents` for each period (a month) from its first period on.
 * A period's charge is due on its `due_day`; a charge still unpaid (in part) after that day adds
 * one penalty of `penalty_ppm` of what is unpaid of it. Everything paid settles the oldest first:
 * the charges and penalties in order of period, a period's charge before its penalty. What is
 * paid beyond all that is raised is credit, which the next periods' charges take first.
 */

/** A period as its first day, `YYYY-MM-01`. */
export type Period = string;

export interface StandingTerms {
  /** What each period owes, in cents (> 0). */
  amountCents: number;
  /** The first period owed. */
  startPeriod: Period;
  /** The last period owed (the tenancy ended), or null. */
  endPeriod: Period | null;
  /** The day of the period by which its charge must be paid (1–28). */
  dueDay: number;
  /** The late penalty, in parts per million of what is unpaid of a charge after its due day. */
  penaltyPpm: number;
}

export type ChargeKind = 'charge' | 'penalty';

export interface Charge {
  period: Period;
  kind: ChargeKind;
  amountCents: number;
}

export interface SettledCharge extends Charge {
  paidCents: number;
}

export interface Day {
  year: number;
  month: number;
  day: number;
}

export const periodOf = (year: number, month: number): Period =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;

/** The period `n` months after `period` (n may be negative). */
export function addMonths(period: Period, n: number): Period {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + n;
  return periodOf(Math.floor(index / 12), (index % 12) + 1);
}

/**
 * The first month a charge opened today owes (a house or a stall let today): this month while
 * its due day is still to come, else the next (one let on the 29th is never late for a month it
 * had one day of).
 */
export function firstMonthOwed(today: { year: number; month: number; day: number }, dueDay: number): Period {
  const current = periodOf(today.year, today.month);
  return today.day <= dueDay ? current : addMonths(current, 1);
}

/** Whole months from `from` to `to` (to − from). */
export function monthsBetween(from: Period, to: Period): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return ty * 12 + tm - (fy * 12 + fm);
}

/** The periods whose charge is owed by `today`: the first period up to today's (or the last). */
export function periodsOwed(terms: StandingTerms, today: Day): Period[] {
  let last = periodOf(today.year, today.month);
  if (terms.endPeriod && terms.endPeriod < last) last = terms.endPeriod;
  const count = monthsBetween(terms.startPeriod, last) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addMonths(terms.startPeriod, i));
}

/** Oldest first: by period, a period's charge before its penalty. */
export function compareCharges(a: Charge, b: Charge): number {
  if (a.period !== b.period) return a.period < b.period ? -1 : 1;
  return a.kind === b.kind ? 0 : a.kind === 'charge' ? -1 : 1;
}

/** What `paidCents` settles of each charge, oldest first. */
export function settle(charges: readonly Charge[], paidCents: number): SettledCharge[] {
  let left = paidCents;
  return [...charges].sort(compareCharges).map((charge) => {
    const paid = Math.min(charge.amountCents, Math.max(0, left));
    left -= paid;
    return { ...charge, paidCents: paid };
  });
}

/** Everything raised less everything paid: above 0 owed, below 0 credit (periods paid ahead). */
export function balanceOf(charges: readonly Charge[], paidCents: number): number {
  return charges.reduce((sum, c) => sum + c.amountCents, 0) - paidCents;
}

/** round(amount × ppm / 1,000,000), halves up, in integers. */
export function ppmOf(amountCents: number, ppm: number): number {
  return Number((BigInt(amountCents) * BigInt(ppm) + 500_000n) / 1_000_000n);
}

/** The day a period's charge is due, `YYYY-MM-DD`. */
export function dueDateOf(period: Period, dueDay: number): string {
  return `${period.slice(0, 8)}${String(dueDay).padStart(2, '0')}`;
}

const dayText = (d: Day) =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/**
 * The penalties due on `today`: one for each charge past its due day with part of it unpaid and
 * no penalty yet, of `penalty_ppm` of what is unpaid of it now. (A penalty is itself never
 * penalised.)
 */
export function penaltiesDue(
  terms: StandingTerms,
  charges: readonly Charge[],
  paidCents: number,
  today: Day,
): Charge[] {
  if (terms.penaltyPpm <= 0) return [];
  const penalised = new Set(charges.filter((c) => c.kind === 'penalty').map((c) => c.period));
  const date = dayText(today);
  return settle(charges, paidCents)
    .filter(
      (c) =>
        c.kind === 'charge' &&
        !penalised.has(c.period) &&
        dueDateOf(c.period, terms.dueDay) < date &&
        c.amountCents > c.paidCents,
    )
    .map((c) => ({
      period: c.period,
      kind: 'penalty' as const,
      amountCents: ppmOf(c.amountCents - c.paidCents, terms.penaltyPpm),
    }))
    .filter((c) => c.amountCents > 0);
}

/**
 * The charges raised by `today`, given those already raised: every period owed that has no charge
 * yet (a period missed while no instance ran is caught up), then the penalties due.
 */
export function raiseDue(
  terms: StandingTerms,
  raised: readonly Charge[],
  paidCents: number,
  today: Day,
): Charge[] {
  const have = new Set(raised.filter((c) => c.kind === 'charge').map((c) => c.period));
  const charges: Charge[] = periodsOwed(terms, today)
    .filter((p) => !have.has(p))
    .map((period) => ({ period, kind: 'charge', amountCents: terms.amountCents }));
  const all = [...raised, ...charges];
  return [...charges, ...penaltiesDue(terms, all, paidCents, today)];
}

/** The periods with part of their charge or penalty unpaid, oldest first. */
export function periodsInArrears(charges: readonly Charge[], paidCents: number): Period[] {
  const open = settle(charges, paidCents).filter((c) => c.amountCents > c.paidCents);
  return [...new Set(open.map((c) => c.period))];
}

/**
 * The lines of a bill for the balance and `monthsAhead` periods after the last one raised: each
 * unpaid part oldest first, then the months ahead (less any credit, which pays the first of them).
 */
export function billLinesFor(
  terms: StandingTerms,
  charges: readonly Charge[],
  paidCents: number,
  monthsAhead: number,
): { period: Period; kind: ChargeKind | 'ahead'; amountCents: number }[] {
  const owed = settle(charges, paidCents)
    .filter((c) => c.amountCents > c.paidCents)
    .map((c) => ({
      period: c.period,
      kind: c.kind as ChargeKind | 'ahead',
      amountCents: c.amountCents - c.paidCents,
    }));
  const credit = Math.max(0, -balanceOf(charges, paidCents));
  const lastRaised = charges
    .filter((c) => c.kind === 'charge')
    .reduce<Period | null>((last, c) => (last === null || c.period > last ? c.period : last), null);
  const first = lastRaised ? addMonths(lastRaised, 1) : terms.startPeriod;
  // Credit already pays whole periods ahead; the next one is paid in part.
  const coveredAhead = Math.floor(credit / terms.amountCents);
  let part = credit % terms.amountCents;
  const ahead = [];
  for (let i = 0; i < monthsAhead; i++) {
    const period = addMonths(first, coveredAhead + i);
    if (terms.endPeriod && period > terms.endPeriod) break;
    ahead.push({ period, kind: 'ahead' as const, amountCents: terms.amountCents - part });
    part = 0;
  }
  return [...owed, ...ahead];
}

/**
 * The rule of a payment plan (decision 037), as pure functions the service follows and the
 * property tests hold it to: the schedule (amounts in integer cents summing exactly to the
 * arrears, due dates a month apart), whether it is granted at once, and when an instalment is
 * missed, reminded, or billed.
 */

export interface PlanLimitsConfig {
  /** Up to this many instalments a plan is granted at once. */
  instantMaxInstalments: number;
  /** Up to these arrears (cents) a plan is granted at once. */
  instantMaxCents: number;
}

export interface ScheduledInstalment {
  number: number;
  dueDate: string;
  amountCents: number;
}

/** A calendar day, `YYYY-MM-DD`. */
export type DayText = string;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a year, month (1–12) and day. */
export const dayOf = (year: number, month: number, day: number): DayText =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The day `n` months after `day`, on the same day of the month (days above 28 are never used). */
export function addMonthsToDay(day: DayText, n: number): DayText {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + n;
  return dayOf(Math.floor(index / 12), (index % 12) + 1, d);
}

/** The day `n` days after `day` (n may be negative), by the calendar. */
export function addDays(day: DayText, n: number): DayText {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + n);
  return at.toISOString().slice(0, 10);
}

/**
 * The instalments of `totalCents` in `count` monthly parts from `today`: each due on the same
 * day of the month (today's, at most the 28th), the first a month after today. Every instalment
 * but the last is a whole number of shillings (M-Pesa pays shillings), the last takes the rest,
 * so they sum to the arrears exactly and the last is at most `count` shillings more than the others.
 */
export function scheduleOf(totalCents: number, count: number, today: DayText): ScheduledInstalment[] {
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0)
    throw new Error('A plan covers a positive whole number of cents.');
  if (!Number.isInteger(count) || count < 2 || count > 12) throw new Error('A plan has 2 to 12 instalments.');
  const base = Math.floor(totalCents / count / 100) * 100;
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const first = addMonthsToDay(dayOf(year, month, Math.min(day, 28)), 1);
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    dueDate: addMonthsToDay(first, i),
    amountCents: i === count - 1 ? totalCents - base * (count - 1) : base,
  })).filter((x) => x.amountCents > 0);
}

/** Granted at once within the county's limits; above either, a revenue officer decides. */
export function grantedAtOnce(limits: PlanLimitsConfig, totalCents: number, count: number): boolean {
  return count <= limits.instantMaxInstalments && totalCents <= limits.instantMaxCents;
}

/** An instalment still unpaid after its due day is missed. */
export const isMissed = (dueDate: DayText, today: DayText, paid: boolean) => !paid && dueDate < today;

/** Its reminder goes from three days before its due day until the day itself, if still unpaid. */
export const REMINDER_DAYS_BEFORE = 3;
export const isReminderDue = (dueDate: DayText, today: DayText, paid: boolean) =>
  !paid && today >= addDays(dueDate, -REMINDER_DAYS_BEFORE) && today <= dueDate;

/** Its bill is raised from a month before its due day (the first one at once). */
export const BILL_DAYS_BEFORE = 31;
export const isBillDue = (dueDate: DayText, today: DayText) => today >= addDays(dueDate, -BILL_DAYS_BEFORE);

/** Two missed instalments end a plan: the rest falls due. */
export const MISSES_THAT_END_A_PLAN = 2;

/**
 * The late-payment penalty a plan held back while it was kept: when it ends after two missed
 * instalments, the rest falls due with one penalty of this many parts per million of it — the
 * county's rate on late rent and stall rent (5%), rounded half up as a standing charge's is.
 */
export const REST_PENALTY_PPM = 50_000;
export const restPenaltyCents = (restCents: number): number =>
  Math.floor((restCents * REST_PENALTY_PPM + 500_000) / 1_000_000);

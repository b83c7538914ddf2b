import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsToDay,
  dayOf,
  grantedAtOnce,
  isMissed,
  isReminderDue,
  REST_PENALTY_PPM,
  restPenaltyCents,
  scheduleOf,
} from './plan-rule';

const dayArb = fc
  .record({
    y: fc.integer({ min: 2024, max: 2035 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 31 }),
  })
  .filter(({ y, m, d }) => d <= new Date(Date.UTC(y, m, 0)).getUTCDate())
  .map(({ y, m, d }) => dayOf(y, m, d));
const arrearsArb = fc.integer({ min: 500_000, max: 500_000_000 });
const countArb = fc.integer({ min: 2, max: 12 });

describe('a payment plan schedule (decision 037)', () => {
  it('its instalments sum to the arrears exactly, in positive whole cents, all but the last in shillings', () => {
    fc.assert(
      fc.property(arrearsArb, countArb, dayArb, (total, count, today) => {
        const schedule = scheduleOf(total, count, today);
        expect(schedule).toHaveLength(count);
        expect(schedule.reduce((sum, s) => sum + s.amountCents, 0)).toBe(total);
        for (const s of schedule) {
          expect(Number.isSafeInteger(s.amountCents)).toBe(true);
          expect(s.amountCents).toBeGreaterThan(0);
        }
        for (const s of schedule.slice(0, -1)) expect(s.amountCents % 100).toBe(0);
        // Even: the last is the others' amount plus less than a shilling per instalment.
        const first = schedule[0]!.amountCents;
        const last = schedule.at(-1)!.amountCents;
        expect(last).toBeGreaterThanOrEqual(first);
        expect(last - first).toBeLessThan(count * 100);
      }),
    );
  });

  it('its due dates are monthly: the first a month after today, each a month after the one before, on one day ≤ 28', () => {
    fc.assert(
      fc.property(arrearsArb, countArb, dayArb, (total, count, today) => {
        const dates = scheduleOf(total, count, today).map((s) => s.dueDate);
        const day = Math.min(Number(today.slice(8)), 28);
        expect(dates[0]).toBe(
          addMonthsToDay(dayOf(Number(today.slice(0, 4)), Number(today.slice(5, 7)), day), 1),
        );
        expect(dates[0]! > today).toBe(true);
        dates.forEach((date, i) => {
          expect(Number(date.slice(8))).toBe(day);
          expect(Number.isNaN(new Date(`${date}T00:00:00Z`).getTime())).toBe(false);
          if (i > 0) {
            const [py, pm] = dates[i - 1]!.split('-').map(Number) as [number, number];
            const [y, m] = date.split('-').map(Number) as [number, number];
            expect(y * 12 + m - (py * 12 + pm)).toBe(1);
          }
        });
      }),
    );
  });

  it('is granted at once only within both limits', () => {
    const limits = { instantMaxInstalments: 6, instantMaxCents: 20_000_000 };
    fc.assert(
      fc.property(arrearsArb, countArb, (total, count) => {
        expect(grantedAtOnce(limits, total, count)).toBe(count <= 6 && total <= 20_000_000);
      }),
    );
  });

  it('refuses what is not a plan: under 2 or over 12 instalments, nothing owed', () => {
    expect(() => scheduleOf(1_000_000, 1, '2026-01-10')).toThrow();
    expect(() => scheduleOf(1_000_000, 13, '2026-01-10')).toThrow();
    expect(() => scheduleOf(0, 3, '2026-01-10')).toThrow();
  });

  it('reminds from three days before the due date until it, misses after it, never once paid', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: -10, max: 10 }), fc.boolean(), (due, offset, paid) => {
        const today = addDays(due, offset);
        expect(isReminderDue(due, today, paid)).toBe(!paid && offset >= -3 && offset <= 0);
        expect(isMissed(due, today, paid)).toBe(!paid && offset > 0);
      }),
    );
  });
});

describe('the penalty on the rest of an ended plan', () => {
  it('is 5% of the rest in whole cents, rounded half up, and nothing on nothing', () => {
    expect(REST_PENALTY_PPM).toBe(50_000);
    expect(restPenaltyCents(0)).toBe(0);
    expect(restPenaltyCents(900_000)).toBe(45_000);
    expect(restPenaltyCents(10)).toBe(1); // 0.5 cent rounds up
    expect(restPenaltyCents(9)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (rest) => {
        const penalty = restPenaltyCents(rest);
        expect(Number.isSafeInteger(penalty)).toBe(true);
        expect(Math.abs(penalty - rest / 20)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

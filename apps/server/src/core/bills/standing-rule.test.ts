import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  balanceOf,
  billLinesFor,
  type Charge,
  compareCharges,
  type Day,
  dueDateOf,
  firstMonthOwed,
  penaltiesDue,
  periodOf,
  periodsInArrears,
  raiseDue,
  type StandingTerms,
  settle,
} from './standing-rule';

const termsArb: fc.Arbitrary<StandingTerms> = fc.record({
  amountCents: fc.integer({ min: 1, max: 5_000_000 }),
  startPeriod: fc
    .record({ y: fc.integer({ min: 2020, max: 2026 }), m: fc.integer({ min: 1, max: 12 }) })
    .map(({ y, m }) => periodOf(y, m)),
  endPeriod: fc.constant(null),
  dueDay: fc.integer({ min: 1, max: 28 }),
  penaltyPpm: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200_000 })),
});

/** A day `offset` days after the first of `period`'s month (days of month kept to 1–28). */
const dayIn = (period: string, day: number): Day => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return { year, month, day };
};

/** Events of a life: the job runs (one or two instances), a payment arrives, a month passes. */
type Event = { run: number } | { pay: number } | { next: number };
const eventArb: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ run: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ pay: fc.integer({ min: 1, max: 10_000_000 }) }),
  fc.record({ next: fc.integer({ min: 1, max: 28 }) }),
);

/** Plays events from the obligation's first day: what the ledger holds at the end. */
function play(terms: StandingTerms, events: Event[]) {
  let raised: Charge[] = [];
  let paid = 0;
  let period = terms.startPeriod;
  let day = 1;
  const log: { today: Day; added: Charge[]; before: Charge[]; paidBefore: number }[] = [];
  for (const event of events) {
    if ('run' in event) {
      // Two instances in the same moment: each raises what it finds missing; the store keeps
      // one row per (period, kind), as the unique index does.
      for (let i = 0; i < event.run; i++) {
        const today = dayIn(period, day);
        const added = raiseDue(terms, raised, paid, today);
        const kept = added.filter((a) => !raised.some((r) => r.period === a.period && r.kind === a.kind));
        log.push({ today, added: kept, before: raised, paidBefore: paid });
        raised = [...raised, ...kept];
      }
    } else if ('pay' in event) paid += event.pay;
    else if (event.next <= day) {
      period = addMonths(period, 1);
      day = event.next;
    } else day = event.next;
  }
  return { raised, paid, period, day, log };
}

describe('standing charges: the rule (property tests)', () => {
  it('raises each month once, however often and however many instances run, up to the current month', () => {
    fc.assert(
      fc.property(termsArb, fc.array(eventArb, { maxLength: 60 }), (terms, events) => {
        const { raised, period } = play(terms, [...events, { run: 2 }]);
        const charges = raised.filter((c) => c.kind === 'charge').map((c) => c.period);
        expect(new Set(charges).size).toBe(charges.length);
        // Every month from the first to the current one, none beyond.
        const expected = [];
        for (let p = terms.startPeriod; p <= period; p = addMonths(p, 1)) expected.push(p);
        expect([...charges].sort()).toEqual(expected);
        for (const c of raised.filter((r) => r.kind === 'charge'))
          expect(c.amountCents).toBe(terms.amountCents);
        // A penalty at most once per month.
        const penalties = raised.filter((c) => c.kind === 'penalty').map((c) => c.period);
        expect(new Set(penalties).size).toBe(penalties.length);
      }),
    );
  });

  it('adds a penalty only to a month past its due day with part of it unpaid, of the rate of that part', () => {
    fc.assert(
      fc.property(termsArb, fc.array(eventArb, { maxLength: 60 }), (terms, events) => {
        const { log } = play(terms, events);
        for (const { today, added, before, paidBefore } of log) {
          const withCharges = [...before, ...added.filter((a) => a.kind === 'charge')];
          const settled = settle(withCharges, paidBefore);
          for (const penalty of added.filter((a) => a.kind === 'penalty')) {
            expect(terms.penaltyPpm).toBeGreaterThan(0);
            const todayText = dueDateOf(periodOf(today.year, today.month), today.day);
            expect(dueDateOf(penalty.period, terms.dueDay) < todayText).toBe(true);
            const charge = settled.find((c) => c.kind === 'charge' && c.period === penalty.period)!;
            const unpaid = charge.amountCents - charge.paidCents;
            expect(unpaid).toBeGreaterThan(0);
            expect(penalty.amountCents).toBe(Math.floor((unpaid * terms.penaltyPpm + 500_000) / 1_000_000));
          }
        }
      }),
    );
  });

  it('settles the oldest first: no month is paid in any part while an older one owes', () => {
    fc.assert(
      fc.property(termsArb, fc.array(eventArb, { maxLength: 60 }), (terms, events) => {
        const { raised, paid } = play(terms, events);
        const settled = settle(raised, paid);
        const total = raised.reduce((s, c) => s + c.amountCents, 0);
        expect(settled.reduce((s, c) => s + c.paidCents, 0)).toBe(Math.min(paid, total));
        for (let i = 1; i < settled.length; i++) {
          expect(compareCharges(settled[i - 1]!, settled[i]!)).toBeLessThanOrEqual(0);
          if (settled[i]!.paidCents > 0) expect(settled[i - 1]!.paidCents).toBe(settled[i - 1]!.amountCents);
        }
        // The months in arrears are exactly the last ones, in order.
        const arrears = periodsInArrears(raised, paid);
        const owing = settled.filter((c) => c.paidCents < c.amountCents).map((c) => c.period);
        expect(arrears).toEqual([...new Set(owing)]);
      }),
    );
  });

  it("carries arrears: a month's unpaid part stays owed until paid, and the balance is all raised less all paid", () => {
    fc.assert(
      fc.property(termsArb, fc.array(eventArb, { maxLength: 60 }), (terms, events) => {
        const { raised, paid } = play(terms, [...events, { run: 1 }]);
        const balance = balanceOf(raised, paid);
        const owed = settle(raised, paid).reduce((s, c) => s + c.amountCents - c.paidCents, 0);
        expect(Math.max(0, balance)).toBe(owed);
      }),
    );
  });

  it('a bill of the balance clears it; a bill of n months ahead leaves exactly n more months paid ahead', () => {
    fc.assert(
      fc.property(
        termsArb,
        fc.array(eventArb, { maxLength: 40 }),
        fc.integer({ min: 0, max: 12 }),
        (terms, events, ahead) => {
          const { raised, paid } = play(terms, [...events, { run: 1 }]);
          const lines = billLinesFor(terms, raised, paid, ahead);
          const total = lines.reduce((s, l) => s + l.amountCents, 0);
          for (const line of lines) expect(line.amountCents).toBeGreaterThan(0);
          const before = balanceOf(raised, paid);
          const after = balanceOf(raised, paid + total);
          const monthsAheadBefore = before < 0 ? Math.floor(-before / terms.amountCents) : 0;
          if (ahead === 0) expect(after).toBe(Math.min(0, before));
          else expect(-after).toBe((monthsAheadBefore + ahead) * terms.amountCents);
          // The months billed ahead are the next ones after those raised and those already paid ahead.
          const aheadLines = lines.filter((l) => l.kind === 'ahead');
          expect(aheadLines).toHaveLength(ahead);
          if (ahead > 0) {
            const lastRaised = raised
              .filter((c) => c.kind === 'charge')
              .map((c) => c.period)
              .sort()
              .at(-1)!;
            expect(aheadLines[0]!.period).toBe(addMonths(lastRaised, 1 + monthsAheadBefore));
          }
        },
      ),
    );
  });

  it('credit pays the next months raised: a tenant paid ahead owes nothing when they come', () => {
    fc.assert(
      fc.property(termsArb, fc.integer({ min: 1, max: 12 }), (terms, ahead) => {
        const today = dayIn(terms.startPeriod, 1);
        const first = raiseDue(terms, [], 0, today);
        const paid = billLinesFor(terms, first, 0, ahead).reduce((s, l) => s + l.amountCents, 0);
        let raised = first;
        let period = terms.startPeriod;
        for (let i = 0; i < ahead; i++) {
          period = addMonths(period, 1);
          raised = [...raised, ...raiseDue(terms, raised, paid, dayIn(period, 28))];
        }
        expect(raised.filter((c) => c.kind === 'penalty')).toEqual([]);
        expect(balanceOf(raised, paid)).toBe(0);
        expect(penaltiesDue(terms, raised, paid, dayIn(period, 28))).toEqual([]);
      }),
    );
  });
});

describe('firstMonthOwed', () => {
  it('is this month up to its due day, the next after it (December into January)', () => {
    expect(firstMonthOwed({ year: 2026, month: 11, day: 10 }, 10)).toBe('2026-11-01');
    expect(firstMonthOwed({ year: 2026, month: 11, day: 11 }, 10)).toBe('2026-12-01');
    expect(firstMonthOwed({ year: 2026, month: 12, day: 29 }, 5)).toBe('2027-01-01');
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillService } from '../../src/core/bills/bill-service';
import { kenyaToday } from '../../src/core/bills/kenya-date';
import { standingCharges, standingObligations } from '../../src/core/bills/schema';
import { createStandingCharges, type StandingChargeService } from '../../src/core/bills/standing-charges';
import {
  addMonths,
  type Charge,
  compareCharges,
  periodOf,
  raiseDue,
  type StandingTerms,
} from '../../src/core/bills/standing-rule';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser, type TestUser } from '../support/users';

/**
 * Standing charges on the database (decision 028): the job raises what the rule says (property
 * runs against the rule of standing-rule.ts), each month once when instances race, and payments
 * through the obligation's bills settle the oldest months first.
 */
let t: TestApp;
let standing: StandingChargeService;
let bills: ReturnType<typeof createBillService>;
let tenant: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  bills = createBillService({ db: t.database.db, prefix: 'TSTB' });
  standing = createStandingCharges({ db: t.database.db, bills });
  tenant = await createSignedInUser(t);
});
afterAll(() => t.close());

/** Noon in Kenya on a day, as an instant. */
const noonOn = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day, 9, 0, 0));

async function openObligation(terms: StandingTerms) {
  return t.database.db.transaction((tx) =>
    standing.open(tx, {
      kind: 'test-rent',
      reference: `T-${randomUUID().slice(0, 8)}`,
      userId: tenant.id,
      customerName: 'Wanjiku Test',
      description: 'Test rent',
      amountCents: terms.amountCents,
      startPeriod: terms.startPeriod,
      dueDay: terms.dueDay,
      penaltyPpm: terms.penaltyPpm,
      actor: { type: 'system' },
    }),
  );
}

async function chargesOf(id: string): Promise<Charge[]> {
  const rows = await t.database.db.select().from(standingCharges).where(eq(standingCharges.obligationId, id));
  return rows
    .map((r) => ({ period: r.period, kind: r.kind, amountCents: r.amountCents }))
    .sort(compareCharges);
}

/** Pays `amount` through a bill of the obligation's balance and months ahead, as M-Pesa would. */
async function payThroughBill(id: string, months: number, amount?: number) {
  const bill = await standing.billFor(id, months, { type: 'user', id: tenant.id });
  await t.database.db.transaction((tx) =>
    bills.applyPayment(tx, {
      billNo: bill.bill_no,
      amountCents: amount ?? bill.total_cents,
      actor: { type: 'mpesa' },
      reference: `QK${randomUUID().slice(0, 8).toUpperCase()}`,
    }),
  );
  return bill;
}

describe('standing charges on the database', () => {
  it('raises a month once when two instances run the job at the same moment, and catches up a missed month', async () => {
    const { year, month } = kenyaToday();
    const start = addMonths(periodOf(year, month), -2);
    const obligation = await openObligation({
      amountCents: 650_000,
      startPeriod: start,
      endPeriod: null,
      dueDay: 5,
      penaltyPpm: 0,
    });
    await Promise.all([standing.raiseDue(), standing.raiseDue(), standing.raiseDue()]);
    const charges = await chargesOf(obligation.id);
    expect(charges.map((c) => c.period)).toEqual([start, addMonths(start, 1), addMonths(start, 2)]);
    expect((await standing.raiseDue()).charges).toBe(0);
  });

  it('agrees with the rule: charges, penalties and what is owed, over random months, runs and payments', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          amountCents: fc.integer({ min: 100, max: 2_000_000 }),
          dueDay: fc.integer({ min: 1, max: 28 }),
          penaltyPpm: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 150_000 })),
        }),
        // Steps: a run of the job on a day of the next month(s), with a payment before it or not.
        fc.array(
          fc.record({
            months: fc.integer({ min: 0, max: 2 }),
            day: fc.integer({ min: 1, max: 28 }),
            pay: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3_000_000 })),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (rule, steps) => {
          const terms: StandingTerms = { ...rule, startPeriod: '2024-01-01', endPeriod: null };
          const obligation = await openObligation(terms);
          let model: Charge[] = [];
          let paid = 0;
          let period = terms.startPeriod;
          for (const step of steps) {
            period = addMonths(period, step.months);
            const [year, month] = period.split('-').map(Number) as [number, number];
            if (step.pay > 0 && model.length > 0) {
              // A payment of an amount, whatever the bill asked (part, all or more).
              const bill = await standing
                .billFor(obligation.id, 0, { type: 'system' })
                .catch(() => undefined);
              if (bill) {
                const applied = await t.database.db.transaction((tx) =>
                  bills.applyPayment(tx, {
                    billNo: bill.bill_no,
                    amountCents: step.pay,
                    actor: { type: 'mpesa' },
                    reference: randomUUID(),
                  }),
                );
                paid += Math.min(step.pay, bill.total_cents);
                // A part-paid bill is settled before the next one is asked for.
                if (applied.balanceCents > 0) {
                  await t.database.db.transaction((tx) =>
                    bills.applyPayment(tx, {
                      billNo: bill.bill_no,
                      amountCents: applied.balanceCents,
                      actor: { type: 'mpesa' },
                      reference: randomUUID(),
                    }),
                  );
                  paid += applied.balanceCents;
                }
              }
            }
            await standing.raiseDue(noonOn(year, month, step.day));
            model = [...model, ...raiseDue(terms, model, paid, { year, month, day: step.day })];
          }
          expect(await chargesOf(obligation.id)).toEqual([...model].sort(compareCharges));
          const [row] = await t.database.db
            .select()
            .from(standingObligations)
            .where(eq(standingObligations.id, obligation.id));
          const summary = await standing.summary(row!);
          const owed = model.reduce((s, c) => s + c.amountCents, 0) - paid;
          expect(summary.balanceCents).toBe(Math.max(0, owed));
          await t.database.db.delete(standingObligations).where(eq(standingObligations.id, obligation.id));
        },
      ),
      { numRuns: 15 },
    );
  });

  it('a bill of three months pays the oldest three first; its lines name the months; the balance falls by what was paid', async () => {
    const { year, month } = kenyaToday();
    const start = addMonths(periodOf(year, month), -4);
    const obligation = await openObligation({
      amountCents: 500_000,
      startPeriod: start,
      endPeriod: null,
      dueDay: 28,
      penaltyPpm: 0,
    });
    await standing.raiseDue();
    const [row] = await t.database.db
      .select()
      .from(standingObligations)
      .where(eq(standingObligations.id, obligation.id));
    expect((await standing.summary(row!)).balanceCents).toBe(2_500_000);
    // Part of the balance: 3 months' worth.
    await payThroughBill(obligation.id, 0, 1_500_000);
    const after = await standing.summary(row!);
    expect(after.balanceCents).toBe(1_000_000);
    expect(after.monthsInArrears).toBe(2);
    const { statement } = standing.history(after.ledger);
    expect(statement.map((m) => m.paid_cents)).toEqual([500_000, 500_000, 500_000, 0, 0]);
    // The rest, and two months ahead: one bill, a line a month.
    const bill = await payThroughBill(obligation.id, 2);
    expect(bill.total_cents).toBe(2_000_000);
    expect(bill.lines.map((l) => l.code)).toEqual([
      addMonths(start, 3).slice(0, 7),
      addMonths(start, 4).slice(0, 7),
      addMonths(start, 5).slice(0, 7),
      addMonths(start, 6).slice(0, 7),
    ]);
    expect(bill.lines[2]!.Description).toContain('(in advance)');
    const paid = await standing.summary(row!);
    expect(paid).toMatchObject({ balanceCents: 0, creditCents: 1_000_000, monthsInArrears: 0 });
    // Nothing left to bill for the balance alone.
    await expect(standing.billFor(obligation.id, 0, { type: 'system' })).rejects.toMatchObject({
      message: 'There is nothing to pay.',
    });
  });
  it('raises an obligation opened in a request at once, in its transaction, and the job never raises that month again', async () => {
    const today = kenyaToday();
    const current = periodOf(today.year, today.month);
    const terms: StandingTerms = {
      amountCents: 250_000,
      startPeriod: addMonths(current, -1),
      endPeriod: null,
      dueDay: 28,
      penaltyPpm: 0,
    };
    const obligation = await t.database.db.transaction(async (tx) => {
      const opened = await standing.open(tx, {
        kind: 'test-rent',
        reference: `NOW-${randomUUID().slice(0, 8)}`,
        userId: tenant.id,
        customerName: 'Wanjiku Test',
        description: 'Test rent',
        amountCents: terms.amountCents,
        startPeriod: terms.startPeriod,
        dueDay: terms.dueDay,
        penaltyPpm: terms.penaltyPpm,
        actor: { type: 'system' },
      });
      expect((await standing.raiseNow(tx, opened.id)).charges).toBe(2);
      return opened;
    });
    // Last month and this one, each once, however often it is raised again.
    expect((await chargesOf(obligation.id)).map((c) => c.period)).toEqual([terms.startPeriod, current]);
    expect((await t.database.db.transaction((tx) => standing.raiseNow(tx, obligation.id))).charges).toBe(0);
    await standing.raiseDue();
    expect(await chargesOf(obligation.id)).toHaveLength(2);
    const [row] = await t.database.db
      .select()
      .from(standingObligations)
      .where(eq(standingObligations.id, obligation.id));
    expect((await standing.summary(row!)).balanceCents).toBe(500_000);
  });
});

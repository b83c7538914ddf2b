import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANCY_NO } from '../../src/areas/property/seed';
import { auditLog } from '../../src/core/audit/schema';
import { createBillService } from '../../src/core/bills/bill-service';
import { kenyaDate } from '../../src/core/bills/kenya-date';
import { bills as billsTable } from '../../src/core/bills/schema';
import { createStandingCharges } from '../../src/core/bills/standing-charges';
import { addMonths, periodOf } from '../../src/core/bills/standing-rule';
import { createCountyService } from '../../src/core/county/county-service';
import { addDays } from '../../src/core/plans/plan-rule';
import { createPaymentPlans } from '../../src/core/plans/plan-service';
import type { SmsGateway } from '../../src/platform/sms/sms-gateway';
import { readPdf } from '../support/pdf';
import { createTestApp, type TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, signedInAs, type TestUser } from '../support/users';

/**
 * Payment plans (issue 41, decision 037) through the API: granted at once within the county's
 * limits (the demo tenant's rent arrears), a revenue officer's decision above them (never their
 * own), the schedule printed with a QR code E-Verify accepts; then the job on the same database as
 * other instances would run it: instalments billed, two missed end a plan and the rest falls due,
 * reminders sent once however many instances run at once.
 */
let t: TestApp;
let wanjiku: TestUser;
let otieno: TestUser;
let revenue: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  wanjiku = await signedInAs(t, '0712345678');
  otieno = await signedInAs(t, '0722334455');
  revenue = await createOfficer(t, ['revenue']);
}, 60_000);
afterAll(() => t.close());

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });
const post = (url: string, user: TestUser, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });
const ask = (user: TestUser, instalments: number) => post('/api/payment-plans', user, { instalments });

/** "Another instance": the plans service over the same database, with its own SMS outbox. */
function instance() {
  const db = t.database.db;
  const bills = createBillService({ db, prefix: 'TSTP' });
  const standing = createStandingCharges({ db, bills });
  const sent: { phone: string; message: string }[] = [];
  const sms: SmsGateway = {
    driver: 'outbox',
    send: async (phone, message) => {
      sent.push({ phone, message });
      return { accepted: true, status: 'Success' };
    },
  };
  const plans = createPaymentPlans({
    db,
    bills,
    standing,
    documents: { issue: () => Promise.reject(new Error('not issued by the job')) },
    links: {
      link: () => {
        throw new Error('not linked by the job');
      },
    },
    county: createCountyService(db),
    sms,
    publicUrl: 'http://portal.test',
    limits: t.config.paymentPlans,
    log: { warn: () => undefined },
  });
  return { plans, bills, standing, sent };
}

/** A new citizen owing `months` months of a standing charge of `monthly` cents (no penalty). */
async function citizenOwing(monthly: number, months: number, overrides = {}): Promise<TestUser> {
  const user = await createSignedInUser(t, overrides);
  const { standing } = instance();
  const today = kenyaDate();
  const current = periodOf(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
  await t.database.db.transaction((tx) =>
    standing.open(tx, {
      kind: 'test-stall-rent',
      reference: `STALL-${randomUUID().slice(0, 8)}`,
      userId: user.id,
      customerName: 'Test Trader',
      description: 'Stall rent, test market',
      amountCents: monthly,
      startPeriod: addMonths(current, -(months - 1)),
      dueDay: 10,
      penaltyPpm: 0,
      actor: { type: 'system' },
    }),
  );
  await standing.raiseDue();
  return user;
}

/** Noon in Kenya on a day (YYYY-MM-DD). */
const noonOn = (day: string) => new Date(`${day}T09:00:00Z`);

describe('payment plans: granted at once within the limits', () => {
  let planNo: string;

  it('shows the demo tenant her arrears (the Kaloleni rent) and that she may ask for a plan', async () => {
    const res = await get('/api/payment-plans/arrears', wanjiku);
    expect(res.statusCode, res.body).toBe(200);
    const arrears = res.json();
    expect(arrears.arrears_cents).toBeGreaterThanOrEqual(500_000);
    expect(arrears.items).toContainEqual(
      expect.objectContaining({ kind: 'standing', reference: DEMO_TENANCY_NO }),
    );
    expect(arrears.eligible).toBe(true);
    // In the reader's language: the rent named as its Kiswahili reader knows it.
    const inSw = (
      await t.app.inject({
        method: 'GET',
        url: '/api/payment-plans/arrears',
        headers: { ...wanjiku.headers, 'accept-language': 'sw' },
      })
    ).json();
    expect(
      inSw.items.find((i: { reference: string }) => i.reference === DEMO_TENANCY_NO).description,
    ).toMatch(/^Kodi ya nyumba ya kaunti, Kaloleni nyumba 114/);
    expect(arrears.limits).toMatchObject({
      min_instalments: 2,
      max_instalments: 12,
      instant_max_instalments: 6,
    });
  });

  it('refuses 1 or 13 instalments, and anyone owing under KES 5,000', async () => {
    expect((await ask(wanjiku, 1)).statusCode).toBe(400);
    expect((await ask(wanjiku, 13)).statusCode).toBe(400);
    const small = await citizenOwing(100_000, 2);
    const arrears = (await get('/api/payment-plans/arrears', small)).json();
    expect(arrears).toMatchObject({ arrears_cents: 200_000, eligible: false });
    const refused = await ask(small, 3);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('5,000');
    expect((await get('/api/payment-plans/arrears')).statusCode).toBe(401);
  });

  it('grants 3 instalments at once: the schedule sums to the arrears, the rent is moved into the plan', async () => {
    const before = (await get('/api/payment-plans/arrears', wanjiku)).json();
    const res = await ask(wanjiku, 3);
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json();
    planNo = plan.plan_no;
    expect(plan).toMatchObject({
      status: 'active',
      instalment_count: 3,
      arrears_cents: before.arrears_cents,
      decided_by_officer: false,
    });
    expect(
      plan.instalments
        .map((i: { amount_cents: number }) => i.amount_cents)
        .reduce((a: number, b: number) => a + b),
    ).toBe(before.arrears_cents);
    expect(plan.instalments[0].due_date > kenyaDate()).toBe(true);
    // The first instalment is billed at once, due on its day.
    expect(plan.instalments[0]).toMatchObject({ status: 'billed', bill_no: expect.any(String) });
    const bill = (await get(`/api/bills/${plan.instalments[0].bill_no}`, wanjiku)).json();
    expect(bill.total_cents).toBe(plan.instalments[0].amount_cents);
    // The rent's balance moved into the plan: nothing owed on the tenancy, so no penalty grows on it.
    const tenancy = (await get(`/api/estates/tenancies/${DEMO_TENANCY_NO}`, wanjiku)).json();
    expect(tenancy.balance_cents).toBe(0);
    expect((await get('/api/payment-plans/arrears', wanjiku)).json()).toMatchObject({
      arrears_cents: 0,
      eligible: false,
      open_plan_no: planNo,
    });
    // Requested, then granted: two audited moves.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payment_plan'), eq(auditLog.entityId, planNo)));
    expect(audit.map((a) => a.action).sort()).toEqual(['active', 'requested']);
  });

  it('prints the schedule at /downloads/template with a QR code E-Verify accepts', async () => {
    const plan = (await get(`/api/payment-plans/${planNo}`, wanjiku)).json();
    expect(plan.document.print_url).toContain('/downloads/template?id=');
    const print = new URL(plan.document.print_url);
    const view = await get(
      `/api/documents/${print.searchParams.get('id')}?key=${print.searchParams.get('key')}`,
    );
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ template: 'payment-plan-schedule', number: planNo });
    const pdfUrl = new URL(plan.document.pdf_url);
    const pdf = await get(`${pdfUrl.pathname}${pdfUrl.search}`);
    expect(pdf.statusCode).toBe(200);
    const read = await readPdf(pdf.rawPayload);
    expect(read.pages.join(' ')).toContain(planNo);
    const qr = await read.decodeQr(1);
    expect(qr).toBe(plan.document.url);
    const code = new URL(qr!).searchParams.get('code')!;
    const verified = (await get(`/api/verify?code=${encodeURIComponent(code)}`)).json();
    expect(verified.status).toBe('valid');
  });

  it('an overdue bill moved into a plan is settled, but no receipt says its money was received', async () => {
    const owner = await createSignedInUser(t);
    const { bills } = instance();
    const overdue = await t.database.db.transaction((tx) =>
      bills.raise(tx, {
        userId: owner.id,
        description: 'Land rates 2025: 209/99999',
        lines: [{ description: 'Land rates 2025', amount_cents: 800_000, parcel: '209/99999' }],
        sourceKey: `test-rates:${randomUUID()}`,
        dueDate: addDays(kenyaDate(), -40),
        actor: { type: 'system' },
      }),
    );
    const res = await ask(owner, 2);
    expect(res.statusCode, res.body).toBe(201);
    expect((await get(`/api/bills/${overdue.bill_no}`, owner)).json()).toMatchObject({ balance_cents: 0 });
    // Nothing was received for it: its receipt is refused, in words and as a code (the plan's
    // instalment bills carry the receipts of what is paid).
    for (const url of [
      `/api/bills/${overdue.bill_no}/receipt`,
      `/api/bills/${overdue.bill_no}/receipt.pdf`,
    ]) {
      const receipt = await get(url, owner);
      expect(receipt.statusCode, url).toBe(409);
      expect(receipt.json()).toMatchObject({ code: 'nothing_received' });
    }
    expect((await get(`/api/bills/${overdue.bill_no}/invoice`, owner)).statusCode).toBe(200);
  });

  it('two requests at once make one plan', async () => {
    const citizen = await citizenOwing(300_000, 3);
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(citizen, 3)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await get('/api/payment-plans', citizen)).json().data).toHaveLength(1);
  });

  it('one open plan at a time; nobody else sees it (404)', async () => {
    expect((await ask(wanjiku, 4)).statusCode).toBe(409);
    expect((await get(`/api/payment-plans/${planNo}`, otieno)).statusCode).toBe(404);
    expect((await post(`/api/payment-plans/${planNo}/withdraw`, otieno, {})).statusCode).toBe(404);
    expect((await get('/api/payment-plans', otieno)).json().data).toEqual([]);
    expect((await get(`/api/payment-plans/${planNo}`)).statusCode).toBe(401);
  });
});

describe('penalties while a plan is kept', () => {
  it('stop on what the plan covers: after the due day, no penalty on the covered month (one without a plan gets it)', async () => {
    const { standing } = instance();
    const today = kenyaDate();
    const current = periodOf(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
    const open = async (user: TestUser) => {
      const obligation = await t.database.db.transaction((tx) =>
        standing.open(tx, {
          kind: 'test-stall-rent',
          reference: `STALL-${randomUUID().slice(0, 8)}`,
          userId: user.id,
          customerName: 'Test Trader',
          description: 'Stall rent, test market',
          amountCents: 600_000,
          startPeriod: current,
          dueDay: 28,
          penaltyPpm: 50_000,
          actor: { type: 'system' },
        }),
      );
      return obligation;
    };
    const planned = await createSignedInUser(t);
    const unplanned = await createSignedInUser(t);
    const [withPlan, withoutPlan] = [await open(planned), await open(unplanned)];
    // The month's charge, raised on its first day: nothing late yet.
    await standing.raiseDue(noonOn(current));
    expect((await ask(planned, 3)).json().status).toBe('active');
    // Two months on, the job runs: the month is long past its due day.
    await standing.raiseDue(new Date(Date.now() + 62 * 24 * 60 * 60 * 1000));
    const penaltyOn = async (obligation: typeof withPlan) =>
      (await standing.summary(obligation)).ledger.charges.filter(
        (c) => c.kind === 'penalty' && c.period === current,
      );
    expect(await penaltyOn(withPlan)).toEqual([]);
    expect(await penaltyOn(withoutPlan)).toEqual([{ period: current, kind: 'penalty', amountCents: 30_000 }]);
  });
});

describe('payment plans above the limits: a revenue officer decides', () => {
  it('waits for an officer past 6 instalments; the officer grants it and the schedule is written then', async () => {
    const citizen = await citizenOwing(300_000, 4);
    const res = await ask(citizen, 8);
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json();
    expect(plan).toMatchObject({ status: 'pending_review', instalments: [], document: null });
    // Nothing moved yet: the citizen still owes it where it was.
    expect((await get('/api/payment-plans/arrears', citizen)).json().arrears_cents).toBe(1_200_000);
    // Citizens cannot decide; the officer sees it waiting.
    expect((await get('/api/staff/payment-plans', citizen)).statusCode).toBe(403);
    const waiting = (await get('/api/staff/payment-plans', revenue)).json().data;
    expect(waiting.map((p: { plan_no: string }) => p.plan_no)).toContain(plan.plan_no);
    const decided = await post(`/api/staff/payment-plans/${plan.plan_no}/decision`, revenue, {
      decision: 'grant',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({
      status: 'active',
      decided_by_officer: true,
      arrears_cents: 1_200_000,
    });
    expect(decided.json().instalments).toHaveLength(8);
    expect((await get('/api/payment-plans/arrears', citizen)).json().arrears_cents).toBe(0);
    // The citizen is told by SMS.
    const outbox = (await get(`/api/dev/sms-outbox?phone=${citizen.phoneNumber}`)).json().data;
    expect(outbox.map((m: { message: string }) => m.message).join('\n')).toContain(
      `your payment plan ${plan.plan_no} is granted`,
    );
    // Decided once only.
    const again = await post(`/api/staff/payment-plans/${plan.plan_no}/decision`, revenue, {
      decision: 'refuse',
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
  });

  it('above KES 200,000 waits too; refusing needs a reason, and leaves the arrears where they were', async () => {
    const citizen = await citizenOwing(7_000_000, 3);
    const plan = (await ask(citizen, 3)).json();
    expect(plan.status).toBe('pending_review');
    const url = `/api/staff/payment-plans/${plan.plan_no}/decision`;
    expect((await post(url, revenue, { decision: 'refuse' })).statusCode).toBe(400);
    const refused = await post(url, revenue, { decision: 'refuse', reason: 'Arrears too large for a plan' });
    expect(refused.json()).toMatchObject({ status: 'refused', reason: 'Arrears too large for a plan' });
    expect((await get('/api/payment-plans/arrears', citizen)).json()).toMatchObject({
      arrears_cents: 21_000_000,
      eligible: true,
    });
  });

  it('an officer never decides their own plan (403), another officer does', async () => {
    const officer = await createOfficer(t, ['revenue']);
    const { standing } = instance();
    const today = kenyaDate();
    await t.database.db.transaction((tx) =>
      standing.open(tx, {
        kind: 'test-stall-rent',
        reference: `STALL-${randomUUID().slice(0, 8)}`,
        userId: officer.id,
        customerName: 'Officer Trader',
        description: 'Stall rent, test market',
        amountCents: 600_000,
        startPeriod: periodOf(Number(today.slice(0, 4)), Number(today.slice(5, 7))),
        dueDay: 10,
        penaltyPpm: 0,
        actor: { type: 'system' },
      }),
    );
    await standing.raiseDue();
    const plan = (await ask(officer, 10)).json();
    expect(plan.status).toBe('pending_review');
    const listed = (await get('/api/staff/payment-plans', officer)).json().data;
    expect(listed.find((p: { plan_no: string }) => p.plan_no === plan.plan_no)).toMatchObject({ own: true });
    const others = (await get('/api/staff/payment-plans', revenue)).json().data;
    expect(others.find((p: { plan_no: string }) => p.plan_no === plan.plan_no)).toMatchObject({ own: false });
    const own = await post(`/api/staff/payment-plans/${plan.plan_no}/decision`, officer, {
      decision: 'grant',
    });
    expect(own.statusCode).toBe(403);
    const other = await post(`/api/staff/payment-plans/${plan.plan_no}/decision`, revenue, {
      decision: 'grant',
    });
    expect(other.json().status).toBe('active');
  });

  it('a citizen withdraws a plan still waiting, not one granted', async () => {
    const citizen = await citizenOwing(300_000, 3);
    const plan = (await ask(citizen, 9)).json();
    const withdrawn = await post(`/api/payment-plans/${plan.plan_no}/withdraw`, citizen, {});
    expect(withdrawn.json().status).toBe('withdrawn');
    const granted = (await ask(citizen, 3)).json();
    expect(granted.status).toBe('active');
    expect((await post(`/api/payment-plans/${granted.plan_no}/withdraw`, citizen, {})).statusCode).toBe(409);
  });
});

describe('the payment plans job', () => {
  it('two missed instalments end a plan and the rest falls due on one bill; one paid keeps it', async () => {
    const { plans, bills } = instance();
    const kept = await citizenOwing(300_000, 3);
    const ends = await citizenOwing(300_000, 3);
    const keptPlan = (await ask(kept, 3)).json();
    const endsPlan = (await ask(ends, 3)).json();
    const [first, second] = endsPlan.instalments as { due_date: string; amount_cents: number }[];

    // The kept plan pays its first instalment (its bill, as M-Pesa would).
    await t.database.db.transaction((tx) =>
      bills.applyPayment(tx, {
        billNo: keptPlan.instalments[0].bill_no,
        amountCents: keptPlan.instalments[0].amount_cents,
        actor: { type: 'mpesa' },
        reference: 'QKTEST0001',
      }),
    );
    expect((await get(`/api/payment-plans/${keptPlan.plan_no}`, kept)).json().instalments[0].status).toBe(
      'paid',
    );

    // A day after the first due date: one missed, the second billed; still active.
    await plans.runDue(noonOn(addDays(first!.due_date, 1)));
    let plan = (await get(`/api/payment-plans/${endsPlan.plan_no}`, ends)).json();
    expect(plan).toMatchObject({ status: 'active', missed_count: 1 });
    expect(plan.instalments[1].status).toBe('billed');

    // A day after the second: two missed, the plan ends, the rest (everything) on one bill due now,
    // with the late-payment penalty the plan held back while it was kept (5% of the rest, rounded).
    await plans.runDue(noonOn(addDays(second!.due_date, 1)));
    plan = (await get(`/api/payment-plans/${endsPlan.plan_no}`, ends)).json();
    expect(plan.status).toBe('defaulted');
    expect(plan.instalments.every((i: { status: string }) => i.status === 'fallen_due')).toBe(true);
    const rest = (await get(`/api/bills/${plan.rest_bill_no}`, ends)).json();
    expect(endsPlan.arrears_cents).toBe(900_000);
    expect(rest.lines.map((l: { amount_cents: number }) => l.amount_cents)).toEqual([900_000, 45_000]);
    expect(rest.lines[1].Description).toContain('Late payment penalty');
    expect(rest.total_cents).toBe(945_000);
    const restSw = (
      await t.app.inject({
        method: 'GET',
        url: `/api/bills/${plan.rest_bill_no}`,
        headers: { ...ends.headers, 'accept-language': 'sw' },
      })
    ).json();
    expect(restSw.lines[1].Description).toContain('Adhabu ya kuchelewa kulipa');
    // Never two open bills for the same money: the instalments' bills are cancelled.
    const open = await t.database.db
      .select()
      .from(billsTable)
      .where(and(eq(billsTable.userId, ends.id), eq(billsTable.status, 'unpaid')));
    expect(open.map((b) => b.billNo)).toEqual([plan.rest_bill_no]);

    // The kept plan missed only its second: still active.
    const keptNow = (await get(`/api/payment-plans/${keptPlan.plan_no}`, kept)).json();
    expect(keptNow).toMatchObject({ status: 'active', missed_count: 1 });
  });

  it('every instalment paid completes the plan', async () => {
    const { plans, bills } = instance();
    const citizen = await citizenOwing(300_000, 2);
    const plan = (await ask(citizen, 2)).json();
    const payBill = (billNo: string, amountCents: number) =>
      t.database.db.transaction((tx) =>
        bills.applyPayment(tx, { billNo, amountCents, actor: { type: 'mpesa' }, reference: 'QKTEST0002' }),
      );
    await payBill(plan.instalments[0].bill_no, plan.instalments[0].amount_cents);
    // On the first due day the second is billed (a month before its own).
    await plans.runDue(noonOn(plan.instalments[0].due_date));
    const billed = (await get(`/api/payment-plans/${plan.plan_no}`, citizen)).json();
    expect(billed.instalments[1]).toMatchObject({ status: 'billed', bill_no: expect.any(String) });
    await payBill(billed.instalments[1].bill_no, billed.instalments[1].amount_cents);
    const done = (await get(`/api/payment-plans/${plan.plan_no}`, citizen)).json();
    expect(done.status).toBe('completed');
    expect(done.instalments.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid']);
  });

  it('sends each reminder once, three days before, in the account language, however many instances race', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('en' as const, 'sw' as const),
        async (instances, daysBefore, language) => {
          const citizen = await citizenOwing(300_000, 3, { language });
          const plan = (await ask(citizen, 2)).json();
          const due = plan.instalments[0].due_date as string;
          const running = Array.from({ length: instances }, () => instance());
          const at = noonOn(addDays(due, -daysBefore));
          await Promise.all(running.map((r) => r.plans.runDue(at)));
          // Again later the same day: nothing more.
          await Promise.all(running.map((r) => r.plans.runDue(at)));
          const sent = running.flatMap((r) => r.sent).filter((s) => s.phone === citizen.phoneNumber);
          expect(sent).toHaveLength(1);
          expect(sent[0]!.message).toContain(plan.plan_no);
          expect(sent[0]!.message).toContain(language === 'sw' ? 'awamu' : 'instalment');
        },
      ),
      { numRuns: 6 },
    );
    // Four days before: too early for a reminder.
    const citizen = await citizenOwing(300_000, 3);
    const plan = (await ask(citizen, 2)).json();
    const early = instance();
    await early.plans.runDue(noonOn(addDays(plan.instalments[0].due_date, -4)));
    expect(early.sent.filter((s) => s.phone === citizen.phoneNumber)).toEqual([]);
  }, 120_000);
});

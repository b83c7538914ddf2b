import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estateHouses, tenancies } from '../../src/areas/property/schema';
import {
  DEMO_TENANCY_NO,
  SECOND_DEMO_TENANCY_NO,
  TRANSFER_DEMO_TENANCY_NO,
} from '../../src/areas/property/seed';
import { auditLog } from '../../src/core/audit/schema';
import { standingCharges, standingObligations } from '../../src/core/bills/schema';
import { uploadId } from '../support/files';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createSignedInUser, signedInAs as signedInAsUser, type TestUser } from '../support/users';

/**
 * County estates (issue 40, decision 034): the demo tenant's tenancy with three months of
 * arrears, a bill of its rent paid by M-Pesa through the simulator, the balance and statement
 * after it; nobody else sees it.
 */
let t: TestApp;
let close: () => Promise<void>;
let wanjiku: TestUser;
let otieno: TestUser;

/** A seeded account (the demo tenants, the demo officers) with a verified session. */
const signedInAs = (phone: string) => signedInAsUser(t, phone);

beforeAll(async () => {
  const made = await createAppWithSimulator(`estates-${randomUUID()}`);
  t = made.t;
  close = made.close;
  wanjiku = await signedInAs('0712345678');
  otieno = await signedInAs('0722334455');
}, 60_000);
afterAll(() => close());

const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.headers });
const billOf = (tenancyNo: string, months: number, user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: `/api/estates/tenancies/${tenancyNo}/bill`,
    headers: user.headers,
    payload: { months },
  });

/** Pays a bill by STK push (the simulator pays) and waits, boundedly, until the payment settles. */
async function pay(billNo: string, user: TestUser): Promise<void> {
  const push = await t.app.inject({
    method: 'POST',
    url: '/api/payments/mpesa/stk-push',
    headers: { ...user.headers, 'idempotency-key': randomUUID() },
    payload: { bill_no: billNo, phone_number: '0713400357' },
  });
  expect(push.statusCode, push.body).toBe(200);
  const paymentId = push.json().payment_id as string;
  let status = 'pending';
  for (let i = 0; i < 200 && status === 'pending'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    status = (await get(`/api/payments/${paymentId}`, user)).json().status;
  }
  expect(status).toBe('paid');
}

describe('county estates', () => {
  it('lists the demo tenant her Kaloleni tenancy with three months of arrears (and her Makongeni one)', async () => {
    const res = await get('/api/estates/tenancies', wanjiku);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().data as { tenancy_no: string; balance_cents: number }[];
    expect(listed.map((t) => t.tenancy_no).sort()).toEqual(
      [DEMO_TENANCY_NO, TRANSFER_DEMO_TENANCY_NO].sort(),
    );
    const tenancy = listed.find((t) => t.tenancy_no === DEMO_TENANCY_NO)!;
    expect(tenancy).toMatchObject({
      tenancy_no: DEMO_TENANCY_NO,
      estate: 'Kaloleni',
      house_no: '114',
      monthly_rent_cents: 350_000,
      months_in_arrears: 3,
    });
    // Three months' rent, and a 5% penalty on each month whose due day has passed.
    expect(tenancy.balance_cents).toBeGreaterThanOrEqual(3 * 350_000);
    expect(tenancy.balance_cents).toBeLessThanOrEqual(3 * 350_000 * 1.05);

    const detail = (await get(`/api/estates/tenancies/${DEMO_TENANCY_NO}`, wanjiku)).json();
    expect(detail.statement).toHaveLength(3);
    expect(detail.statement.every((m: { charge_cents: number }) => m.charge_cents === 350_000)).toBe(true);
    expect(detail.payments).toEqual([]);
  });

  it("never shows or bills one tenant's tenancy to another (404)", async () => {
    const list = (await get('/api/estates/tenancies', otieno)).json().data;
    expect(list.map((x: { tenancy_no: string }) => x.tenancy_no)).toEqual([SECOND_DEMO_TENANCY_NO]);
    expect((await get(`/api/estates/tenancies/${DEMO_TENANCY_NO}`, otieno)).statusCode).toBe(404);
    expect((await billOf(DEMO_TENANCY_NO, 0, otieno)).statusCode).toBe(404);
    const stranger = await createSignedInUser(t);
    expect((await get('/api/estates/tenancies', stranger)).json().data).toEqual([]);
    expect((await billOf(SECOND_DEMO_TENANCY_NO, 1, stranger)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/estates/tenancies' })).statusCode).toBe(401);
  });

  it('bills the balance and months ahead; paying it lowers the balance by what was paid', async () => {
    const before = (await get(`/api/estates/tenancies/${DEMO_TENANCY_NO}`, wanjiku)).json();
    const res = await billOf(DEMO_TENANCY_NO, 1, wanjiku);
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json();
    expect(bill.total_cents).toBe(before.balance_cents + 350_000);
    expect(bill.description).toContain(DEMO_TENANCY_NO);
    // A line per month (and penalty), the month ahead last.
    expect(bill.lines.at(-1).Description).toContain('(in advance)');

    await pay(bill.bill_no, wanjiku);
    const after = (await get(`/api/estates/tenancies/${DEMO_TENANCY_NO}`, wanjiku)).json();
    expect(after.balance_cents).toBe(0);
    expect(after.months_in_arrears).toBe(0);
    expect(after.credit_cents).toBe(350_000);
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0].amount_cents).toBe(bill.total_cents);
    expect(
      after.statement.every(
        (m: { paid_cents: number; charge_cents: number; penalty_cents: number }) =>
          m.paid_cents === m.charge_cents + m.penalty_cents,
      ),
    ).toBe(true);
    // Nothing left to pay: a balance-only bill is refused.
    expect((await billOf(DEMO_TENANCY_NO, 0, wanjiku)).statusCode).toBe(400);
    // The rent was opened, audited.
    const opened = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `county-rent:${DEMO_TENANCY_NO}`));
    expect(opened.map((row) => row.action)).toContain('opened');
  }, 30_000);
});

describe('next of kin on a tenancy', () => {
  const values = {
    tenancy_no: DEMO_TENANCY_NO,
    kin_name: 'Kevin Mwangi Kamau',
    kin_id_number: '31245678',
    relationship: 'child',
    kin_phone: '0733445566',
  };

  it("refuses a tenancy the applicant's account does not hold", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: otieno.headers,
      payload: { service_id: 'next-of-kin', values },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'tenancy_no' })]),
    );
  });

  it('records the next of kin on the tenancy once issued (four eyes)', async () => {
    const before = (await get(`/api/estates/tenancies/${DEMO_TENANCY_NO}`, wanjiku)).json();
    expect(before.next_of_kin).toBeNull();
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: wanjiku.headers,
      payload: { service_id: 'next-of-kin', values },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { application, bill } = submitted.json();
    expect(bill.total_cents).toBe(50_000);
    await payApplicationBill(
      t,
      wanjiku,
      { billNo: bill.bill_no, applicationNo: application.application_no },
      'under_review',
    );
    const decide = async (officer: TestUser, status: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.application_no}/status`,
        headers: officer.headers,
        payload: { status, reason: 'Checked against the housing register' },
      });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
    };
    await decide(await signedInAs('0700000102'), 'approved');
    // Not yet recorded while only approved.
    expect((await get(`/api/estates/tenancies/${DEMO_TENANCY_NO}`, wanjiku)).json().next_of_kin).toBeNull();
    await decide(await signedInAs('0700000101'), 'issued');
    const after = (await get(`/api/estates/tenancies/${DEMO_TENANCY_NO}`, wanjiku)).json();
    expect(after.next_of_kin).toEqual({
      name: 'Kevin Mwangi Kamau',
      id_number: '31245678',
      relationship: 'child',
      phone: expect.stringContaining('733445566'),
      application_no: application.application_no,
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, DEMO_TENANCY_NO));
    expect(audit.map((row) => row.action)).toContain('next_of_kin_recorded');
  }, 60_000);
});

describe('tenancy transfer (decision 036)', () => {
  /**
   * A tenant (a new account) of a Kaloleni house whose rent is three months unpaid: the tenancy
   * and its rent's ledger written as the seed and the job would have.
   */
  async function tenantWithArrears(houseNo: string): Promise<{ tenant: TestUser; tenancyNo: string }> {
    const tenant = await createSignedInUser(t);
    const db = t.database.db;
    const [house] = await db
      .select({ id: estateHouses.id })
      .from(estateHouses)
      .where(and(eq(estateHouses.estateCode, 'KAL'), eq(estateHouses.houseNo, houseNo)));
    const tenancyNo = `NCC-KAL-0${houseNo}`;
    const [obligation] = await db
      .insert(standingObligations)
      .values({
        kind: 'county-rent',
        reference: tenancyNo,
        userId: tenant.id,
        customerName: 'Achieng Awino',
        description: `County rent, Kaloleni house ${houseNo}`,
        amountCents: 350_000,
        startPeriod: '2026-01-01',
        raisedThrough: '2026-03-01',
        dueDay: 10,
      })
      .returning();
    await db.insert(standingCharges).values(
      ['2026-01-01', '2026-02-01', '2026-03-01'].map((period) => ({
        obligationId: obligation!.id,
        period,
        kind: 'charge' as const,
        amountCents: 350_000,
      })),
    );
    await db.insert(tenancies).values({
      tenancyNo,
      houseId: house!.id,
      userId: tenant.id,
      tenantName: 'Achieng Awino',
      startDate: '2015-04-01',
      rentFrom: '2026-01-01',
      obligationId: obligation!.id,
    });
    return { tenant, tenancyNo };
  }

  const transferValues = async (applicant: TestUser, tenancyNo: string, newTenantPhone: string) => ({
    tenancy_no: tenancyNo,
    new_tenant_name: 'Brian Otieno Awino',
    new_tenant_id_number: '33445566',
    new_tenant_phone: newTenantPhone,
    relationship: 'child',
    new_tenant_consent: true,
    reason: 'retirement',
    reason_details: 'I have retired to Kisumu; my son keeps the house.',
    supporting_document: await uploadId(t, applicant.headers),
    consent_letter: await uploadId(t, applicant.headers),
  });
  const submit = (user: TestUser, values: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: user.headers,
      payload: { service_id: 'tenancy-transfer', values },
    });
  const decide = async (applicationNo: string, phone: string, status: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${applicationNo}/status`,
      headers: (await signedInAs(phone)).headers,
      payload: { status, reason: 'Checked against the housing register' },
    });

  it("refuses another tenant's tenancy, a new tenant without an account, and oneself", async () => {
    const { tenant, tenancyNo } = await tenantWithArrears('105');
    const newcomer = await createSignedInUser(t);
    const others = await submit(
      otieno,
      await transferValues(otieno, tenancyNo, `0${newcomer.phoneNumber.slice(3)}`),
    );
    expect(others.statusCode).toBe(400);
    expect(others.json().details).toContainEqual(expect.objectContaining({ path: 'tenancy_no' }));
    const nobody = await submit(tenant, await transferValues(tenant, tenancyNo, '0799000111'));
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().details).toContainEqual(expect.objectContaining({ path: 'new_tenant_phone' }));
    const self = await submit(
      tenant,
      await transferValues(tenant, tenancyNo, `0${tenant.phoneNumber.slice(3)}`),
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().details).toContainEqual(
      expect.objectContaining({
        path: 'new_tenant_phone',
        message: 'The new tenant must be someone other than you.',
      }),
    );
    // Submitted and cancelled unpaid: the rent it would have carried is still owed.
    const submitted = await submit(
      tenant,
      await transferValues(tenant, tenancyNo, `0${newcomer.phoneNumber.slice(3)}`),
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${submitted.json().application.application_no}/cancel`,
      headers: tenant.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const still = (await get(`/api/estates/tenancies/${tenancyNo}`, tenant)).json();
    expect(still).toMatchObject({ balance_cents: 1_050_000, months_in_arrears: 3 });
    expect(still.payments).toEqual([]);
  }, 60_000);

  it('carries the arrears on its bill, clears them when paid, and moves the tenancy to the new tenant when issued', async () => {
    const { tenant, tenancyNo } = await tenantWithArrears('106');
    const heir = await createSignedInUser(t);
    const submitted = await submit(
      tenant,
      await transferValues(tenant, tenancyNo, `0${heir.phoneNumber.slice(3)}`),
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { application, bill } = submitted.json();
    // The three unpaid months first, then the transfer fee.
    expect(bill.lines.map((l: { amount_cents: number }) => l.amount_cents)).toEqual([1_050_000, 500_000]);
    expect(bill.total_cents).toBe(1_550_000);
    const no = application.application_no as string;
    // One transfer of a tenancy at a time.
    const second = await submit(
      tenant,
      await transferValues(tenant, tenancyNo, `0${heir.phoneNumber.slice(3)}`),
    );
    expect(second.statusCode).toBe(400);
    expect(second.json().details).toContainEqual({
      path: 'tenancy_no',
      message: `A transfer of tenancy ${tenancyNo} is already in progress (application ${no}).`,
    });
    await payApplicationBill(t, tenant, { billNo: bill.bill_no, applicationNo: no }, 'under_review');
    // Paid: the rent's balance is cleared by what the bill carried, once, named by the application.
    const paid = (await get(`/api/estates/tenancies/${tenancyNo}`, tenant)).json();
    expect(paid).toMatchObject({ balance_cents: 0, months_in_arrears: 0, credit_cents: 0 });
    expect(paid.payments).toEqual([expect.objectContaining({ amount_cents: 1_050_000, reference: no })]);

    // A month raised meanwhile stops the issue until it is paid.
    const [obligation] = await t.database.db
      .select()
      .from(standingObligations)
      .where(eq(standingObligations.reference, tenancyNo));
    await t.database.db
      .insert(standingCharges)
      .values({ obligationId: obligation!.id, period: '2026-04-01', kind: 'charge', amountCents: 350_000 });
    expect((await decide(no, '0700000102', 'approved')).statusCode).toBe(200);
    const refused = await decide(no, '0700000101', 'issued');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('still unpaid');
    expect(refused.json().code).toBe('balance_due');
    expect((await get(`/api/estates/tenancies/${tenancyNo}`, tenant)).statusCode).toBe(200);
    const rent = await billOf(tenancyNo, 0, tenant);
    await pay(rent.json().bill_no, tenant);

    const issued = await decide(no, '0700000101', 'issued');
    expect(issued.statusCode, issued.body).toBe(200);
    // The tenancy is the new tenant's now, in their name; the old tenant no longer sees it.
    expect((await get(`/api/estates/tenancies/${tenancyNo}`, tenant)).statusCode).toBe(404);
    const theirs = (await get('/api/estates/tenancies', heir)).json().data;
    expect(theirs).toEqual([
      expect.objectContaining({ tenancy_no: tenancyNo, tenant_name: 'Brian Otieno Awino', balance_cents: 0 }),
    ]);
    const [moved] = await t.database.db
      .select()
      .from(standingObligations)
      .where(eq(standingObligations.reference, tenancyNo));
    expect(moved).toMatchObject({ userId: heir.id, customerName: 'Brian Otieno Awino' });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, tenancyNo));
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'transferred', fromState: tenant.id, toState: heir.id }),
    );
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/applications/${no}`, headers: tenant.headers })
    ).json();
    expect(detail.document.print_url).toContain('/downloads/letter-of-property?id=');
  }, 90_000);

  // Issue 41: never asked twice.
  it("takes over the rent's open bill, is the only bill of those months, and hands them back when cancelled", async () => {
    const { tenant, tenancyNo } = await tenantWithArrears('107');
    const heir = await createSignedInUser(t);
    // The rent's own bill of the three months, asked for at /county-rent first.
    const rentBill = await billOf(tenancyNo, 0, tenant);
    expect(rentBill.statusCode, rentBill.body).toBe(200);
    expect(rentBill.json().total_cents).toBe(1_050_000);

    const submitted = await submit(
      tenant,
      await transferValues(tenant, tenancyNo, `0${heir.phoneNumber.slice(3)}`),
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { application, bill } = submitted.json();
    expect(bill.total_cents).toBe(1_550_000);
    // The transfer's bill asks for the three months now: the rent's own bill is withdrawn.
    const old = (await get(`/api/bills/${rentBill.json().bill_no}`, tenant)).json();
    expect(old.status).toBe('cancelled');
    // Nothing else asks for them while it is open: not the rent's bill…
    const again = await billOf(tenancyNo, 0, tenant);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('balance_on_another_bill');
    // …only a month ahead, when asked for…
    const ahead = await billOf(tenancyNo, 1, tenant);
    expect(ahead.statusCode, ahead.body).toBe(200);
    expect(ahead.json().total_cents).toBe(350_000);
    // …and not a payment plan: there are no arrears left for one to cover.
    const arrears = (await get('/api/payment-plans/arrears', tenant)).json();
    expect(arrears.items).toEqual([]);
    expect(arrears).toMatchObject({ arrears_cents: 0, eligible: false });
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/payment-plans',
      headers: tenant.headers,
      payload: { instalments: 3 },
    });
    expect(plan.statusCode).toBe(400);

    // Cancelled unpaid, the transfer hands the months back to the rent, which asks for them again.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${application.application_no}/cancel`,
      headers: tenant.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const back = await billOf(tenancyNo, 0, tenant);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().total_cents).toBe(1_050_000);
    expect((await get('/api/payment-plans/arrears', tenant)).json().arrears_cents).toBe(1_050_000);
  }, 90_000);
});

describe('property management (decision 036)', () => {
  const apply = (user: TestUser, values: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: user.headers,
      payload: { service_id: 'property-management', values },
    });
  const decide = async (applicationNo: string, phone: string, status: string, reason: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/applications/${applicationNo}/status`,
      headers: (await signedInAs(phone)).headers,
      payload: { status, reason },
    });
    expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
  };
  const allocation = {
    request: 'allocation',
    estate: 'MBO',
    unit_use: 'commercial',
    household_size: 3,
    current_residence: 'Kayole, Nairobi',
  };
  const placesOf = async (user: TestUser) =>
    (await get('/api/estates/waiting-list', user))
      .json()
      .data.map((e: { estate: string; unit_use: string; place: number }) => [e.estate, e.unit_use, e.place]);

  it("puts paid applications for a house on the estate's waiting list in order, each with its place", async () => {
    const applicants = [
      await createSignedInUser(t),
      await createSignedInUser(t),
      await createSignedInUser(t),
    ];
    const numbers: string[] = [];
    for (const [i, applicant] of applicants.entries()) {
      const res = await apply(applicant, allocation);
      expect(res.statusCode, res.body).toBe(201);
      const { application, bill } = res.json();
      expect(bill.total_cents).toBe(100_000);
      // The place on applying: after the paid ones before it.
      expect(application.values.waiting_place).toBe(String(i + 1));
      // Not on the list until paid.
      expect(await placesOf(applicant)).toEqual([]);
      await payApplicationBill(
        t,
        applicant,
        { billNo: bill.bill_no, applicationNo: application.application_no },
        'under_review',
      );
      numbers.push(application.application_no);
    }
    expect(await placesOf(applicants[2]!)).toEqual([['Mbotela', 'commercial', 3]]);
    // One open application per list and applicant.
    const again = await apply(applicants[0]!, allocation);
    expect(again.statusCode).toBe(400);
    expect(again.json().details).toContainEqual(expect.objectContaining({ path: 'estate' }));
    // Another list has its own order; a refused application leaves the list and those after move up.
    expect(
      (await apply(applicants[0]!, { ...allocation, unit_use: 'residential' })).json().application.values
        .waiting_place,
    ).toBe('1');
    await decide(numbers[1]!, '0700000102', 'rejected', 'Already holds a county unit');
    expect(await placesOf(applicants[2]!)).toEqual([['Mbotela', 'commercial', 2]]);
    expect(await placesOf(applicants[0]!)).toEqual([['Mbotela', 'commercial', 1]]);
    // Issued, its letter gives the place as it is then (third on applying, second now).
    await decide(numbers[2]!, '0700000102', 'approved', 'Eligible');
    await decide(numbers[2]!, '0700000101', 'issued', 'Registered on the waiting list');
    const issued = (await get(`/api/applications/${numbers[2]}`, applicants[2]!)).json();
    expect(issued.values.waiting_place).toBe('2');
    expect(issued.document.print_url).toContain('/downloads/official-letter?id=');
    expect(await placesOf(applicants[2]!)).toEqual([['Mbotela', 'commercial', 2]]);
    expect((await t.app.inject({ method: 'GET', url: '/api/estates/waiting-list' })).statusCode).toBe(401);
  }, 120_000);

  it('takes a repair of a rented house free of charge, refuses a house one does not rent, and texts each step', async () => {
    const repair = {
      request: 'repair',
      tenancy_no: SECOND_DEMO_TENANCY_NO,
      repair_kind: 'roof',
      repair_details: 'The roof leaks over the bedroom when it rains.',
    };
    const refused = await apply(wanjiku, repair);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toContainEqual(expect.objectContaining({ path: 'tenancy_no' }));
    const res = await apply(otieno, repair);
    expect(res.statusCode, res.body).toBe(201);
    const { application, bill } = res.json();
    expect(bill).toBeNull();
    expect(application.status).toBe('under_review');
    expect(application.values.house).toBe('Jericho, Block B, house 207');
    const no = application.application_no as string;
    await decide(no, '0700000102', 'approved', 'Roofer visits on Tuesday morning');
    await decide(no, '0700000101', 'issued', 'Roof sheets replaced');
    const detail = (await get(`/api/applications/${no}`, otieno)).json();
    expect(detail.status).toBe('issued');
    expect(detail.document.print_url).toContain('/downloads/official-letter?id=');
    const texts = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${otieno.phoneNumber}` }))
        .json()
        .data.map((m: { message: string }) => m.message)
        .filter((m: string) => m.includes(no));
    // Received, scheduled (the approver's note), closed: each in the request's own words.
    await expect.poll(async () => (await texts()).length).toBe(3);
    expect(await texts()).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`we have received your request ${no}`),
        `County e-services: your request ${no} is approved. Roofer visits on Tuesday morning`,
        expect.stringContaining(
          `your request ${no} is done and closed. Your letter: ${detail.document.print_url}`,
        ),
      ]),
    );
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stallAllocations } from '../../src/areas/markets/schema';
import { DEMO_STALL_NO } from '../../src/areas/markets/stalls-seed';
import { auditLog } from '../../src/core/audit/schema';
import { kenyaToday } from '../../src/core/bills/kenya-date';
import { pathAndQuery } from '../support/links';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import { readPdf } from '../support/pdf';
import type { TestApp } from '../support/test-app';
import { createSignedInUser, signedInAs as signedInAsUser, type TestUser } from '../support/users';

/**
 * Market stalls (issue 41, decision 035): a new trader applies from the service's published
 * example, pays the allocation fee, is approved and issued with four eyes and allocated the
 * lowest-numbered vacant stall of the kind (printed on the letter, whose QR verifies); the stall's
 * rent is then a standing charge, billed and paid by M-Pesa, which lowers its balance; nobody
 * else sees or bills it.
 */
let t: TestApp;
let close: () => Promise<void>;
let trader: TestUser;

const signedInAs = (phone: string) => signedInAsUser(t, phone);

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`stalls-${randomUUID()}`));
  trader = await createSignedInUser(t);
}, 60_000);
afterAll(() => close());

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });
const billOf = (stallNo: string, months: number, user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: `/api/markets/stalls/${stallNo}/bill`,
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

/** A stall allocated today owes this month's rent when today is on or before its due day, the 10th. */
const owesThisMonth = kenyaToday().day <= 10;

describe('market stalls', () => {
  let stallNo = '';
  let rent = 0;

  it('lists the markets that let stalls (no barriers) and their vacant stalls, lowest number first', async () => {
    const markets = (await get('/api/markets/stall-markets')).json().data as {
      code: string;
      vacant: number;
    }[];
    expect(markets.map((m) => m.code)).toEqual(expect.arrayContaining(['WAK', 'GIK', 'CTY', 'TOI']));
    expect(markets.map((m) => m.code)).not.toContain('BWY');
    expect(markets.every((m) => m.vacant > 0)).toBe(true);
    const sw = (
      await t.app.inject({
        method: 'GET',
        url: '/api/markets/stall-markets',
        headers: { 'accept-language': 'sw' },
      })
    ).json().data as { code: string; name: string }[];
    expect(sw.find((m) => m.code === 'GIK')?.name).toBe('Soko la Gikomba');
    const vacant = (await get('/api/markets/vacant-stalls?market_code=WAK&stall_type=open-space')).json()
      .data;
    expect(vacant[0]).toEqual({
      stall_no: 'WAK-OS-001',
      stall_type: 'open-space',
      monthly_rent_cents: 150_000,
    });
    expect((await get('/api/markets/vacant-stalls?market_code=WAK&stall_type=palace')).statusCode).toBe(400);
    // The demo trader's kiosk is let: not vacant.
    const kiosks = (await get('/api/markets/vacant-stalls?market_code=GIK&stall_type=kiosk')).json().data;
    expect(kiosks.map((s: { stall_no: string }) => s.stall_no)).not.toContain(DEMO_STALL_NO);
    // Toi has no cold room.
    expect(
      (await get('/api/markets/vacant-stalls?market_code=TOI&stall_type=cold-room')).json().data,
    ).toEqual([]);
  });

  it('refuses a kind of stall none of which is vacant, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: trader.headers,
      payload: {
        service_id: 'market-stalls',
        values: { market_code: 'TOI', stall_type: 'cold-room', goods_sold: 'Fish' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'stall_type' })]),
    );
  });

  it("allocates a stall from the service's example: paid, approved, issued (four eyes), the letter names the stall and its QR verifies", async () => {
    const open = (await get('/api/catalogue/services/market-stalls')).json();
    expect(open.route).toBe('/markets');
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: trader.headers,
      payload: { service_id: 'market-stalls', values: open.example },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { application, bill } = submitted.json();
    // The allocation fee of an open space (Nairobi: KES 1,000).
    expect(bill.total_cents).toBe(100_000);
    await payApplicationBill(
      t,
      trader,
      { billNo: bill.bill_no, applicationNo: application.application_no },
      'under_review',
    );
    const decide = async (officer: TestUser, status: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.application_no}/status`,
        headers: officer.headers,
        payload: { status, reason: 'Checked against the market register' },
      });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
    };
    await decide(await signedInAs('0700000102'), 'approved');
    // Nothing is allocated while only approved.
    expect((await get('/api/markets/stalls', trader)).json().data).toEqual([]);
    await decide(await signedInAs('0700000101'), 'issued');

    const detail = (await get(`/api/applications/${application.application_no}`, trader)).json();
    expect(detail.status).toBe('issued');
    expect(detail.document.print_url).toContain('/downloads/official-letter?id=');
    const [stall, ...others] = (await get('/api/markets/stalls', trader)).json().data;
    expect(others).toEqual([]);
    expect(stall).toMatchObject({
      stall_no: 'WAK-OS-001',
      market_code: 'WAK',
      market: 'Wakulima (Marikiti) Market',
      stall_type: 'open-space',
      goods_sold: open.example.goods_sold,
      application_no: application.application_no,
      monthly_rent_cents: 150_000,
      // This month's rent is owed at once while its due day (the 10th) is to come; else from next month.
      balance_cents: owesThisMonth ? 150_000 : 0,
      months_in_arrears: owesThisMonth ? 1 : 0,
    });
    stallNo = stall.stall_no;
    rent = stall.monthly_rent_cents;
    // The next trader gets the next stall.
    const vacant = (await get('/api/markets/vacant-stalls?market_code=WAK&stall_type=open-space')).json()
      .data;
    expect(vacant[0].stall_no).toBe('WAK-OS-002');

    const pdf = await get(pathAndQuery(detail.document.pdf_url));
    expect(pdf.statusCode).toBe(200);
    const read = await readPdf(pdf.rawPayload);
    expect(read.pages.join(' ')).toContain('WAK-OS-001');
    expect(read.pages.join(' ')).toContain('KES 1,500.00');
    const qr = await read.decodeQr(1);
    expect(qr).toBe(detail.document.url);
    const verified = await get(
      `/api/verify?code=${encodeURIComponent(new URL(qr!).searchParams.get('code')!)}`,
    );
    expect(verified.json()).toMatchObject({ status: 'valid' });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, 'WAK-OS-001'));
    expect(audit.map((row) => row.action)).toContain('allocated');
  }, 60_000);

  it('bills the rent and months ahead; paying it lowers the balance by what was paid', async () => {
    expect(stallNo).not.toBe('');
    const res = await billOf(stallNo, 2, trader);
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json();
    const owed = owesThisMonth ? rent : 0;
    expect(bill.total_cents).toBe(owed + 2 * rent);
    expect(bill.description).toContain(stallNo);
    expect(bill.lines.at(-1).Description).toContain('(in advance)');
    await pay(bill.bill_no, trader);
    const after = (await get(`/api/markets/stalls/${stallNo}`, trader)).json();
    expect(after).toMatchObject({ balance_cents: 0, credit_cents: 2 * rent, months_in_arrears: 0 });
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0].amount_cents).toBe(owed + 2 * rent);
    expect(after.statement).toHaveLength(owesThisMonth ? 1 : 0);
    if (owesThisMonth) expect(after.statement[0]).toMatchObject({ charge_cents: rent, paid_cents: rent });
    expect((await billOf(stallNo, 0, trader)).statusCode).toBe(400);
  }, 30_000);

  it("never shows or bills one trader's stall to another (404)", async () => {
    const otieno = await signedInAs('0722334455');
    const own = (await get('/api/markets/stalls', otieno)).json().data;
    expect(own.map((s: { stall_no: string }) => s.stall_no)).toEqual([DEMO_STALL_NO]);
    // The demo stall: last month's and this month's rent unpaid.
    expect(own[0].months_in_arrears).toBe(2);
    expect((await get(`/api/markets/stalls/${stallNo}`, otieno)).statusCode).toBe(404);
    expect((await billOf(stallNo, 0, otieno)).statusCode).toBe(404);
    expect((await get(`/api/markets/stalls/${DEMO_STALL_NO}`, trader)).statusCode).toBe(404);
    expect((await billOf(DEMO_STALL_NO, 1, trader)).statusCode).toBe(404);
    expect((await get(`/api/markets/stalls/NOT-A-STALL`, trader)).statusCode).toBe(404);
    expect((await get('/api/markets/stalls')).statusCode).toBe(401);
  });
  it('refuses to issue when the last stall of the kind was let meanwhile (nothing issued, nothing allocated), and issues once one is vacant again', async () => {
    const applicant = await createSignedInUser(t);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: applicant.headers,
      payload: {
        service_id: 'market-stalls',
        values: { market_code: 'CTY', stall_type: 'cold-room', goods_sold: 'Fresh fish from Lake Victoria' },
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { application, bill } = submitted.json();
    expect(bill.total_cents).toBe(500_000);
    await payApplicationBill(
      t,
      applicant,
      { billNo: bill.bill_no, applicationNo: application.application_no },
      'under_review',
    );
    // Meanwhile every cold room at City Market is let (to others, as the market office would).
    const coldRooms = (await get('/api/markets/vacant-stalls?market_code=CTY&stall_type=cold-room')).json()
      .data;
    expect(coldRooms.length).toBeGreaterThan(0);
    await t.database.db.insert(stallAllocations).values(
      coldRooms.map((s: { stall_no: string }) => ({
        stallNo: s.stall_no,
        traderName: 'Another trader',
        goodsSold: 'Meat',
        allocatedOn: '2026-01-05',
        rentFrom: '2026-01-01',
      })),
    );
    const decide = async (officer: TestUser, status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.application_no}/status`,
        headers: officer.headers,
        payload: { status, reason: 'Checked against the market register' },
      });
    expect((await decide(await signedInAs('0700000102'), 'approved')).statusCode).toBe(200);
    const reviewer = await signedInAs('0700000101');
    const refused = await decide(reviewer, 'issued');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/No cold room is vacant at this market now/);
    const detail = (await get(`/api/applications/${application.application_no}`, applicant)).json();
    expect(detail.status).toBe('approved');
    expect(detail.document).toBeNull();
    expect((await get('/api/markets/stalls', applicant)).json().data).toEqual([]);
    // One is given up: the issue now allocates it.
    await t.database.db
      .update(stallAllocations)
      .set({ status: 'ended' })
      .where(eq(stallAllocations.stallNo, coldRooms[0].stall_no));
    expect((await decide(reviewer, 'issued')).statusCode).toBe(200);
    const [stall] = (await get('/api/markets/stalls', applicant)).json().data;
    expect(stall).toMatchObject({
      stall_no: coldRooms[0].stall_no,
      stall_type: 'cold-room',
      monthly_rent_cents: 1_800_000,
    });
  }, 60_000);
});

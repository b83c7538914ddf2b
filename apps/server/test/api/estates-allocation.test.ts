import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estateHouses, tenancies } from '../../src/areas/property/schema';
import { users } from '../../src/core/accounts/schema';
import { auditLog } from '../../src/core/audit/schema';
import { kenyaToday } from '../../src/core/bills/kenya-date';
import { pathAndQuery } from '../support/links';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import {
  createOfficer,
  createSignedInUser,
  signedInAs as signedInAsUser,
  type TestUser,
} from '../support/users';

/**
 * The estates office allocates a vacant county house from the waiting list (issue 40, decision
 * 036): the officer sees a list in its order beside the vacant houses and allocates a house; the
 * first registered applicant gets it — a tenancy with its rent as a standing charge, the house no
 * longer vacant, the applicant off the list, an SMS in their language, the letter of allocation
 * naming the house. Two allocations of one house at once: one wins. Nobody else sees the tenancy.
 */
let t: TestApp;
let close: () => Promise<void>;
let officer: TestUser;

const signedInAs = (phone: string) => signedInAsUser(t, phone);

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`allocation-${randomUUID()}`));
  // The demo approver is the housing officer (estates.allocate, every area).
  officer = await signedInAs('0700000102');
}, 60_000);
afterAll(() => close());

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });
const listOf = (estate: string, use: string, user: TestUser = officer) =>
  get(`/api/staff/estates/waiting-list?estate_code=${estate}&unit_use=${use}`, user);
const allocate = (estate: string, houseNo: string, user: TestUser = officer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/staff/estates/allocations',
    headers: user.headers,
    payload: { estate_code: estate, house_no: houseNo },
  });
/** The user's SMS, newest first, once one names `text` (the SMS goes after the commit: waited for, boundedly). */
async function outbox(user: TestUser, text: string) {
  let data: { message: string }[] = [];
  for (let i = 0; i < 200 && !data.some((m) => m.message.includes(text)); i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, 25));
    data = (await get(`/api/dev/sms-outbox?phone=0${user.phoneNumber.slice(3)}`)).json().data;
  }
  return data;
}

/** A new citizen applies for a unit of the estate and kind, pays, and is registered (issued, four eyes). */
async function registered(estate: string, use: string, options: { issue?: boolean } = {}) {
  const applicant = await createSignedInUser(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: applicant.headers,
    payload: {
      service_id: 'property-management',
      values: {
        request: 'allocation',
        estate,
        unit_use: use,
        household_size: 4,
        current_residence: 'Umoja Innercore, Nairobi',
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { application, bill } = res.json();
  const applicationNo = application.application_no as string;
  await payApplicationBill(t, applicant, { billNo: bill.bill_no, applicationNo }, 'under_review');
  if (options.issue !== false)
    for (const [phone, status] of [
      ['0700000102', 'approved'],
      ['0700000101', 'issued'],
    ] as const) {
      const decided = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${applicationNo}/status`,
        headers: (await signedInAs(phone)).headers,
        payload: { status, reason: 'Registered on the waiting list' },
      });
      expect(decided.statusCode, decided.body).toBe(200);
    }
  return { applicant, applicationNo };
}

/** A house let today owes this month's rent while the estate's due day (the 10th) is to come. */
const owesThisMonth = kenyaToday().day <= 10;

describe('allocation from the waiting list', () => {
  it('allocates a vacant house to the first registered applicant: tenancy, rent, off the list, SMS, letter', async () => {
    const first = await registered('BAH', 'commercial');
    const second = await registered('BAH', 'commercial');
    // Still under review: keeps its place but is passed over until registered.
    const third = await registered('BAH', 'commercial', { issue: false });
    // The second applicant reads in Kiswahili.
    await t.database.db.update(users).set({ language: 'sw' }).where(eq(users.id, second.applicant.id));

    const before = await listOf('BAH', 'commercial');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ estate_code: 'BAH', estate: 'Bahati', unit_use: 'commercial' });
    expect(
      before
        .json()
        .waiting.map((w: { place: number; application_no: string; registered: boolean }) => [
          w.place,
          w.application_no,
          w.registered,
        ]),
    ).toEqual([
      [1, first.applicationNo, true],
      [2, second.applicationNo, true],
      [3, third.applicationNo, false],
    ]);
    expect(before.json().vacant.map((h: { house_no: string }) => h.house_no)).toEqual(['S1', 'S2']);

    const res = await allocate('BAH', 'S2');
    expect(res.statusCode, res.body).toBe(201);
    const allocation = res.json();
    expect(allocation).toMatchObject({
      tenancy_no: 'NCC-BAH-0001',
      application_no: first.applicationNo,
      estate: 'Bahati',
      house_no: 'S2',
      unit_use: 'commercial',
      monthly_rent_cents: 600_000,
      tenant_name: 'Wanjiku Test',
    });
    expect(allocation.letter.print_url).toContain('/downloads/official-letter?id=');

    // The tenant sees the tenancy with its rent as a standing charge (this month's owed at once
    // while the due day is to come), and is off the waiting list.
    const [tenancy, ...others] = (await get('/api/estates/tenancies', first.applicant)).json().data;
    expect(others).toEqual([]);
    expect(tenancy).toMatchObject({
      tenancy_no: 'NCC-BAH-0001',
      estate: 'Bahati',
      house_no: 'S2',
      status: 'active',
      monthly_rent_cents: 600_000,
      start_date: allocation.start_date,
      balance_cents: owesThisMonth ? 600_000 : 0,
    });
    expect((await get('/api/estates/waiting-list', first.applicant)).json().data).toEqual([]);
    const bill = await t.app.inject({
      method: 'POST',
      url: '/api/estates/tenancies/NCC-BAH-0001/bill',
      headers: first.applicant.headers,
      payload: { months: 1 },
    });
    expect(bill.statusCode, bill.body).toBe(200);
    expect(bill.json().total_cents).toBe(owesThisMonth ? 1_200_000 : 600_000);

    // The house is no longer vacant; the others move up.
    const after = (await listOf('BAH', 'commercial')).json();
    expect(after.vacant.map((h: { house_no: string }) => h.house_no)).toEqual(['S1']);
    expect(after.waiting.map((w: { application_no: string }) => w.application_no)).toEqual([
      second.applicationNo,
      third.applicationNo,
    ]);
    expect((await get('/api/estates/waiting-list', second.applicant)).json().data).toMatchObject([
      { application_no: second.applicationNo, place: 1 },
    ]);

    // The SMS, in English, names the house, the tenancy and the letter.
    const [sms] = await outbox(first.applicant, 'NCC-BAH-0001');
    expect(sms?.message).toContain('Shops, unit S2, Bahati is allocated to you');
    expect(sms?.message).toContain('NCC-BAH-0001');
    expect(sms?.message).toContain(allocation.letter.print_url);

    // The letter names the house, in English and Kiswahili; its QR verifies.
    const letterUrl = new URL(allocation.letter.print_url);
    const id = letterUrl.searchParams.get('id')!;
    const key = letterUrl.searchParams.get('key')!;
    const letter = (await get(`/api/documents/${id}?key=${key}`)).json();
    expect(letter.title).toBe('Letter of Allocation of a County House');
    expect(letter.facts).toEqual(
      expect.arrayContaining([
        { label: 'House or unit', value: 'Shops, unit S2' },
        { label: 'Estate', value: 'Bahati' },
        { label: 'Monthly rent', value: 'KES 6,000.00' },
        { label: 'Tenancy number', value: 'NCC-BAH-0001' },
      ]),
    );
    expect(letter.body.join(' ')).toContain('allocates to you Shops, unit S2, Bahati');
    const letterSw = (await get(`/api/documents/${id}?key=${key}&lang=sw`)).json();
    expect(letterSw.facts).toEqual(
      expect.arrayContaining([{ label: 'Nyumba au chumba', value: 'Shops, chumba S2' }]),
    );
    expect((await get(pathAndQuery(allocation.letter.pdf_url))).statusCode).toBe(200);
    const verified = await get(
      `/api/verify?code=${encodeURIComponent(new URL(letter.verify_url).searchParams.get('code')!)}`,
    );
    expect(verified.json()).toMatchObject({ status: 'valid' });

    // Every move audited: the tenancy, the house, the applicant off the list, the rent opened.
    const actions = async (entityId: string) =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId))).map((r) => [
        r.entityType,
        r.action,
        r.fromState,
        r.toState,
      ]);
    expect(await actions('NCC-BAH-0001')).toContainEqual(['tenancy', 'allocated', null, 'active']);
    expect(await actions('BAH/S2')).toContainEqual(['estate_house', 'let', 'vacant', 'let']);
    expect(await actions(first.applicationNo)).toContainEqual([
      'application',
      'allocated',
      'waiting',
      'allocated',
    ]);
    expect(await actions('county-rent:NCC-BAH-0001')).toContainEqual([
      'standing_obligation',
      'opened',
      null,
      'active',
    ]);

    // The next house goes to the next registered applicant (the third, under review, is passed
    // over), whose SMS is in Kiswahili.
    const next = await allocate('BAH', 'S1');
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ tenancy_no: 'NCC-BAH-0002', application_no: second.applicationNo });
    const [smsSw] = await outbox(second.applicant, 'NCC-BAH-0002');
    expect(smsSw?.message).toMatch(/^Huduma za kaunti: umepewa Shops, chumba S1, Bahati/);
    expect(smsSw?.message).toContain('kwa mwezi kuanzia');

    // None vacant now, and the list has nobody registered: both refused, nothing created.
    const let_ = await allocate('BAH', 'S1');
    expect(let_.statusCode).toBe(409);
    expect(let_.json().message).toContain('is not vacant');
    const empty = await allocate('BAH', '101');
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toContain('Nobody registered on the waiting list of Bahati');
    expect((await allocate('BAH', '999')).statusCode).toBe(404);
  }, 180_000);

  it('two allocations of the same house at once: one wins, one tenancy; two houses at once go to two applicants', async () => {
    const a = await registered('SHM', 'commercial');
    const b = await registered('SHM', 'commercial');
    const c = await registered('SHM', 'commercial');
    const other = await createOfficer(t, ['approver'], ['property']);
    const race = await Promise.all([allocate('SHM', 'S1'), allocate('SHM', 'S1', other)]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const [house] = await t.database.db
      .select({ id: estateHouses.id })
      .from(estateHouses)
      .where(and(eq(estateHouses.estateCode, 'SHM'), eq(estateHouses.houseNo, 'S1')));
    const onHouse = await t.database.db.select().from(tenancies).where(eq(tenancies.houseId, house!.id));
    expect(onHouse.map((row) => row.applicationNo)).toEqual([a.applicationNo]);

    const two = await Promise.all([allocate('SHM', 'S2'), allocate('SHM', '101', other)]);
    // '101' is residential: the commercial list is S2's only; the residential list is empty.
    expect(two.map((r) => r.statusCode)).toEqual([201, 409]);
    expect(two[0]!.json().application_no).toBe(b.applicationNo);
    const left = (await listOf('SHM', 'commercial')).json();
    expect(left.waiting.map((w: { application_no: string }) => w.application_no)).toEqual([c.applicationNo]);
    expect(left.vacant).toEqual([]);
  }, 180_000);

  it("reads a house's size and kind in the reader's language: the officer's list and the tenant's tenancy", async () => {
    const sw = (user: TestUser) => ({ ...user.headers, 'accept-language': 'sw' });
    const list = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/api/staff/estates/waiting-list?estate_code=KAL&unit_use=residential',
        headers,
      });
    const english = (await list(officer.headers)).json();
    const kiswahili = (await list(sw(officer))).json();
    expect(english.vacant.length).toBeGreaterThan(0);
    expect(english.vacant[0].size).toBe('2 rooms');
    expect(kiswahili.vacant[0].size).toBe('vyumba 2');
    // Wanjiku's Kaloleni tenancy (demo data).
    const wanjiku = await signedInAs('0712345678');
    const mine = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/estates/tenancies/NCC-KAL-0114', headers });
    expect((await mine(wanjiku.headers)).json().unit_type).toBe('residential, 2 rooms');
    expect((await mine(sw(wanjiku))).json().unit_type).toBe('makazi, vyumba 2');
    const all = await t.app.inject({ method: 'GET', url: '/api/estates/tenancies', headers: sw(wanjiku) });
    expect(all.json().data.map((x: { unit_type: string }) => x.unit_type)).toContain('makazi, chumba 1');
  });

  it('only housing officers of the property area see the lists and allocate; nobody else sees the tenancy (404)', async () => {
    const { applicant } = await registered('MBO', 'commercial');
    const citizen = await createSignedInUser(t);
    const reviewer = await signedInAs('0700000101');
    const landOnly = await createOfficer(t, ['approver'], ['land']);
    expect(
      (await get('/api/staff/estates/waiting-list?estate_code=MBO&unit_use=commercial')).statusCode,
    ).toBe(401);
    for (const user of [citizen, reviewer, landOnly]) {
      expect((await listOf('MBO', 'commercial', user)).statusCode).toBe(403);
      expect((await allocate('MBO', 'S1', user)).statusCode).toBe(403);
    }
    expect((await listOf('XXX', 'commercial')).statusCode).toBe(404);
    const res = await allocate('MBO', 'S1');
    expect(res.statusCode, res.body).toBe(201);
    const tenancyNo = res.json().tenancy_no as string;
    expect((await get(`/api/estates/tenancies/${tenancyNo}`, applicant)).statusCode).toBe(200);
    expect((await get(`/api/estates/tenancies/${tenancyNo}`, citizen)).statusCode).toBe(404);
    expect((await get('/api/estates/tenancies', citizen)).json().data).toEqual([]);
    const bill = await t.app.inject({
      method: 'POST',
      url: `/api/estates/tenancies/${tenancyNo}/bill`,
      headers: citizen.headers,
      payload: { months: 1 },
    });
    expect(bill.statusCode).toBe(404);
    // A refused allocation is audited with the officer.
    const refused = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'estate_house'), eq(auditLog.action, 'allocation.refused')));
    expect(refused.length).toBeGreaterThan(0);
  }, 120_000);
});

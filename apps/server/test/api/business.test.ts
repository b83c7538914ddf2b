import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIM_RECORDED_MESSAGE,
  LOOKUP_NOT_FOUND_MESSAGE,
  NOT_VERIFIED_NOTE,
  OTHER_HOLDER_MESSAGE,
  TAKEOVER_NEEDED_MESSAGE,
  takeoverCodeSentMessage,
} from '../../src/areas/business/business-service';
import { createPermits } from '../../src/areas/business/permits';
import { businesses, businessPermits } from '../../src/areas/business/schema';
import { authThrottles } from '../../src/core/accounts/schema';
import { auditLog } from '../../src/core/audit/schema';
import { bills } from '../../src/core/bills/schema';
import { documents } from '../../src/core/documents/schema';
import { latestCode } from '../support/accounts';
import { uploadId } from '../support/files';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, type TestUser } from '../support/users';

/**
 * Business permits end to end: the activity schedule, the register lookup, a unified permit with
 * two business lines billed line by line, paid by M-Pesa and issued at once, /permits, renewal
 * (window, penalty), one open bill per business, another account's business, revocation seen
 * by the permit check, and SMS reminders sent once.
 */
let t: TestApp;
let close: () => Promise<void>;
let owner: TestUser;
let stranger: TestUser;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`business-callback-secret-${randomUUID()}`));
  owner = await createSignedInUser(t, { firstName: 'Achieng', surName: 'Oduya' });
  stranger = await createSignedInUser(t, { firstName: 'Kamau', surName: 'Njoroge' });
});
afterAll(async () => close());

const business = (kraPin: string, name = 'Kilimani Tech Solutions Limited') => ({
  business_name: name,
  kra_pin: kraPin,
  reg_no: 'PVT-9XY7AB2C',
  postal_address: 'P.O. Box 76543',
  postal_code: '00505',
  // The holder keeps the register's phone (it proves nothing now: a code to it does, below).
  business_phone:
    ({ P052468013Q: '0700123456', A011223344C: '0711998877' } as Record<string, string>)[kraPin] ??
    '0712000111',
  contact_name: 'Achieng Oduya',
});
const premises = {
  premise_type: 'premises',
  sub_county_code: '274',
  ward_code: '1361',
  road_name: 'Ring Road Kilimani',
  building_name: 'Elgon Court',
  floor_no: '3rd floor',
  stall: 'Suite 12',
};

async function submit(user: TestUser, serviceId: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/services/${serviceId}/applications`,
    headers: user.headers,
    payload,
  });
}

/** The register's phones (seed.ts): where a takeover code goes. */
const REGISTER_PHONES: Record<string, string> = { P052468013Q: '254700123456', A011223344C: '254711998877' };

async function askTakeoverCode(user: TestUser, kraPin: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/businesses/takeover/code',
    headers: user.headers,
    payload: { kra_pin: kraPin },
  });
}
async function typeTakeoverCode(user: TestUser, kraPin: string, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/businesses/takeover',
    headers: user.headers,
    payload: { kra_pin: kraPin, code },
  });
}
/** Takes a register business over with the code its registered phone received. */
async function takeOverWith(user: TestUser, kraPin: string, phone: string) {
  const asked = await askTakeoverCode(user, kraPin);
  expect(asked.statusCode, asked.body).toBe(202);
  const answer = await typeTakeoverCode(user, kraPin, await latestCode(t, phone));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
}
const takeOver = (user: TestUser, kraPin: string) => takeOverWith(user, kraPin, REGISTER_PHONES[kraPin]!);

/** Pays a bill by STK push and waits until its application is issued (or reaches `until`): its document. */
async function payAndWait(user: TestUser, billNo: string, applicationNo: string, until = 'issued') {
  return (await payApplicationBill(t, user, { billNo, applicationNo }, until)).document!;
}

async function myPermits(user: TestUser) {
  const answer = await t.app.inject({ method: 'GET', url: '/api/permits', headers: user.headers });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as {
    permitNo: string;
    state: string;
    renewable: boolean;
    document: { id: string };
  }[];
}

/** Moves a permit's expiry (the register and the document) to `days` from now. */
async function expireIn(documentId: string, days: number) {
  const at = new Date(Date.now() + days * DAY_MS);
  await t.database.db
    .update(businessPermits)
    .set({ expiresAt: at })
    .where(eq(businessPermits.documentId, documentId));
  await t.database.db.update(documents).set({ expiresAt: at }).where(eq(documents.id, documentId));
}

describe('the activity schedule', () => {
  it('lists at least 60 activities across at least 10 industries, searchable by name or code', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/business/activities' })).json().data;
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(
      new Set(all.map((a: { ubpsubcategory3_name: string }) => a.ubpsubcategory3_name)).size,
    ).toBeGreaterThanOrEqual(10);
    expect(all[0]).toEqual({
      activity_code: expect.any(String),
      name: expect.any(String),
      brim_desc: expect.any(String),
      fa_category_desc: expect.any(String),
      ubpsubcategory3_name: expect.any(String),
    });
    const byName = (
      await t.app.inject({ method: 'GET', url: '/api/business/activities?q=RESTAURANT' })
    ).json().data;
    expect(byName.map((a: { activity_code: string }) => a.activity_code)).toEqual(['505']);
    const byCode = (await t.app.inject({ method: 'GET', url: '/api/business/activities?q=12' })).json().data;
    expect(byCode.map((a: { activity_code: string }) => a.activity_code)).toEqual(['120', '125']);
    // A wildcard typed by the trader is a character, not a pattern.
    const wild = (await t.app.inject({ method: 'GET', url: '/api/business/activities?q=%25' })).json().data;
    expect(wild).toEqual([]);
    // In Kiswahili (issue 36 item 23): the activities' Kiswahili names, searched in Kiswahili too.
    const sw = await t.app.inject({
      method: 'GET',
      url: '/api/business/activities?q=mkahawa',
      headers: { 'accept-language': 'sw' },
    });
    expect(sw.headers['content-language']).toBe('sw');
    expect(sw.json().data).toMatchObject([{ activity_code: '505', name: 'Mkahawa au nyumba ya chakula' }]);
    const tree = (await t.app.inject({ method: 'GET', url: '/api/business/classification' })).json().data;
    expect(tree.length).toBeGreaterThanOrEqual(10);
    const codes = (await t.app.inject({ method: 'GET', url: '/api/business/postal-codes' })).json().data;
    expect(codes).toContainEqual({
      postal_code: '00100',
      post_office: 'Nairobi GPO',
      label: '00100 Nairobi GPO',
    });
  });
});

describe('a unified business permit', () => {
  let permitId = '';
  let permitNo = '';

  it("finds a business of the county's register by KRA PIN or registration number, for nobody else once held", async () => {
    const byPin = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/lookup?kra_pin=p052468013q',
      headers: owner.headers,
    });
    expect(byPin.statusCode, byPin.body).toBe(200);
    expect(byPin.json()).toMatchObject({
      business_name: 'Kilimani Tech Solutions Limited',
      reg_no: 'PVT-9XY7AB2C',
    });
    const byReg = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/lookup?reg_no=pvt-9xy7ab2c',
      headers: owner.headers,
    });
    expect(byReg.json().kra_pin).toBe('P052468013Q');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/lookup?kra_pin=P000000000X',
      headers: owner.headers,
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/lookup?kra_pin=P052468013Q',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("hands a business of the register over with a code sent to the register's phone, not one the applicant types (issue 36 item 7)", async () => {
    // Applying before the takeover: told how to take it over, whatever phone is typed.
    const early = await submit(owner, 'unified-business-permit', {
      ...business('P052468013Q'),
      ...premises,
      linesData: [{ activity_code: '505', business_size: 'small' }],
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().details).toEqual([{ path: 'kra_pin', message: TAKEOVER_NEEDED_MESSAGE }]);
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/lookup?kra_pin=P052468013Q',
      headers: owner.headers,
    });
    expect(lookup.json()).toMatchObject({ yours: false, phone_ending: '456', business_phone: null });

    const sent = await askTakeoverCode(owner, 'p052468013q');
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ message: takeoverCodeSentMessage('456'), phone_ending: '456' });
    const code = await latestCode(t, '254700123456');
    const wrong = await typeTakeoverCode(owner, 'P052468013Q', code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    const right = await typeTakeoverCode(owner, 'P052468013Q', code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ kra_pin: 'P052468013Q', business_phone: '254700123456' });
    // Single use: the same code again is refused to anyone else.
    const reused = await typeTakeoverCode(stranger, 'P052468013Q', code);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().message).toBe(LOOKUP_NOT_FOUND_MESSAGE);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'taken_over'));
    expect(audit).toMatchObject({ entityType: 'business', fromState: 'unheld', toState: 'held' });
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/businesses', headers: owner.headers })
    ).json().data;
    expect(mine.map((b: { kra_pin: string }) => b.kra_pin)).toContain('P052468013Q');
  });

  it("answers a code request for an unknown business or another account's as the lookup does", async () => {
    const unknown = await askTakeoverCode(stranger, 'P000000000X');
    const held = await askTakeoverCode(stranger, 'P052468013Q');
    expect([unknown.statusCode, held.statusCode]).toEqual([404, 404]);
    expect(held.json().message).toBe(unknown.json().message);
  });

  it('refuses a sixth business line, naming the limit', async () => {
    const six = Array.from({ length: 6 }, () => ({ activity_code: '120', business_size: 'small' }));
    const answer = await submit(owner, 'unified-business-permit', {
      ...business('P052468013Q'),
      ...premises,
      linesData: six,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details[0].path).toBe('linesData');
    expect(answer.json().message).toMatch(/5/);
  });

  it('refuses an activity that is not in the schedule, in the line that holds it', async () => {
    const answer = await submit(owner, 'unified-business-permit', {
      ...business('P052468013Q'),
      ...premises,
      linesData: [
        { activity_code: '505', business_size: 'small' },
        { activity_code: '999', business_size: 'small' },
      ],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([
      { path: 'linesData.1.activity_code', message: 'Please select a business activity from the list' },
    ]);
  });

  it('bills each line, the bundled charges and the application fee; paid, it is issued at once', async () => {
    const linesData = [
      { activity_code: '505', business_size: 'small' },
      { activity_code: '615', business_size: 'medium' },
    ];
    const quote = (
      await t.app.inject({
        method: 'POST',
        url: '/api/catalogue/services/unified-business-permit/quote',
        payload: { values: { linesData } },
      })
    ).json();
    expect(quote.complete).toBe(true);
    // A line whose activity the schedule does not have is left out of a quote, not a failure.
    const partial = (
      await t.app.inject({
        method: 'POST',
        url: '/api/catalogue/services/unified-business-permit/quote',
        payload: { values: { linesData: [...linesData, { activity_code: '999', business_size: 'small' }] } },
      })
    ).json();
    expect(partial.total_cents).toBe(quote.total_cents);

    const answer = await submit(owner, 'unified-business-permit', {
      ...business('P052468013Q'),
      subsidiary_name: 'KiliTech',
      ...premises,
      linesData,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    expect(application.application_no).toMatch(/^UBP-\d{4}-\d{6}$/);
    expect(bill.total_cents).toBe(quote.total_cents);
    const descriptions = bill.lines.map((l: { Description: string }) => l.Description);
    expect(descriptions).toEqual([
      'Business permit: Restaurant or eating house (small)',
      'Business permit: Information technology company (medium)',
      'Fire safety inspection: Restaurant or eating house',
      'Fire safety inspection: Information technology company',
      'Food hygiene licence: Restaurant or eating house',
      'Public health certificate: Restaurant or eating house',
      'Advertising (business name sign): Restaurant or eating house',
      'Advertising (business name sign): Information technology company',
      'Business permit application fee',
    ]);
    // Each line carries its charge's code (lines2Data: code, description, amount).
    expect(bill.lines.map((l: { code: string }) => l.code)).toEqual([
      '505:small',
      '615:medium',
      '505',
      '615',
      '505',
      '505',
      '505',
      '615',
      'application',
    ]);
    const sum = bill.lines.reduce((n: number, l: { amount_cents: number }) => n + l.amount_cents, 0);
    expect(sum).toBe(bill.total_cents);
    // 4,500 small; 5,000 × 2 medium; fire 2,500 × 2; food 3,000; health 1,500; signs 2,000 × 2; 500.
    expect(bill.total_cents).toBe((4_500 + 10_000 + 5_000 + 3_000 + 1_500 + 4_000 + 500) * 100);

    // Another application for the same business while this bill is open: refused, the bill named.
    const again = await submit(owner, 'unified-business-permit', {
      ...business('P052468013Q'),
      ...premises,
      linesData,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain(bill.bill_no);

    const document = await payAndWait(owner, bill.bill_no, application.application_no);
    permitId = document.id;
    permitNo = application.application_no;
    const link = new URL(document.print_url);
    expect(link.pathname).toBe('/downloads/ubp');
    const view = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${link.searchParams.get('id')}?key=${link.searchParams.get('key')}`,
      })
    ).json();
    expect(view).toMatchObject({ title: 'Unified Business Permit', state: 'valid' });
    const fact = (label: string) => view.facts.find((f: { label: string }) => f.label === label)?.value;
    expect(fact('Business name')).toBe('Kilimani Tech Solutions Limited');
    expect(fact('Subsidiary (trading) name')).toBe('KiliTech');
    expect(fact('Postal address')).toBe('P.O. Box 76543-00505, Ngong Road');
    expect(fact('Duration')).toBe('12 months');
    expect(view.tables[0].rows).toEqual([
      ['505', 'Restaurant or eating house', 'Accommodation and Catering', 'Eating houses', 'Hospitality'],
      [
        '615',
        'Information technology company',
        'Professional and Technical Services',
        'Professional offices',
        'Professional services',
      ],
    ]);
    // The charges by their description, not their tariff item (issue 36 item 23: no raw codes).
    expect(view.tables[1].rows[0]).toEqual([
      'Business permit: Restaurant or eating house (small)',
      'KES 4,500.00',
    ]);
    expect(view.conditions).toHaveLength(15);
    // On the Kiswahili setting the charges read in Kiswahili, on the document and the bill
    // (issue 36 item 23: a bill line keeps its tariff row's Kiswahili).
    const viewSw = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${link.searchParams.get('id')}?key=${link.searchParams.get('key')}&lang=sw`,
      })
    ).json();
    expect(viewSw.tables[1].rows[0]).toEqual([
      expect.stringMatching(/^Kibali cha biashara: .+ \(.+\)$/),
      'KES 4,500.00',
    ]);
    const billSw = await t.app.inject({
      method: 'GET',
      url: `/api/bills/${bill.bill_no}`,
      headers: { ...owner.headers, 'accept-language': 'sw' },
    });
    expect(billSw.headers['content-language']).toBe('sw');
    expect(billSw.json().lines[0].Description).toBe(viewSw.tables[1].rows[0][0]);
    const billEn = (
      await t.app.inject({ method: 'GET', url: `/api/bills/${bill.bill_no}`, headers: owner.headers })
    ).json();
    expect(billEn.lines[0].Description).toBe('Business permit: Restaurant or eating house (small)');

    const valid = await t.app.inject({ method: 'GET', url: `/api/permits/validate?permit_no=${permitNo}` });
    expect(valid.json()).toEqual({ permitNo, isValid: true });
  });

  it('lists it on /permits as active, not yet renewable; a renewal now is refused with the date it opens', async () => {
    const [permit] = await myPermits(owner);
    expect(permit).toMatchObject({
      permitNo,
      state: 'active',
      renewable: false,
      service_id: 'unified-business-permit',
    });
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/permits/${permitId}/renewal`,
      headers: owner.headers,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^This permit is valid until .+\. You can renew it from .+\.$/);
    expect(early.json().code).toBe('renewal_not_open');
    // Applying afresh for the same business is the same renewal, refused the same way.
    const fresh = await submit(owner, 'unified-business-permit', {
      ...business('P052468013Q'),
      ...premises,
      linesData: [{ activity_code: '505', business_size: 'small' }],
    });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().message).toContain('You can renew it from');
  });

  it('does not sell a single business permit for a year its unified permit covers (one business, one permit)', async () => {
    const single = await submit(owner, 'single-business-permit', {
      ...business('P052468013Q'),
      ...premises,
      activity_code: '505',
      business_size: 'small',
    });
    expect(single.statusCode, single.body).toBe(400);
    expect(single.json().details).toEqual([
      {
        path: 'kra_pin',
        message: `This business holds Unified Business Permit ${permitNo}, which covers it for this year. Renew that permit when it is due instead of applying for a Single Business Permit.`,
      },
    ]);
  });

  it('keeps another account out of the business and its permits', async () => {
    const taken = await submit(stranger, 'unified-business-permit', {
      ...business('P052468013Q', 'Someone Else Ltd'),
      ...premises,
      linesData: [{ activity_code: '505', business_size: 'small' }],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().details).toEqual([{ path: 'kra_pin', message: OTHER_HOLDER_MESSAGE }]);
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/businesses/lookup?kra_pin=P052468013Q',
      headers: stranger.headers,
    });
    expect(lookup.statusCode).toBe(404);
    expect(await myPermits(stranger)).toEqual([]);
    const renewal = await t.app.inject({
      method: 'POST',
      url: `/api/permits/${permitId}/renewal`,
      headers: stranger.headers,
    });
    expect(renewal.statusCode).toBe(404);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/businesses', headers: owner.headers })
    ).json().data;
    expect(mine.map((b: { kra_pin: string }) => b.kra_pin)).toEqual(['P052468013Q']);
  });

  it('renews within 30 days of the expiry without a penalty; the new permit follows the old', async () => {
    await expireIn(permitId, 10);
    const [expiring] = await myPermits(owner);
    expect(expiring).toMatchObject({ state: 'expiring', renewable: true });
    const renewal = await t.app.inject({
      method: 'POST',
      url: `/api/permits/${permitId}/renewal`,
      headers: owner.headers,
    });
    expect(renewal.statusCode, renewal.body).toBe(201);
    const { application, bill } = renewal.json();
    expect(bill.lines.map((l: { Description: string }) => l.Description)).not.toContainEqual(
      expect.stringContaining('Late renewal'),
    );
    await payAndWait(owner, bill.bill_no, application.application_no);
    const permits = await myPermits(owner);
    expect(permits.map((p) => [p.permitNo, p.state])).toEqual([
      [application.application_no, 'active'],
      [permitNo, 'renewed'],
    ]);
  });
});

describe('a register business after 5 wrong takeover codes', () => {
  it('is locked for an hour, whoever asks; then the right code takes it (issue 36 item 7)', async () => {
    const [locked] = await t.database.db
      .insert(businesses)
      .values({ name: 'Lock Test Traders', kraPin: 'P077700011L', phone: '254722700011', inRegister: true })
      .returning();
    const guesser = await createSignedInUser(t, { firstName: 'Otieno', surName: 'Guesser' });
    expect((await askTakeoverCode(guesser, 'P077700011L')).statusCode).toBe(202);
    const code = await latestCode(t, '254722700011');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await typeTakeoverCode(guesser, 'P077700011L', wrongCode)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    // Locked for everyone: no new code, and not even the right one is taken.
    const right = await typeTakeoverCode(guesser, 'P077700011L', code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(
      'This business is locked after too many wrong codes. Please try again in 60 minutes.',
    );
    expect((await askTakeoverCode(stranger, 'P077700011L')).statusCode).toBe(429);
    const [lockAudit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'takeover.locked'), eq(auditLog.entityId, locked!.id)));
    expect(lockAudit).toMatchObject({ fromState: 'open', toState: 'locked' });

    // An hour later (the lock's window moved back), a new code takes it.
    await t.database.db
      .update(authThrottles)
      .set({ windowStartedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(authThrottles.key, `takeover-lock:${locked!.id}`));
    await takeOverWith(stranger, 'P077700011L', '254722700011');
  });

  it('is not locked by a stranger typing codes without one sent: only guesses at a live code count', async () => {
    await t.database.db
      .insert(businesses)
      .values({ name: 'Kamukunji Hardware', kraPin: 'P077700022K', phone: '254722700022', inRegister: true });
    const prankster = await createSignedInUser(t, { firstName: 'Juma', surName: 'Prankster' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await typeTakeoverCode(prankster, 'P077700022K', '123456')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400]);
    // The owner still gets a code and takes the business.
    await takeOverWith(stranger, 'P077700022K', '254722700022');
  });
});

describe('a KRA PIN the register does not know (issue 36 item 6)', () => {
  const PIN = 'P066600066S';
  let squatter: TestUser;
  let trader: TestUser;
  let squatted = { billNo: '', applicationNo: '' };
  const single = {
    ...business(PIN, 'Kariakor Leather Works'),
    ...premises,
    activity_code: '120',
    business_size: 'mini',
  };
  const heldPins = async (user: TestUser) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/businesses', headers: user.headers })).json().data as {
        kra_pin: string;
      }[]
    ).map((b) => b.kra_pin);

  it('is held by nobody while its application is unpaid: another account may apply and pay', async () => {
    squatter = await createSignedInUser(t, { firstName: 'Squat', surName: 'Ter' });
    trader = await createSignedInUser(t, { firstName: 'Wafula', surName: 'Chebet' });
    const first = await submit(squatter, 'single-business-permit', single);
    expect(first.statusCode, first.body).toBe(201);
    squatted = { billNo: first.json().bill.bill_no, applicationNo: first.json().application.application_no };
    expect(await heldPins(squatter)).not.toContain(PIN);

    const second = await submit(trader, 'single-business-permit', single);
    expect(second.statusCode, second.body).toBe(201);
    const { application, bill } = second.json();
    const document = await payAndWait(trader, bill.bill_no, application.application_no);
    // Paid: the payer holds it now, and the permit says the register does not know it.
    expect(await heldPins(trader)).toContain(PIN);
    const view = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${document.id}?key=${new URL(document.print_url).searchParams.get('key')}`,
      })
    ).json();
    expect(view.facts.find((f: { label: string }) => f.label === 'County register').value).toBe(
      NOT_VERIFIED_NOTE,
    );
    const sw = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${document.id}?key=${new URL(document.print_url).searchParams.get('key')}`,
        headers: { 'accept-language': 'sw' },
      })
    ).json();
    expect(sw.facts.find((f: { label: string }) => f.label === 'Sajili ya kaunti')?.value).toBe(
      'Haijathibitishwa dhidi ya sajili ya kaunti',
    );
    const held = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'held'), eq(auditLog.entityType, 'business')));
    expect(held.some((a) => (a.data as { kra_pin?: string }).kra_pin === PIN)).toBe(true);
  });

  it("turns the other account's late payment into a claim, not a permit on someone else's business", async () => {
    await payAndWait(squatter, squatted.billNo, squatted.applicationNo);
    expect(await heldPins(squatter)).not.toContain(PIN);
    const claims = (
      await t.app.inject({ method: 'GET', url: '/api/businesses/claims', headers: squatter.headers })
    ).json().data;
    expect(claims).toMatchObject([
      { kra_pin: PIN, status: 'pending', application_no: squatted.applicationNo },
    ]);
    expect((await myPermits(trader)).map((p) => p.permitNo)).not.toContain(squatted.applicationNo);
  });

  it('lets a third account claim it; two business officers hand it over', async () => {
    const owner3 = await createSignedInUser(t, { firstName: 'Halima', surName: 'Abdi' });
    const refused = await submit(owner3, 'single-business-permit', single);
    expect(refused.json().details).toEqual([{ path: 'kra_pin', message: OTHER_HOLDER_MESSAGE }]);
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/claims',
      headers: owner3.headers,
      payload: { kra_pin: PIN.toLowerCase() },
    });
    expect(claim.statusCode, claim.body).toBe(202);
    expect(claim.json()).toMatchObject({ message: CLAIM_RECORDED_MESSAGE, claim: { status: 'pending' } });
    const id = claim.json().claim.id as string;
    // Asked again: the same open claim.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/claims',
      headers: owner3.headers,
      payload: { kra_pin: PIN },
    });
    expect(again.json().claim.id).toBe(id);
    // Not for a PIN nobody holds (apply instead), nor an unknown one (as the lookup answers).
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/businesses/claims',
      headers: owner3.headers,
      payload: { kra_pin: 'P000000001Z' },
    });
    expect(unknown.statusCode).toBe(404);

    const landOfficer = await createOfficer(t, ['approver'], ['land']);
    const first = await createOfficer(t, ['approver'], ['business']);
    const second = await createOfficer(t, ['approver'], ['business']);
    const list = async (officer: TestUser) =>
      t.app.inject({ method: 'GET', url: '/api/staff/business-claims', headers: officer.headers });
    expect((await list(landOfficer)).statusCode).toBe(403);
    const open = (await list(first)).json().data;
    expect(open.find((c: { id: string }) => c.id === id)).toMatchObject({
      kra_pin: PIN,
      claimant_name: 'Halima Abdi',
      in_register: false,
      holder_name: 'Wafula Chebet',
    });
    const decide = (officer: TestUser, decision: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/business-claims/${id}/decision`,
        headers: officer.headers,
        payload: { decision, reason: 'Certificate of registration seen at the office' },
      });
    expect((await decide(first, 'accepted')).json().status).toBe('recommended');
    expect((await decide(first, 'accepted')).statusCode).toBe(403);
    expect(await heldPins(owner3)).not.toContain(PIN);
    const accepted = await decide(second, 'accepted');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    expect(await heldPins(owner3)).toContain(PIN);
    expect(await heldPins(trader)).not.toContain(PIN);
    expect((await decide(second, 'rejected')).statusCode).toBe(409);
    const handed = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'handed_over'), eq(auditLog.entityType, 'business')));
    expect(handed).toHaveLength(1);
  });
});

describe('two applications for one business at once', () => {
  it('raise one bill: the other is refused, never a second open bill', async () => {
    const payload = {
      ...business('P099887766K', 'Twin Click Traders'),
      ...premises,
      activity_code: '120',
      business_size: 'small',
    };
    const answers = await Promise.all([
      submit(owner, 'single-business-permit', payload),
      submit(owner, 'single-business-permit', payload),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect([400, 409]).toContain(statuses[1]);
    // The trader's own second click is not told the business is someone else's.
    const refused = answers.find((a) => a.statusCode !== 201)!;
    expect(refused.json().message).not.toBe(OTHER_HOLDER_MESSAGE);
    const open = (
      await t.app.inject({
        method: 'GET',
        url: '/api/bills?area=business&status=unpaid',
        headers: owner.headers,
      })
    ).json().data as { description: string }[];
    expect(open.filter((b) => b.description.startsWith('Single Business Permit'))).toHaveLength(1);
  });
});

describe('a single business permit renewed late', () => {
  it('adds the late renewal penalty for each month (or part) since the expiry', async () => {
    await takeOver(owner, 'A011223344C');
    const answer = await submit(owner, 'single-business-permit', {
      ...business('A011223344C', 'Jamii Beauty Salon'),
      ...premises,
      activity_code: '970',
      business_size: 'mini',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    expect(bill.total_cents).toBe((1_000 + 500) * 100);
    const document = await payAndWait(owner, bill.bill_no, application.application_no);
    const view = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${document.id}?key=${new URL(document.print_url).searchParams.get('key')}`,
      })
    ).json();
    expect(view.facts.find((f: { label: string }) => f.label === 'Activity').value).toBe(
      'Hair salon or barber shop',
    );

    await expireIn(document.id, -35);
    const expired = (await myPermits(owner)).find((p) => p.permitNo === application.application_no);
    expect(expired).toMatchObject({ state: 'expired', renewable: true });
    const renewal = await t.app.inject({
      method: 'POST',
      url: `/api/permits/${document.id}/renewal`,
      headers: owner.headers,
    });
    expect(renewal.statusCode, renewal.body).toBe(201);
    const late = renewal.json().bill;
    expect(late.lines.at(-1)).toMatchObject({
      Description: 'Late renewal penalty, per month or part of a month × 2 months',
      amount_cents: 200_000,
    });
    expect(late.total_cents).toBe((1_000 + 500 + 2_000) * 100);
  });
});

describe('a pest control certificate', () => {
  it('is paid, reviewed by a business officer, issued to the business and listed with its permits', async () => {
    const answer = await submit(owner, 'pest-control', {
      ...business('P077665544L', 'Mama Oliech Restaurant'),
      ...premises,
      activity_code: '505',
      service_code: 'FUM',
      provider_code: 'PCO-014',
      treated_on: new Date(Date.now() - 3 * DAY_MS).toISOString().slice(0, 10),
      treatmentReport: await uploadId(t, owner.headers),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    expect(bill.lines.map((l: { Description: string }) => l.Description)).toEqual([
      'Pest control certificate: fumigation of premises',
    ]);
    const summary = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/pest-control/summary', headers: owner.headers })
      ).json();
    expect(await summary()).toMatchObject({
      balance_cents: 300_000,
      unpaid_bills: [{ bill_no: bill.bill_no, balance_cents: 300_000 }],
      applications: [{ application_no: application.application_no, status: 'awaiting_payment' }],
    });
    await payAndWait(owner, bill.bill_no, application.application_no, 'under_review');
    // Paid, it waits for the county: a reviewer of another area cannot touch it.
    const landOfficer = await createOfficer(t, ['reviewer', 'approver'], ['land']);
    const decide = (officer: TestUser, status: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${application.application_no}/status`,
        headers: officer.headers,
        payload: { status, reason: 'Treatment report checked with the operator' },
      });
    expect((await decide(landOfficer, 'approved')).statusCode).toBe(403);
    const approver = await createOfficer(t, ['approver'], ['business']);
    const reviewer = await createOfficer(t, ['reviewer'], ['business']);
    expect((await decide(approver, 'approved')).statusCode).toBe(200);
    expect((await decide(reviewer, 'issued')).statusCode).toBe(200);

    const certificate = (await myPermits(owner)).find((p) => p.permitNo === application.application_no);
    expect(certificate).toMatchObject({ state: 'active', renewable: false, renewable_from: null });
    const view = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${certificate!.document.id}?key=${new URL((certificate!.document as unknown as { print_url: string }).print_url).searchParams.get('key')}`,
      })
    ).json();
    expect(view).toMatchObject({ title: 'Pest Control Certificate', state: 'valid' });
    expect(view.facts.find((f: { label: string }) => f.label === 'Business').value).toBe(
      'Mama Oliech Restaurant',
    );
    expect(view.facts.find((f: { label: string }) => f.label === 'Operator').value).toBe(
      'Rentokil Initial Kenya Limited (PCO-014)',
    );
    expect(await summary()).toMatchObject({ balance_cents: 0, unpaid_bills: [] });
  });
});

describe('permit reminders and revocation', () => {
  it('sends the 30-day and the 7-day reminder once each, however many instances run the job', async () => {
    const sent: { to: string; text: string }[] = [];
    const permits = createPermits({
      db: t.database.db,
      applications: { submit: async () => Promise.reject(new Error('not used')) },
      links: { link: () => ({}) as never },
      documents: { shortCodeOf: async () => '' },
      sms: {
        driver: 'outbox',
        send: async (to, text) => {
          sent.push({ to, text });
          return { accepted: true, status: 'Success' };
        },
      },
      publicUrl: 'https://kaunti.example',
      countyName: async () => 'Nairobi City County',
    });
    const [permit] = await myPermits(owner);
    await expireIn(permit!.document.id, 20);
    await Promise.all([permits.sendReminders(), permits.sendReminders(), permits.sendReminders()]);
    const about = (n: string) => sent.filter((s) => s.text.includes(n));
    expect(about(permit!.permitNo)).toHaveLength(1);
    expect(about(permit!.permitNo)[0]).toMatchObject({ to: '254700123456' });
    expect(about(permit!.permitNo)[0]!.text).toMatch(
      /expires on .+ \(20 days\)\. Renew it at https:\/\/kaunti\.example\/permits$/,
    );
    await permits.sendReminders();
    expect(about(permit!.permitNo)).toHaveLength(1);
    await expireIn(permit!.document.id, 5);
    await Promise.all([permits.sendReminders(), permits.sendReminders()]);
    expect(about(permit!.permitNo)).toHaveLength(2);
    expect(about(permit!.permitNo)[1]!.text).toContain('(5 days)');
  });

  it('answers isValid false for a permit revoked after an inspection', async () => {
    const [permit] = await myPermits(owner);
    const officer = await createOfficer(t, ['approver'], ['business']);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/staff/documents/${encodeURIComponent(permit!.document.id)}/revoke`,
      headers: officer.headers,
      payload: { reason: 'Closed after a public health inspection' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/permits/validate?permit_no=${permit!.permitNo}`,
    });
    expect(check.json()).toEqual({ permitNo: permit!.permitNo, isValid: false });
    const [after] = await myPermits(owner);
    expect(after).toMatchObject({ state: 'revoked', renewable: false });
  });

  it("lists only the business permits' bills for /sbp/payments, and only the caller's", async () => {
    // A land bill of the same user, which the business list must leave out.
    await t.database.db.insert(bills).values({
      billNo: 'NCCB99887766',
      userId: owner.id,
      serviceId: 'ground-rent',
      status: 'unpaid',
      description: 'Ground rent 2026',
      totalCents: 360_000,
      dueDate: '2026-12-31',
    });
    const business = (
      await t.app.inject({ method: 'GET', url: '/api/bills?area=business', headers: owner.headers })
    ).json().data as { service_id: string | null; bill_no: string }[];
    expect(business.length).toBeGreaterThanOrEqual(4);
    const area = ['single-business-permit', 'unified-business-permit', 'pest-control'];
    expect(business.every((b) => area.includes(b.service_id ?? ''))).toBe(true);
    const all = (await t.app.inject({ method: 'GET', url: '/api/bills', headers: owner.headers })).json()
      .data;
    expect(all.map((b: { bill_no: string }) => b.bill_no)).toContain('NCCB99887766');
    expect(business.map((b) => b.bill_no)).not.toContain('NCCB99887766');
    const theirs = (
      await t.app.inject({ method: 'GET', url: '/api/bills?area=business', headers: stranger.headers })
    ).json().data;
    expect(theirs).toEqual([]);
  });
});

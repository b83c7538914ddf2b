import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingCovers } from '../../src/areas/parking/schema';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, type TestUser } from '../support/users';

/**
 * Seasonal tickets, reserved bays and loading zones: each a catalogue definition priced from the
 * county's tariff rows, paid in one bill, issued (reserved bays after an officer's approval, with
 * comments both ways), covering its plates for the enforcement check, listed and renewed.
 */
let t: TestApp;
let close: () => Promise<void>;
let motorist: TestUser;
let enforcement: TestUser;

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`parking-permits-secret-${randomUUID()}`));
  motorist = await createSignedInUser(t);
  enforcement = await createOfficer(t, ['enforcement']);
});
afterAll(async () => close());

const submit = (user: TestUser, serviceId: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/services/${serviceId}/applications`,
    headers: user.headers,
    payload,
  });

const status = async (plate: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/parking/status?plate=${encodeURIComponent(plate)}`,
      headers: enforcement.headers,
    })
  ).json();

const myPermits = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/parking/permits', headers: user.headers })).json().data as {
    document_no: string;
    kind: string;
    plates: string[];
    state: string;
    renewable: boolean;
    document: { id: string };
  }[];

const organisation = {
  organisation_name: 'Savannah Fresh Foods Limited',
  kra_pin: 'P051365947M',
  contact_phone: '0712345678',
};

describe('seasonal parking', () => {
  let documentNo = '';

  it('prices each vehicle by its type, zone and period in one bill, and refuses a plate twice', async () => {
    const twice = await submit(motorist, 'seasonal-parking', {
      zone_code: 'Z1',
      period: 'monthly',
      vehicles: [
        { plate: 'KDA 123A', vehicle_type: 'saloon' },
        { plate: 'kda123a', vehicle_type: 'van' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details).toEqual([
      { path: 'vehicles.1.plate', message: 'This plate is already on the list' },
    ]);

    const answer = await submit(motorist, 'seasonal-parking', {
      zone_code: 'Z1',
      period: 'yearly',
      vehicles: [
        { plate: 'KDA 123A', vehicle_type: 'saloon' },
        { plate: 'KBZ 777C', vehicle_type: 'lorry-over-5t' },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    // What it is about, by the zone's name, not its code ("About: Z1"; issue 36 item 23).
    expect(application.reference).toBe('Zone I — Central Business District (Z1)');
    // Nairobi: a lorry over 5 t is KES 225,000 a year; a saloon 9 months of 8,000.
    expect(bill.lines.map((l: { amount_cents: number }) => l.amount_cents)).toEqual([7_200_000, 22_500_000]);
    expect(bill.total_cents).toBe(29_700_000);
    // The same zone, period and plates again while the bill is open: the one bill stands.
    const again = await submit(motorist, 'seasonal-parking', {
      zone_code: 'Z1',
      period: 'yearly',
      vehicles: [
        { plate: 'KBZ 777C', vehicle_type: 'lorry-over-5t' },
        { plate: 'KDA 123A', vehicle_type: 'saloon' },
      ],
    });
    expect(again.statusCode).toBe(409);

    const paid = await payApplicationBill(t, motorist, {
      billNo: bill.bill_no,
      applicationNo: application.application_no,
    });
    expect(paid.status).toBe('issued');
    documentNo = application.application_no;
  });

  it('covers both plates for the enforcement officer, in its zone, for a year', async () => {
    const lorry = await status('KBZ777C');
    expect(lorry).toMatchObject({
      covered: true,
      by: [{ kind: 'season', zone_code: 'Z1', ticket_id: documentNo }],
    });
    const days = (Date.parse(lorry.by[0].valid_until) - Date.parse(lorry.by[0].valid_from)) / 86_400_000;
    expect(Math.round(days)).toBe(365);
    expect((await status('KDA 123A')).covered).toBe(true);
  });

  it('is listed with its plates, and renewed only from 7 days before it ends', async () => {
    const [season] = await myPermits(motorist);
    expect(season).toMatchObject({
      kind: 'season',
      plates: ['KDA 123A', 'KBZ 777C'],
      state: 'active',
      renewable: false,
    });
    const renew = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/parking/permits/${season!.document.id}/renew`,
        headers: motorist.headers,
      });
    const early = await renew();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^This permit is valid until .+\. You can renew it from .+\.$/);
    // Another account cannot renew (or see) it.
    const other = await createSignedInUser(t);
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/parking/permits/${season!.document.id}/renew`,
      headers: other.headers,
    });
    expect(stranger.statusCode).toBe(404);
    expect(await myPermits(other)).toEqual([]);

    // Five days before it ends, it may be renewed: the same answers, a new bill; paid, the old one is followed.
    await t.database.db
      .update(parkingCovers)
      .set({ validUntil: new Date(Date.now() + 5 * 86_400_000) })
      .where(eq(parkingCovers.documentId, season!.document.id));
    expect((await myPermits(motorist))[0]).toMatchObject({ state: 'expiring', renewable: true });
    const renewal = await renew();
    expect(renewal.statusCode, renewal.body).toBe(201);
    const { application, bill } = renewal.json();
    expect(bill.total_cents).toBe(29_700_000);
    await payApplicationBill(t, motorist, {
      billNo: bill.bill_no,
      applicationNo: application.application_no,
    });
    const states = (await myPermits(motorist)).map((p) => [p.document_no, p.state]);
    expect(states).toEqual(
      expect.arrayContaining([
        [application.application_no, 'active'],
        [documentNo, 'renewed'],
      ]),
    );
  });
});

describe('reserved parking', () => {
  const reservation = {
    accept_terms: true,
    ...organisation,
    road_code: 'KIM',
    building_code: 'KIM-01',
    bays: 3,
    period_type: 'daily',
    days: 10,
    purpose: 'Delivery vans of the head office',
    vehicles: [{ plate: 'KCB 456B' }, { plate: 'KDD 901D' }],
  };

  it('needs the terms accepted and a building on the road chosen', async () => {
    const noTerms = await submit(motorist, 'reserved-parking', { ...reservation, accept_terms: false });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().details).toContainEqual({
      path: 'accept_terms',
      message: 'Please accept the reserved parking terms and conditions',
    });
    const elsewhere = await submit(motorist, 'reserved-parking', { ...reservation, building_code: 'MOI-01' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().details).toEqual([
      { path: 'building_code', message: 'Please select a building on the road chosen' },
    ]);
  });

  it('is paid per bay per day, reviewed with comments both ways, and its approval issues the permit', async () => {
    const answer = await submit(motorist, 'reserved-parking', reservation);
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    expect(bill.lines).toEqual([
      expect.objectContaining({
        amount_cents: 4_500_000,
        Description: 'Reserved parking bay, a day × 3 bays × 10 days',
      }),
    ]);
    await payApplicationBill(
      t,
      motorist,
      { billNo: bill.bill_no, applicationNo: application.application_no },
      'under_review',
    );
    const no = application.application_no as string;

    const officer = await createOfficer(t, ['reviewer'], ['parking']);
    const landOfficer = await createOfficer(t, ['reviewer'], ['land']);
    const officerComment = (who: TestUser, body: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${no}/comments`,
        headers: who.headers,
        payload: { body },
      });
    expect((await officerComment(landOfficer, 'Not my area')).statusCode).toBe(403);
    // An auditor reads the conversation but does not write in it.
    const auditor = await createOfficer(t, ['auditor'], ['parking']);
    expect((await officerComment(auditor, 'Noted')).statusCode).toBe(403);
    const asked = await officerComment(officer, 'Which side of Kimathi House do you want the bays on?');
    expect(asked.statusCode, asked.body).toBe(201);

    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/parking/reserved/${no}/comments`,
      headers: motorist.headers,
    });
    expect(mine.json().ReservedParkingComments).toEqual([
      expect.objectContaining({
        author: 'officer',
        body: 'Which side of Kimathi House do you want the bays on?',
      }),
    ]);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/parking/reserved/${no}/comments`,
      headers: motorist.headers,
      payload: { body: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ path: 'body', message: 'Please write your comment' }]);
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/parking/reserved/${no}/comments`,
      headers: motorist.headers,
      payload: { body: 'The Kenyatta Avenue side, by the loading door.' },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().ReservedParkingComments.map((c: { author: string }) => c.author)).toEqual([
      'officer',
      'applicant',
    ]);
    // Nobody else reads or writes on it.
    const other = await createSignedInUser(t);
    for (const method of ['GET', 'POST'] as const) {
      const answer = await t.app.inject({
        method,
        url: `/api/parking/reserved/${no}/comments`,
        headers: other.headers,
        ...(method === 'POST' ? { payload: { body: 'Hello' } } : {}),
      });
      expect(answer.statusCode).toBe(404);
    }
    const staffView = await t.app.inject({
      method: 'GET',
      url: `/api/staff/applications/${no}/comments`,
      headers: officer.headers,
    });
    expect(staffView.json().data).toHaveLength(2);
    // The officer reads the vehicles as plates, not as "[object Object]".
    const asOfficer = await t.app.inject({
      method: 'GET',
      url: `/api/staff/applications/${no}`,
      headers: officer.headers,
    });
    expect(asOfficer.json().values.find((v: { name: string }) => v.name === 'vehicles').display).toBe(
      'KCB 456B; KDD 901D',
    );

    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/parking/reserved', headers: motorist.headers })
    ).json();
    expect(listed.reservedparkingapplication).toEqual([
      expect.objectContaining({
        application_no: no,
        status: 'under_review',
        place: 'Kimathi Street, Kimathi House',
        bays: 3,
        period: '10 days',
        plates: ['KCB 456B', 'KDD 901D'],
        comments: 2,
        document_no: null,
      }),
    ]);

    // The approval issues the permit: one decision, with its reason; nothing is left to issue.
    const approver = await createOfficer(t, ['approver'], ['parking']);
    const decide = (who: TestUser, to: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${no}/status`,
        headers: who.headers,
        payload: { status: to, reason: 'Bays marked on the Kenyatta Avenue side' },
      });
    expect((await decide(officer, 'approved')).statusCode).toBe(403); // a reviewer does not approve
    const approved = await decide(approver, 'approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('issued');
    expect((await decide(officer, 'issued')).statusCode).toBe(409);
    const issuedSms = await t.app.inject({
      method: 'GET',
      url: `/api/dev/sms-outbox?phone=${motorist.phoneNumber}`,
    });
    expect(JSON.stringify(issuedSms.json())).toContain(`your document for application ${no} has been issued`);
    const covered = await status('KDD 901D');
    expect(covered).toMatchObject({
      covered: true,
      by: [{ kind: 'reserved', place: 'Kimathi Street, Kimathi House', zone_code: 'Z1' }],
    });
    const days = (Date.parse(covered.by[0].valid_until) - Date.parse(covered.by[0].valid_from)) / 86_400_000;
    expect(Math.round(days)).toBe(10);
    // Closed (issued): no more comments.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/parking/reserved/${no}/comments`,
      headers: motorist.headers,
      payload: { body: 'Thank you' },
    });
    expect(late.statusCode).toBe(409);
  });

  it('charges KES 275,000 per bay for a year', async () => {
    const answer = await submit(motorist, 'reserved-parking', {
      ...reservation,
      building_code: 'KIM-02',
      period_type: 'yearly',
      days: undefined,
      bays: 2,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().bill.total_cents).toBe(2 * 27_500_000);
  });

  it('keys its one open bill on the held business or the applicant, not on a KRA PIN anyone types (issue 36 item 6)', async () => {
    // Someone types the organisation's PIN and leaves the bill unpaid…
    const squatter = await createSignedInUser(t);
    const typed = { ...reservation, vehicles: [{ plate: 'KDE 111E' }] };
    const squat = await submit(squatter, 'reserved-parking', typed);
    expect(squat.statusCode, squat.body).toBe(201);
    // …which holds nothing: the motorist applies for the same building and organisation.
    const own = await submit(motorist, 'reserved-parking', typed);
    expect(own.statusCode, own.body).toBe(201);
    // Each still has one open bill of their own for it.
    expect((await submit(motorist, 'reserved-parking', typed)).statusCode).toBe(409);
    expect((await submit(squatter, 'reserved-parking', typed)).statusCode).toBe(409);
  });
});

describe('loading zones', () => {
  it('lists the types with their yearly fee, the roads and their buildings', async () => {
    const types = (await t.app.inject({ method: 'GET', url: '/api/parking/loading-zone-types' })).json().data;
    expect(types).toContainEqual(
      expect.objectContaining({ type_code: 'GOODS', name: 'Goods delivery', amount_cents: 5_000_000 }),
    );
    const roads = (await t.app.inject({ method: 'GET', url: '/api/parking/roads' })).json().data;
    expect(roads).toContainEqual({ road_code: 'MOI', name: 'Moi Avenue', zone_code: 'Z1' });
    const buildings = (
      await t.app.inject({ method: 'GET', url: '/api/parking/buildings?road_code=moi' })
    ).json().data;
    expect(buildings.map((b: { road_code: string }) => b.road_code)).toEqual(['MOI', 'MOI', 'MOI']);
  });

  it('is paid and issued at once, covering its vehicles', async () => {
    const answer = await submit(motorist, 'loading-zone', {
      ...organisation,
      zone_type: 'GOODS',
      road_code: 'MOI',
      building_code: 'MOI-01',
      vehicles: [{ plate: 'KBX 100X' }],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    expect(bill.total_cents).toBe(5_000_000);
    const paid = await payApplicationBill(t, motorist, {
      billNo: bill.bill_no,
      applicationNo: application.application_no,
    });
    expect(paid.status).toBe('issued');
    expect(await status('KBX 100X')).toMatchObject({
      covered: true,
      by: [{ kind: 'loading', place: 'Moi Avenue, Hilton Hotel building' }],
    });
  });
});

import { randomUUID } from 'node:crypto';
import { PLATE_MESSAGE } from '@kaunti/catalogue/registries/field-kinds';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parkingCoverPlates, parkingCovers } from '../../src/areas/parking/schema';
import { psvStickers } from '../../src/areas/transport/schema';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, type TestUser } from '../support/users';

/**
 * Transport Saccos behind PSV activation: registering one, its fleet (plates checked, another
 * manager's Sacco and vehicles never revealed, a plate in another Sacco refused, old numbers), and
 * the annual PSV stickers of several vehicles in one bill priced by seats, paid through the
 * simulator: each sticker issued, what it covers recorded by plate.
 */
let t: TestApp;
let close: () => Promise<void>;
let manager: TestUser;
let other: TestUser;
let saccoId = '';
let otherSaccoId = '';
const vehicleIds: Record<string, string> = {};

const call = (
  user: TestUser,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`saccos-callback-secret-${randomUUID()}`));
  manager = await createSignedInUser(t, { psv: true });
  other = await createSignedInUser(t, { psv: true });
});
afterAll(async () => close());

describe('PSV activation', () => {
  it('refuses a user without PSV activated with a sentence saying what to do', async () => {
    const plain = await createSignedInUser(t);
    const answer = await call(plain, 'GET', '/api/saccos');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toMatch(/Activate PSV services/);
    expect(
      (
        await call(plain, 'POST', '/api/saccos', {
          name: 'X Sacco',
          registration_no: 'CS/1',
          phone: '0722000000',
        })
      ).statusCode,
    ).toBe(403);
    const activated = await call(plain, 'POST', '/api/profile/psv-activation');
    expect(activated.statusCode).toBe(200);
    expect((await call(plain, 'GET', '/api/saccos')).json()).toEqual({ data: [], next_cursor: null });
  });

  it('refuses anyone not signed in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/saccos' })).statusCode).toBe(401);
  });
});

describe('a Sacco and its fleet', () => {
  it('registers a Sacco, naming the fields at fault first', async () => {
    const bad = await call(manager, 'POST', '/api/saccos', {
      name: 'Ab',
      registration_no: '12345',
      phone: '123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual([
      'name',
      'registration_no',
      'phone',
    ]);
    const created = await call(manager, 'POST', '/api/saccos', {
      name: 'Ngong Road Shuttle Sacco',
      registration_no: 'cs/ 77001',
      phone: '0722 111 222',
      email: 'info@ngongshuttle.example.co.ke',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Ngong Road Shuttle Sacco',
      registration_no: 'CS/77001',
      phone: '254722111222',
      vehicles: 0,
      stickers_due: 0,
      amount_due_cents: 0,
    });
    saccoId = created.json().id;
    const again = await call(other, 'POST', '/api/saccos', {
      name: 'Copy Sacco',
      registration_no: 'CS/77001',
      phone: '0722111333',
    });
    expect(again.statusCode).toBe(409);
    const others = await call(other, 'POST', '/api/saccos', {
      name: 'Thika Road Express Sacco',
      registration_no: 'CS/77002',
      phone: '0722111333',
    });
    otherSaccoId = others.json().id;
  });

  it('adds vehicles with a normalised plate; a bad plate or seats is named by its field', async () => {
    const bad = await call(manager, 'POST', `/api/saccos/${saccoId}/vehicles`, {
      plate: 'ABC',
      seats: 14.5,
      route: 'Route 111 Ngong–CBD',
      owner_name: 'Peter Kamau',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { path: 'plate', message: PLATE_MESSAGE },
      { path: 'seats', message: expect.stringMatching(/1 to 90/) },
    ]);
    const fleet = [
      { plate: 'kcx 101a', seats: 14 },
      { plate: 'KCX102B', seats: 25 },
      { plate: 'KCX 103C', seats: 33, old_plate: 'kbz 999z' },
    ];
    for (const v of fleet) {
      const added = await call(manager, 'POST', `/api/saccos/${saccoId}/vehicles`, {
        ...v,
        route: 'Route 111 Ngong–CBD',
        owner_name: 'Peter Kamau',
        owner_phone: '0722000999',
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().sticker).toMatchObject({ status: 'due', bill_no: null });
      vehicleIds[added.json().plate] = added.json().id;
    }
    expect(Object.keys(vehicleIds)).toEqual(['KCX 101A', 'KCX 102B', 'KCX 103C']);
    const list = (await call(manager, 'GET', `/api/saccos/${saccoId}/vehicles`)).json();
    expect(list.data.map((v: { sticker: { amount_cents: number } }) => v.sticker.amount_cents)).toEqual([
      800_000, 1_000_000, 1_200_000,
    ]);
    expect(list.sacco).toMatchObject({ vehicles: 3, stickers_due: 3, amount_due_cents: 3_000_000 });
  });

  it("answers 404 for another manager's Sacco and vehicles, never revealing them", async () => {
    expect((await call(other, 'GET', `/api/saccos/${saccoId}/vehicles`)).statusCode).toBe(404);
    const add = await call(other, 'POST', `/api/saccos/${saccoId}/vehicles`, {
      plate: 'KCX 200A',
      seats: 14,
      route: 'Route 45 Githurai–CBD',
      owner_name: 'Jane Doe',
    });
    expect(add.statusCode).toBe(404);
    expect(
      (await call(other, 'DELETE', `/api/saccos/${otherSaccoId}/vehicles/${vehicleIds['KCX 101A']}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(other, 'DELETE', `/api/saccos/${saccoId}/vehicles/${vehicleIds['KCX 101A']}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(other, 'POST', `/api/saccos/${saccoId}/stickers`, {
          vehicle_ids: [vehicleIds['KCX 101A']],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(other, 'GET', '/api/saccos/vehicles/lookup?plate=KCX101A')).statusCode).toBe(404);
  });

  it('refuses a plate that runs in another Sacco with a sentence', async () => {
    const taken = await call(other, 'POST', `/api/saccos/${otherSaccoId}/vehicles`, {
      plate: 'KCX 102 B',
      seats: 25,
      route: 'Route 45 Githurai–CBD',
      owner_name: 'Jane Doe',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/KCX 102B is registered with another Sacco/);
    expect(taken.json().code).toBe('vehicle_in_another_sacco');
  });

  it('finds a vehicle by its old number as well as its plate', async () => {
    const old = await call(manager, 'GET', '/api/saccos/vehicles/lookup?plate=KBZ999Z');
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({
      matched_by: 'old_plate',
      sacco_name: 'Ngong Road Shuttle Sacco',
      vehicle: { plate: 'KCX 103C', old_plate: 'KBZ 999Z' },
    });
    const now = await call(manager, 'GET', '/api/saccos/vehicles/lookup?plate=kcx 103c');
    expect(now.json()).toMatchObject({ matched_by: 'plate' });
  });
});

describe('PSV stickers in one bill', () => {
  let billNo = '';

  it('bills three vehicles in one bill, a line per vehicle by its seat band', async () => {
    const answer = await call(manager, 'POST', `/api/saccos/${saccoId}/stickers`, {
      vehicle_ids: Object.values(vehicleIds),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const body = answer.json();
    billNo = body.bill_no;
    expect(body.total_cents).toBe(800_000 + 1_000_000 + 1_200_000);
    expect(body.stickers.map((s: { code: string }) => s.code)).toEqual([
      'seats-1-14',
      'seats-15-25',
      'seats-26-33',
    ]);
    expect(body.bill.lines).toHaveLength(3);
    expect(body.bill.lines.map((l: { Description: string }) => l.Description)).toEqual([
      expect.stringContaining('KCX 101A'),
      expect.stringContaining('KCX 102B'),
      expect.stringContaining('KCX 103C'),
    ]);
    const mine = (await call(manager, 'GET', `/api/bills/${billNo}`)).json();
    expect(mine).toMatchObject({ bill_no: billNo, total_cents: 3_000_000 });
    const pending = await t.database.db.select().from(psvStickers).where(eq(psvStickers.billNo, billNo));
    expect(pending.map((s) => s.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('refuses the same vehicle again while its sticker is pending, naming the plate', async () => {
    const again = await call(manager, 'POST', `/api/saccos/${saccoId}/stickers`, {
      vehicle_ids: [vehicleIds['KCX 102B']],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/KCX 102B/);
    const summary = (await call(manager, 'GET', '/api/saccos')).json().data[0];
    expect(summary).toMatchObject({ stickers_pending: 3, stickers_due: 0, amount_due_cents: 0 });
  });

  it('issues a sticker per vehicle once paid through M-Pesa, with what each covers by plate', async () => {
    const push = await t.app.inject({
      method: 'POST',
      url: '/api/payments/mpesa/stk-push',
      headers: { ...manager.headers, 'idempotency-key': randomUUID() },
      payload: { bill_no: billNo, phone_number: '0713000255' },
    });
    expect(push.statusCode, push.body).toBe(200);
    let stickers: (typeof psvStickers.$inferSelect)[] = [];
    for (let i = 0; i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      stickers = await t.database.db.select().from(psvStickers).where(eq(psvStickers.billNo, billNo));
      if (stickers.every((s) => s.status === 'paid')) break;
    }
    expect(stickers.map((s) => s.status)).toEqual(['paid', 'paid', 'paid']);
    const documentIds = stickers.map((s) => s.documentId!);
    expect(new Set(documentIds).size).toBe(3);

    const list = (await call(manager, 'GET', `/api/saccos/${saccoId}/vehicles`)).json();
    expect(list.sacco).toMatchObject({ stickers_paid: 3, stickers_pending: 0, stickers_due: 0 });
    const first = list.data.find((v: { plate: string }) => v.plate === 'KCX 101A');
    expect(first.sticker).toMatchObject({ status: 'paid', amount_cents: 800_000 });
    const link = new URL(first.sticker.document.print_url);
    expect(link.pathname).toBe('/downloads/tickets');
    const view = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${link.searchParams.get('id')}?key=${link.searchParams.get('key')}`,
      })
    ).json();
    expect(view).toMatchObject({ title: 'PSV Sticker', state: 'valid', holder: 'Ngong Road Shuttle Sacco' });
    const fact = (label: string) => view.facts.find((f: { label: string }) => f.label === label)?.value;
    expect(fact('Vehicle')).toBe('KCX 101A');
    expect(fact('Seating capacity')).toBe('14');
    expect(fact('Amount paid')).toBe('KES 8,000.00');

    const year = stickers[0]!.year;
    for (const s of stickers) {
      const [cover] = await t.database.db
        .select()
        .from(parkingCovers)
        .where(eq(parkingCovers.documentId, s.documentId!));
      expect(cover).toMatchObject({
        kind: 'psv-sticker',
        zoneCode: null,
        applicationNo: null,
        userId: manager.id,
        serviceId: 'psv-sticker',
      });
      expect(cover!.validUntil.toISOString()).toBe(`${year}-12-31T20:59:59.999Z`);
      const plates = await t.database.db
        .select()
        .from(parkingCoverPlates)
        .where(and(eq(parkingCoverPlates.documentId, s.documentId!), eq(parkingCoverPlates.plate, s.plate)));
      expect(plates).toHaveLength(1);
    }
    const paidAgain = await call(manager, 'POST', `/api/saccos/${saccoId}/stickers`, {
      vehicle_ids: [vehicleIds['KCX 101A']],
    });
    expect(paidAgain.statusCode).toBe(409);
    expect(paidAgain.json().message).toMatch(/KCX 101A is already paid/);
    expect(paidAgain.json().code).toBe('already_billed');
  });

  it('removes a vehicle from the fleet; its plate may then join another Sacco', async () => {
    const removed = await call(
      manager,
      'DELETE',
      `/api/saccos/${saccoId}/vehicles/${vehicleIds['KCX 103C']}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: vehicleIds['KCX 103C'], removed: true });
    const list = (await call(manager, 'GET', `/api/saccos/${saccoId}/vehicles`)).json();
    expect(list.data.map((v: { plate: string }) => v.plate)).toEqual(['KCX 101A', 'KCX 102B']);
    const moved = await call(other, 'POST', `/api/saccos/${otherSaccoId}/vehicles`, {
      plate: 'KCX 103C',
      seats: 33,
      route: 'Route 45 Githurai–CBD',
      owner_name: 'Jane Doe',
    });
    expect(moved.statusCode).toBe(201);
    expect(moved.json().sticker.status).toBe('paid');
  });
});

describe('the demo Sacco', () => {
  it('is the second demo citizen’s: 20 vehicles, PSV active, some stickers paid', async () => {
    const { users } = await import('../../src/core/accounts/schema');
    const [otieno] = await t.database.db.select().from(users).where(eq(users.phoneNumber, '254722334455'));
    expect(otieno?.psv).toBe(true);
    const { saccos } = await import('../../src/areas/transport/schema');
    const [sacco] = await t.database.db.select().from(saccos).where(eq(saccos.userId, otieno!.id));
    expect(sacco?.registrationNo).toBe('CS/12345');
    const stickers = await t.database.db.select().from(psvStickers).where(eq(psvStickers.saccoId, sacco!.id));
    expect(stickers.length).toBeGreaterThan(0);
    expect(stickers.every((s) => s.status === 'paid' && s.documentId)).toBe(true);
  });
});

describe('matatu changes', () => {
  const apply = (user: TestUser, payload: Record<string, unknown>) =>
    call(user, 'POST', '/api/services/matatu-change/applications', payload);

  /** A transport officer's approval issues the change (and applies it). */
  async function issue(applicationNo: string) {
    const approver = await createOfficer(t, ['approver'], ['transport']);
    const decided = await call(approver, 'POST', `/api/staff/applications/${applicationNo}/status`, {
      status: 'approved',
      reason: 'Route licence checked with NTSA',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().status).toBe('issued');
  }

  it('lists the change types with their fees', async () => {
    const types = (await t.app.inject({ method: 'GET', url: '/api/saccos/matatu-change-types' })).json().data;
    expect(types).toEqual([
      { type_code: 'route', name: 'Change of route', amount_cents: 100_000 },
      { type_code: 'sacco', name: 'Change of Sacco', amount_cents: 150_000 },
      { type_code: 'owner', name: 'Change of owner', amount_cents: 200_000 },
    ]);
  });

  it("changes a matatu's route once paid and issued, and only for the manager's own vehicles", async () => {
    const added = await call(manager, 'POST', `/api/saccos/${saccoId}/vehicles`, {
      plate: 'KDM 410M',
      seats: 14,
      route: 'Route 111 Ngong–CBD',
      owner_name: 'Grace Wambui',
    });
    expect(added.statusCode, added.body).toBe(201);
    const change = {
      plate: 'KDM 410M',
      change_type: 'route',
      new_route: 'Route 126 Rongai–CBD',
      reason: 'New NTSA licence',
    };
    const stranger = await apply(other, change);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().details).toEqual([
      { path: 'plate', message: 'This plate is not a vehicle of any of your Saccos' },
    ]);

    const answer = await apply(manager, change);
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    expect(bill.total_cents).toBe(100_000);
    // One open application per vehicle.
    expect((await apply(manager, change)).statusCode).toBe(409);
    await payApplicationBill(
      t,
      manager,
      { billNo: bill.bill_no, applicationNo: application.application_no },
      'under_review',
    );
    await issue(application.application_no);
    const fleet = (await call(manager, 'GET', `/api/saccos/${saccoId}/vehicles`)).json().data;
    expect(fleet.find((v: { plate: string }) => v.plate === 'KDM 410M')).toMatchObject({
      route: 'Route 126 Rongai–CBD',
    });
  });

  it('moves a matatu to another Sacco, which must exist and differ', async () => {
    const base = { plate: 'KDM 410M', change_type: 'sacco', reason: 'The owner joined another Sacco' };
    const unknown = await apply(manager, { ...base, new_sacco_registration_no: 'CS/99999' });
    expect(unknown.json().details).toEqual([
      {
        path: 'new_sacco_registration_no',
        message: 'No Sacco with this registration number is registered with the county',
      },
    ]);
    const same = await apply(manager, { ...base, new_sacco_registration_no: 'CS/77001' });
    expect(same.json().details).toEqual([
      { path: 'new_sacco_registration_no', message: 'The vehicle is in this Sacco already' },
    ]);
    const answer = await apply(manager, { ...base, new_sacco_registration_no: 'CS/77002' });
    expect(answer.statusCode, answer.body).toBe(201);
    const { application, bill } = answer.json();
    await payApplicationBill(
      t,
      manager,
      { billNo: bill.bill_no, applicationNo: application.application_no },
      'under_review',
    );
    await issue(application.application_no);
    const moved = (await call(other, 'GET', `/api/saccos/${otherSaccoId}/vehicles`)).json().data;
    expect(moved.map((v: { plate: string }) => v.plate)).toContain('KDM 410M');
    const left = (await call(manager, 'GET', `/api/saccos/${saccoId}/vehicles`)).json().data;
    expect(left.map((v: { plate: string }) => v.plate)).not.toContain('KDM 410M');
  });
});

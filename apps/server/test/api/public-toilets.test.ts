import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppWithSimulator } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser } from '../support/users';

/**
 * Public toilets (issue 41): the list, an entry or a monthly pass paid by M-Pesa with no account
 * (the engine's tickets: an entry each time, a month once) with the short code for the attendant,
 * and faults reported by anyone and closed by an officer.
 */
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`toilets-callback-secret-${randomUUID()}`));
});
afterAll(async () => close());

let address = 0;
const from = () => `10.44.${Math.floor(++address / 200)}.${address % 200}`;
const pay = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/public-toilets/${id}/pay`, payload, remoteAddress: from() });
const ticketOf = async (id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/public-toilets/tickets/${id}`, remoteAddress: from() })
  ).json();
async function paid(id: string) {
  let ticket = await ticketOf(id);
  for (let i = 0; i < 300 && ticket.status !== 'paid'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    ticket = await ticketOf(id);
  }
  expect(ticket.status).toBe('paid');
  return ticket;
}

describe('public toilets', () => {
  it("lists the county's toilets: where, fee, hours, access and coordinates where known", async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/public-toilets' })).json();
    expect(list).toContainEqual(
      expect.objectContaining({
        id: 'KEN',
        name: 'Kencom public toilet',
        location: 'Moi Avenue, by the Kencom bus stop',
        sub_county: 'Starehe',
        fee_cents: 1_000,
        monthly_fee_cents: 20_000,
        accessible: true,
        lat: expect.any(Number),
      }),
    );
    expect(list.find((toilet: { id: string }) => toilet.id === 'G45')).toMatchObject({
      lat: null,
      lng: null,
    });
  });

  it('takes an entry by M-Pesa with no account, each time, and gives the code for the attendant', async () => {
    const first = await pay('KEN', { pass: 'single', phone_number: '0712440015' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      amount_cents: 1_000,
      bill_no: expect.any(String),
      payment_id: expect.any(String),
    });
    const ticket = await paid(first.json().ticket_id);
    expect(ticket.short_code).toEqual(expect.any(String));
    expect(ticket.covers).toContainEqual({ field: 'pass', label: 'Pass', value: 'One entry' });
    const again = await pay('KEN', { pass: 'single', phone_number: '0712440015' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().already_paid).toBe(false);
    expect(again.json().ticket_id).not.toBe(first.json().ticket_id);
    await paid(again.json().ticket_id);
  });

  it('charges a monthly pass once a month for the toilet and phone', async () => {
    const first = await pay('RLW', { pass: 'monthly', phone_number: '0712440025' });
    expect(first.json()).toMatchObject({ amount_cents: 20_000 });
    await paid(first.json().ticket_id);
    const again = await pay('RLW', { pass: 'monthly', phone_number: '0712440025' });
    expect(again.json()).toMatchObject({
      ticket_id: first.json().ticket_id,
      already_paid: true,
      payment_id: null,
    });
  });

  it('names the field of an unknown toilet or pass', async () => {
    const toilet = await pay('NOPE', { pass: 'single', phone_number: '0712440035' });
    expect(toilet.statusCode).toBe(400);
    expect(toilet.json().details).toEqual([
      { path: 'toilet_id', message: 'Please choose a public toilet from the list' },
    ]);
    const pass = await pay('KEN', { pass: 'yearly', phone_number: '0712440035' });
    expect(pass.statusCode).toBe(400);
    expect(pass.json().details.map((d: { path: string }) => d.path)).toEqual(['pass']);
  });
});

describe('faults', () => {
  it('takes a fault from anyone, shows it open, and lets an officer close it once', async () => {
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/public-toilets/ODN/faults',
      payload: { kind: 'no_water', note: 'No water since morning' },
      remoteAddress: from(),
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const fault = reported.json();
    expect(fault).toMatchObject({
      toilet_id: 'ODN',
      toilet_name: 'Odeon toilet',
      kind: 'no_water',
      status: 'open',
    });
    const list = (await t.app.inject({ method: 'GET', url: '/api/public-toilets' })).json();
    expect(list.find((toilet: { id: string }) => toilet.id === 'ODN').open_faults).toBe(1);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/public-toilets/NOPE/faults',
          payload: { kind: 'dirty' },
          remoteAddress: from(),
        })
      ).statusCode,
    ).toBe(404);

    const officer = await createOfficer(t, ['enforcement']);
    const open = (
      await t.app.inject({
        method: 'GET',
        url: '/api/staff/public-toilets/faults?status=open',
        headers: officer.headers,
      })
    ).json();
    expect(open.data.map((f: { id: string }) => f.id)).toContain(fault.id);
    const citizen = await createSignedInUser(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/staff/public-toilets/faults/${fault.id}/close`,
      headers: citizen.headers,
    });
    expect(refused.statusCode).toBe(403);
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/staff/public-toilets/faults/${fault.id}/close`,
      headers: officer.headers,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/staff/public-toilets/faults/${fault.id}/close`,
      headers: officer.headers,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('illegal_transition');
    const after = (await t.app.inject({ method: 'GET', url: '/api/public-toilets' })).json();
    expect(after.find((toilet: { id: string }) => toilet.id === 'ODN').open_faults).toBe(0);
  });
});

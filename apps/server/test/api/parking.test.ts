import { randomUUID } from 'node:crypto';
import { PLATE_MESSAGE } from '@kaunti/catalogue/registries/field-kinds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppWithSimulator } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, type TestUser } from '../support/users';

/**
 * Daily parking with no account: the zones and fees, a day paid by the M-Pesa prompt and its
 * ticket issued, the same day never charged twice, bad input named by field, and the
 * enforcement officers' plate check (nobody else's).
 */
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`parking-callback-secret-${randomUUID()}`));
});
afterAll(async () => close());

const daily = (payload: Record<string, unknown>, headers: Record<string, string> = {}, from = '10.20.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/parking/daily', payload, headers, remoteAddress: from });

async function waitPaid(ticketId: string) {
  let ticket = { status: '' } as {
    status: string;
    ticket_no: string;
    document: { print_url: string; id: string } | null;
  };
  for (let i = 0; i < 200 && ticket.status !== 'paid'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    ticket = (await t.app.inject({ method: 'GET', url: `/api/parking/tickets/${ticketId}` })).json();
  }
  expect(ticket.status).toBe('paid');
  return ticket;
}

describe('parking zones', () => {
  it("lists the county's zones with the day's fee of each vehicle type", async () => {
    const zones = (await t.app.inject({ method: 'GET', url: '/api/parking/zones' })).json().data;
    expect(zones.map((z: { zone_code: string }) => z.zone_code)).toEqual(['Z1', 'Z2', 'Z3', 'Z4']);
    expect(zones[0].fees).toContainEqual({
      vehicle_type: 'saloon',
      label: 'Saloon car',
      amount_cents: 30_000,
    });
    expect(zones[0].fees).toContainEqual({
      vehicle_type: 'trailer',
      label: 'Trailer',
      amount_cents: 350_000,
    });
  });
});

describe('parking zones in Kiswahili', () => {
  it('names the zones and vehicle types in Kiswahili to Accept-Language: sw (issue 36 item 23)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/parking/zones',
      headers: { 'accept-language': 'sw' },
    });
    expect(res.headers['content-language']).toBe('sw');
    const zones = res.json().data;
    expect(zones[0]).toMatchObject({ zone_code: 'Z1', name: 'Eneo la I — Katikati ya Jiji' });
    expect(zones[3].name).toBe('Eneo la IV — maeneo mengine');
    expect(zones[0].fees).toContainEqual({
      vehicle_type: 'saloon',
      label: 'Gari dogo (saloon)',
      amount_cents: 30_000,
    });
  });
});

describe('daily parking, no account', () => {
  let ticketId = '';

  it("charges the zone's fee by M-Pesa and issues the ticket once paid", async () => {
    const answer = await daily({
      plate: 'kda 123a',
      zone_code: 'Z1',
      vehicle_type: 'saloon',
      phone_number: '0712300455',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const body = answer.json();
    expect(body).toMatchObject({ amount: 30_000, already_paid: false, payment_id: expect.any(String) });
    expect(body.ticket_id).toMatch(/^PT[2-9A-HJ-NP-Z]{12}$/);
    expect(body.ticket).toMatchObject({
      plate: 'KDA 123A',
      zone_code: 'Z1',
      status: 'pending',
      document: null,
    });
    ticketId = body.ticket_id;
    const paid = await waitPaid(ticketId);
    const link = new URL(paid.document!.print_url);
    expect(link.pathname).toBe('/downloads/tickets');
    const view = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${link.searchParams.get('id')}?key=${link.searchParams.get('key')}`,
      })
    ).json();
    expect(view).toMatchObject({ title: 'Parking Ticket', state: 'valid', number: paid.ticket_no });
    const fact = (label: string) => view.facts.find((f: { label: string }) => f.label === label)?.value;
    expect(fact('Vehicle')).toBe('KDA 123A');
    expect(fact('Zone')).toBe('Zone I — Central Business District');
    expect(fact('Amount paid')).toBe('KES 300.00');
  });

  it('answers the paid ticket for the same plate, zone and day, and charges nothing again', async () => {
    const again = await daily({
      plate: 'KDA123A',
      zone_code: 'Z1',
      vehicle_type: 'saloon',
      phone_number: '0712300455',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ ticket_id: ticketId, already_paid: true, payment_id: null });
  });

  it('raises one bill when the same plate, zone and day is asked for twice at once', async () => {
    const payload = { plate: 'KDE 555E', zone_code: 'Z2', vehicle_type: 'van', phone_number: '0712300477' };
    const answers = await Promise.all([daily(payload, {}, '10.20.1.1'), daily(payload, {}, '10.20.1.2')]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const tickets = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().ticket_id));
    expect(tickets.size).toBe(1);
    const [id] = [...tickets];
    await waitPaid(id!);
  });

  it('names the field and the expected form of a bad plate, and refuses an unknown zone', async () => {
    const plate = await daily({
      plate: 'ABC',
      zone_code: 'Z1',
      vehicle_type: 'saloon',
      phone_number: '0712300455',
    });
    expect(plate.statusCode).toBe(400);
    expect(plate.json().details).toEqual([{ path: 'plate', message: PLATE_MESSAGE }]);
    const zone = await daily({
      plate: 'KDB 456B',
      zone_code: 'Z9',
      vehicle_type: 'saloon',
      phone_number: '0712300455',
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().details).toEqual([
      { path: 'zone_code', message: 'Please select a parking zone from the list' },
    ]);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/parking/tickets/PT2345678ABCDE' });
    expect(unknown.statusCode).toBe(404);
  });

  it("keeps a signed-in motorist's ticket bill with their account", async () => {
    const motorist: TestUser = await createSignedInUser(t);
    const answer = await daily(
      { plate: 'KMDA 123A', zone_code: 'Z3', vehicle_type: 'motorbike', phone_number: '0712300466' },
      motorist.headers,
      '10.20.0.2',
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().amount).toBe(5_000);
    const bills = (await t.app.inject({ method: 'GET', url: '/api/bills', headers: motorist.headers })).json()
      .data;
    expect(bills.map((b: { bill_no: string }) => b.bill_no)).toContain(answer.json().bill_no);
    await waitPaid(answer.json().ticket_id);
  });
});

describe('my vehicles', () => {
  it("adds a vehicle by its plate in any spacing, lists it, refuses a duplicate, a bad plate and another account's delete", async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const add = (user: TestUser, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/parking/vehicles', headers: user.headers, payload });
    const added = await add(owner, {
      plate: 'kca 001x',
      vehicle_type: 'van',
      make: 'Toyota Probox',
      colour: 'White',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ plate: 'KCA 001X', vehicle_type: 'van', make: 'Toyota Probox' });
    expect((await add(owner, { plate: 'KCA001X', vehicle_type: 'van' })).statusCode).toBe(409);
    const bad = await add(owner, { plate: 'ZZ', vehicle_type: 'rocket' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { path: 'plate', message: PLATE_MESSAGE },
      { path: 'vehicle_type', message: 'Please choose the vehicle type' },
    ]);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/parking/vehicles', headers: owner.headers })
    ).json();
    expect(mine.data.map((v: { plate: string }) => v.plate)).toEqual(['KCA 001X']);
    const theirs = (
      await t.app.inject({ method: 'GET', url: '/api/parking/vehicles', headers: other.headers })
    ).json();
    expect(theirs.data).toEqual([]);
    const id = added.json().id;
    const stolen = await t.app.inject({
      method: 'DELETE',
      url: `/api/parking/vehicles/${id}`,
      headers: other.headers,
    });
    expect(stolen.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/parking/vehicles/${id}`,
      headers: owner.headers,
    });
    expect(removed.json()).toEqual({ id, deleted: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/parking/vehicles' })).statusCode).toBe(401);
  });
});

describe('enforcement', () => {
  it('tells an enforcement officer whether a plate is covered, and nobody else', async () => {
    const officer = await createOfficer(t, ['enforcement']);
    const covered = await t.app.inject({
      method: 'GET',
      url: '/api/parking/status?plate=kda%20123a',
      headers: officer.headers,
    });
    expect(covered.statusCode).toBe(200);
    expect(covered.json()).toMatchObject({
      plate: 'KDA 123A',
      covered: true,
      by: [{ kind: 'daily', zone_code: 'Z1' }],
    });
    const not = await t.app.inject({
      method: 'GET',
      url: '/api/parking/status?plate=KDC 789C',
      headers: officer.headers,
    });
    expect(not.json()).toEqual({ plate: 'KDC 789C', covered: false, by: [], tickets: [] });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/parking/status?plate=XYZ',
      headers: officer.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/parking/status?plate=KDA123A' })).statusCode).toBe(
      401,
    );
    const citizen = await createSignedInUser(t);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/parking/status?plate=KDA123A',
          headers: citizen.headers,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('issue 36: a ticket from outside', () => {
  const waitFor = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    let value = await read();
    for (let i = 0; i < 200 && !done(value); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      value = await read();
    }
    return value;
  };
  const ticketOf = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/parking/tickets/${id}` })).json();

  it("prints and verifies a number that is not the bearer's id, shows the plate as the holder, and texts the link to the paying phone", async () => {
    const answer = await daily(
      { plate: 'KDF 901F', zone_code: 'Z1', vehicle_type: 'saloon', phone_number: '0712300901' },
      {},
      '10.20.9.1',
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const id = answer.json().ticket_id;
    const paid = await waitPaid(id);
    const ticket = await ticketOf(id);
    expect(ticket.ticket_no).toMatch(/^PKT-\d{4}-[2-9A-HJ-NP-Z]{10}$/);
    expect(ticket.ticket_no).not.toBe(id);
    const link = new URL(paid.document!.print_url);
    const printed = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${link.searchParams.get('id')}?key=${link.searchParams.get('key')}`,
      })
    ).json();
    expect(printed.number).toBe(ticket.ticket_no);
    const code = new URL(ticket.document.url).searchParams.get('code');
    const verified = (
      await t.app.inject({ method: 'GET', url: `/api/verify?code=${encodeURIComponent(code!)}` })
    ).json();
    expect(verified.status).toBe('valid');
    expect(verified.document.number).toBe(ticket.ticket_no);
    expect(verified.document.holder).toBe('Vehicle KDF 901F');
    // What E-Verify shows opens no ticket.
    const byNumber = await t.app.inject({ method: 'GET', url: `/api/parking/tickets/${ticket.ticket_no}` });
    expect(byNumber.statusCode).toBe(404);
    const sms = await waitFor(
      async () =>
        (await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone=254712300901' })).json()
          .data as {
          message: string;
        }[],
      (messages) => messages.length > 0,
    );
    expect(sms.map((m) => m.message).join('\n')).toContain(`/parking/${id}`);
  });

  it('follows a revoked ticket: the plate check drops it, the ticket says revoked, the day is paid again; only an officer of parking revokes it', async () => {
    const answer = await daily(
      { plate: 'KDG 902G', zone_code: 'Z2', vehicle_type: 'saloon', phone_number: '0712300902' },
      {},
      '10.20.9.2',
    );
    const id = answer.json().ticket_id;
    const paid = await waitPaid(id);
    const enforcement = await createOfficer(t, ['enforcement']);
    const check = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/parking/status?plate=KDG902G',
          headers: enforcement.headers,
        })
      ).json();
    expect((await check()).covered).toBe(true);
    const revoke = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/documents/${paid.document!.id}/revoke`,
        headers,
        payload: { reason: 'Paid with a reversed M-Pesa payment' },
      });
    const landApprover = await createOfficer(t, ['approver'], ['land']);
    const refused = await revoke(landApprover.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This document was issued for a service outside your service areas.');
    expect((await ticketOf(id)).status).toBe('paid');
    const parkingApprover = await createOfficer(t, ['approver'], ['parking']);
    const revoked = await revoke(parkingApprover.headers);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await check()).toEqual({ plate: 'KDG 902G', covered: false, by: [], tickets: [] });
    const ticket = await ticketOf(id);
    expect(ticket.status).toBe('revoked');
    expect(ticket.revoked_at).toEqual(expect.any(String));
    const again = await daily(
      { plate: 'KDG 902G', zone_code: 'Z2', vehicle_type: 'saloon', phone_number: '0712300902' },
      {},
      '10.20.9.2',
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ already_paid: false, payment_id: expect.any(String) });
    expect(again.json().ticket_id).not.toBe(id);
    await waitPaid(again.json().ticket_id);
    expect((await check()).covered).toBe(true);
  });

  it("lets the motorist's own phone be prompted while a stranger's prompt waits, and prices the day for the type the motorist chooses", async () => {
    // A stranger's prompt that is never answered (the simulator sends no callback for …0000).
    const stranger = await daily(
      { plate: 'KDH 903H', zone_code: 'Z1', vehicle_type: 'trailer', phone_number: '0700000000' },
      {},
      '10.20.9.3',
    );
    expect(stranger.statusCode, stranger.body).toBe(201);
    expect(stranger.json().amount).toBe(350_000);
    const motorist = await daily(
      { plate: 'KDH 903H', zone_code: 'Z1', vehicle_type: 'saloon', phone_number: '0712300903' },
      {},
      '10.20.9.4',
    );
    expect(motorist.statusCode, motorist.body).toBe(201);
    expect(motorist.json().ticket_id).toBe(stranger.json().ticket_id);
    expect(motorist.json().amount).toBe(30_000);
    expect(motorist.json().ticket).toMatchObject({ vehicle_type: 'saloon', amount_cents: 30_000 });
    expect(motorist.json().bill_no).not.toBe(stranger.json().bill_no);
    const paid = await waitPaid(motorist.json().ticket_id);
    expect(paid).toMatchObject({ status: 'paid', amount_cents: 30_000 });
    // The same phone twice while its prompt waits is still refused.
    const first = await daily(
      { plate: 'KDJ 904J', zone_code: 'Z1', vehicle_type: 'saloon', phone_number: '0700000000' },
      {},
      '10.20.9.5',
    );
    expect(first.statusCode, first.body).toBe(409);
  });

  it('ends the wait when the payment fails, says why, and prompts again on request', async () => {
    const answer = await daily(
      { plate: 'KDK 905K', zone_code: 'Z3', vehicle_type: 'saloon', phone_number: '0700000001' },
      {},
      '10.20.9.6',
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const id = answer.json().ticket_id;
    const failed = await waitFor(
      () => ticketOf(id),
      (ticket) => ticket.payment?.status === 'failed',
    );
    expect(failed.status).toBe('pending');
    expect(failed.payment).toMatchObject({ status: 'failed', phone_hint: expect.stringContaining('***') });
    expect(failed.payment.message).toBe(
      'Your M-Pesa balance is not enough for this payment. Top up and try again.',
    );
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/parking/tickets/${id}/pay`,
      payload: { phone_number: '0712300905' },
      remoteAddress: '10.20.9.6',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().ticket.payment).toMatchObject({ status: 'pending', message: null });
    await waitPaid(id);
    const paidAgain = await t.app.inject({
      method: 'POST',
      url: `/api/parking/tickets/${id}/pay`,
      payload: {},
      remoteAddress: '10.20.9.6',
    });
    expect(paidAgain.statusCode).toBe(409);
  });
});

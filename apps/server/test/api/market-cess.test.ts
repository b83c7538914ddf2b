import { randomUUID } from 'node:crypto';
import { PLATE_MESSAGE } from '@kaunti/catalogue/registries/field-kinds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppWithSimulator } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser } from '../support/users';

/**
 * Market cess (issue 41): a lorry's cess paid at a market gate or barrier with no account — the
 * markets and produce lists, the amount, the M-Pesa prompt, the ticket that turns paid with its
 * QR code verified on E-Verify; the same plate, market, produce and day never charged twice
 * (20 requests at once included); bad answers named by field; the enforcement plate check.
 */
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`cess-callback-secret-${randomUUID()}`));
});
afterAll(async () => close());

let address = 0;
const pay = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/markets/cess',
    payload,
    headers,
    // A gate pays often: each request from its own address, under the route's limit.
    remoteAddress: `10.41.${Math.floor(++address / 200)}.${address % 200}`,
  });
const ticketOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/markets/cess/${id}` })).json();

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 300 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

describe('the markets and the produce', () => {
  it("lists the county's markets and barriers with their sub-county, public", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/markets' });
    expect(res.statusCode).toBe(200);
    const markets = res.json();
    expect(markets).toContainEqual({
      code: 'WAK',
      name: 'Wakulima (Marikiti) Market',
      sub_county: 'Starehe',
      kind: 'market',
    });
    expect(markets.map((m: { code: string }) => m.code)).toEqual(
      expect.arrayContaining(['GIK', 'CTY', 'MUT', 'TOI', 'KNG', 'GTH', 'KRK']),
    );
    expect(markets.some((m: { kind: string }) => m.kind === 'barrier')).toBe(true);
  });

  it('lists the produce with its unit and the cess of one unit in cents', async () => {
    const produce = (await t.app.inject({ method: 'GET', url: '/api/markets/cess/produce' })).json();
    expect(produce).toContainEqual({
      code: 'POT',
      name: 'Irish potatoes',
      unit: 'bag (up to 110 kg)',
      fee_cents: 6_000,
    });
    expect(produce).toContainEqual(expect.objectContaining({ code: 'BAN', unit: 'bunch', fee_cents: 1_000 }));
    const sw = (
      await t.app.inject({
        method: 'GET',
        url: '/api/markets/cess/produce',
        headers: { 'accept-language': 'sw' },
      })
    ).json();
    expect(sw).toContainEqual(
      expect.objectContaining({ code: 'POT', name: 'Viazi', unit: 'gunia (hadi kilo 110)' }),
    );
  });
});

describe('cess paid with no account', () => {
  let ticketId = '';

  it('charges the produce’s fee times the quantity, prompts, and issues a ticket with its QR code once paid', async () => {
    const answer = await pay({
      plate: 'kcb 442t',
      market_code: 'WAK',
      produce_code: 'POT',
      quantity: 40,
      phone_number: '0712410015',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const body = answer.json();
    expect(body).toMatchObject({
      amount_cents: 240_000,
      bill_no: expect.any(String),
      payment_id: expect.any(String),
      already_paid: false,
    });
    expect(body.ticket).toMatchObject({ status: 'pending', plate: 'KCB 442T', document: null });
    ticketId = body.ticket_id;
    const paid = await waitFor(
      () => ticketOf(ticketId),
      (ticket) => ticket.status === 'paid',
    );
    expect(paid.status).toBe('paid');
    expect(paid.short_code).toEqual(expect.any(String));
    expect(paid.covers).toEqual(
      expect.arrayContaining([
        { field: 'plate', label: 'Number plate', value: 'KCB 442T' },
        expect.objectContaining({ field: 'market_code', value: expect.stringContaining('Wakulima') }),
        expect.objectContaining({ field: 'produce_code', value: expect.stringContaining('Irish potatoes') }),
        { field: 'quantity', label: 'Quantity', value: '40' },
      ]),
    );
    // Its QR code verifies on E-Verify, with the vehicle as the holder (no personal data).
    const code = new URL(paid.document.url).searchParams.get('code');
    const verified = (
      await t.app.inject({ method: 'GET', url: `/api/verify?code=${encodeURIComponent(code!)}` })
    ).json();
    expect(verified.status).toBe('valid');
    expect(verified.document).toMatchObject({ number: paid.ticket_no, holder: 'Vehicle KCB 442T' });
    expect(paid.ticket_no).toMatch(/^CESS-\d{4}-/);
    // The printed number opens nothing.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/markets/cess/${paid.ticket_no}` })).statusCode,
    ).toBe(404);
    const link = new URL(paid.document.print_url);
    const printed = (
      await t.app.inject({
        method: 'GET',
        url: `/api/documents/${link.searchParams.get('id')}?key=${link.searchParams.get('key')}`,
      })
    ).json();
    expect(printed).toMatchObject({ title: 'Market Cess Ticket', number: paid.ticket_no });
    const fact = (label: string) => printed.facts.find((f: { label: string }) => f.label === label)?.value;
    expect(fact('Vehicle')).toBe('KCB 442T');
    expect(fact('Amount paid')).toBe('KES 2,400.00');
  });

  it('answers the paid ticket for the same plate, market, produce and day, and charges nothing again', async () => {
    const again = await pay({
      plate: 'KCB442T',
      market_code: 'WAK',
      produce_code: 'POT',
      quantity: 40,
      phone_number: '0712410025',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ ticket_id: ticketId, already_paid: true, payment_id: null });
    // Another produce on the same lorry the same day is its own cess.
    const other = await pay({
      plate: 'KCB442T',
      market_code: 'WAK',
      produce_code: 'CAB',
      quantity: 2,
      phone_number: '0712410035',
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json()).toMatchObject({ amount_cents: 80_000, already_paid: false });
    expect(other.json().ticket_id).not.toBe(ticketId);
  });

  it('raises one bill and sends one prompt when the same load is asked for 20 times at once', async () => {
    const payload = {
      plate: 'KDD 120D',
      market_code: 'GIK',
      produce_code: 'TOM',
      quantity: 12,
      phone_number: '0712410020',
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(payload)));
    for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.json().ticket_id)).size).toBe(1);
    expect(new Set(created.map((a) => a.json().bill_no)).size).toBe(1);
    const prompts = created.filter((a) => a.json().payment_id !== null);
    expect(prompts).toHaveLength(1);
    const id = created[0]!.json().ticket_id;
    expect(
      (
        await waitFor(
          () => ticketOf(id),
          (x) => x.status === 'paid',
        )
      ).status,
    ).toBe('paid');
    // Paid: asked again, it is never charged.
    const after = await pay(payload);
    expect(after.json()).toMatchObject({ ticket_id: id, already_paid: true, payment_id: null });
  });

  it('names the field of a bad plate, quantity or market', async () => {
    const base = {
      plate: 'KDE 777E',
      market_code: 'WAK',
      produce_code: 'POT',
      quantity: 3,
      phone_number: '0712410030',
    };
    const plate = await pay({ ...base, plate: 'ABC' });
    expect(plate.statusCode).toBe(400);
    expect(plate.json().details).toEqual([{ path: 'plate', message: PLATE_MESSAGE }]);
    const quantity = await pay({ ...base, quantity: 0 });
    expect(quantity.statusCode).toBe(400);
    expect(quantity.json().details.map((d: { path: string }) => d.path)).toEqual(['quantity']);
    const market = await pay({ ...base, market_code: 'NOPE' });
    expect(market.statusCode).toBe(400);
    expect(market.json().details).toEqual([
      { path: 'market_code', message: 'Please choose a market or barrier from the list' },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/markets/cess/T2345678ABCDEF' })).statusCode).toBe(
      404,
    );
  });

  it('ends the wait when the payer cancels, and prompts again on request', async () => {
    const answer = await pay({
      plate: 'KDF 333F',
      market_code: 'MUT',
      produce_code: 'BAN',
      quantity: 30,
      phone_number: '0700001032',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const id = answer.json().ticket_id;
    const ended = await waitFor(
      () => ticketOf(id),
      (x) => x.payment?.status === 'cancelled',
    );
    expect(ended).toMatchObject({
      status: 'pending',
      payment: { status: 'cancelled', phone_hint: expect.any(String) },
    });
    expect(ended.payment.message).toEqual(expect.any(String));
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/markets/cess/${id}/pay`,
      payload: { phone_number: '0712410031' },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(
      (
        await waitFor(
          () => ticketOf(id),
          (x) => x.status === 'paid',
        )
      ).status,
    ).toBe('paid');
    const done = await t.app.inject({ method: 'POST', url: `/api/markets/cess/${id}/pay`, payload: {} });
    expect(done.statusCode).toBe(409);
  });

  it('a pending prompt blocks another prompt to the same phone', async () => {
    // The simulator never answers this phone: its prompt stays pending.
    const first = await pay({
      plate: 'KDG 444G',
      market_code: 'TOI',
      produce_code: 'ONI',
      quantity: 5,
      phone_number: '0700000000',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await pay({
      plate: 'KDG 445G',
      market_code: 'TOI',
      produce_code: 'ONI',
      quantity: 5,
      phone_number: '0700000000',
    });
    expect(second.statusCode).toBe(409);
  });

  it('prices a pending load again when asked with another quantity, cancelling its unpaid bill', async () => {
    // A prompt the simulator never answers: the ticket stays pending, nothing paid.
    const pending = await pay({
      plate: 'KDH 555H',
      market_code: 'KNG',
      produce_code: 'SUK',
      quantity: 10,
      phone_number: '0700010000',
    });
    expect(pending.statusCode, pending.body).toBe(201);
    const repriced = await pay({
      plate: 'KDH 555H',
      market_code: 'KNG',
      produce_code: 'SUK',
      quantity: 20,
      phone_number: '0712410050',
    });
    expect(repriced.statusCode, repriced.body).toBe(201);
    expect(repriced.json().amount_cents).toBe(60_000);
    expect(repriced.json().bill_no).not.toBe(pending.json().bill_no);
    expect((await ticketOf(pending.json().ticket_id)).status).toBe('cancelled');
    expect(
      (
        await waitFor(
          () => ticketOf(repriced.json().ticket_id),
          (x) => x.status === 'paid',
        )
      ).status,
    ).toBe('paid');
  });

  it("keeps a signed-in trader's cess bill with their account", async () => {
    const trader = await createSignedInUser(t);
    const answer = await pay(
      { plate: 'KDJ 666J', market_code: 'GTH', produce_code: 'MAI', quantity: 4, phone_number: '0712410060' },
      trader.headers,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const bills = (await t.app.inject({ method: 'GET', url: '/api/bills', headers: trader.headers })).json()
      .data;
    expect(bills.map((b: { bill_no: string }) => b.bill_no)).toContain(answer.json().bill_no);
  });
});

describe('enforcement', () => {
  it("shows the enforcement officer a plate's cess paid today on the plate check", async () => {
    const officer = await createOfficer(t, ['enforcement']);
    const check = (
      await t.app.inject({
        method: 'GET',
        url: '/api/parking/status?plate=kcb442t',
        headers: officer.headers,
      })
    ).json();
    expect(check.tickets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          service_id: 'market-cess',
          service_title: 'Market Cess',
          covers: expect.stringContaining('Irish potatoes'),
          amount_cents: 240_000,
        }),
      ]),
    );
    const none = (
      await t.app.inject({
        method: 'GET',
        url: '/api/parking/status?plate=KZZ 999Z',
        headers: officer.headers,
      })
    ).json();
    expect(none.tickets).toEqual([]);
  });
});

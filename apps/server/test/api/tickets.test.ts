import { randomUUID } from 'node:crypto';
import { addService } from '@kaunti/catalogue/catalogue';
import { defineService } from '@kaunti/catalogue/define-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTariffRows } from '../../src/core/applications/fees';
import { createAppWithSimulator } from '../support/mpesa';
import type { TestApp } from '../support/test-app';

/**
 * The engine's accountless tickets (decision 032): a service declares a `ticket` block (workflow
 * "ticket") and nothing else is written — its submit path (with a path parameter as an answer),
 * its read path and the prompt again are served; a `visit` is paid each time, a `month` once a
 * month; a ticket is read only at its own service's path.
 */
const fixture = defineService({
  id: 'ticket-fixture',
  route: '/ticket-fixture',
  area: 'social',
  title: 'Ticket Fixture',
  description: 'A throw-away ticket service of the engine test.',
  menu: false,
  order: 99,
  application_prefix: 'TFX',
  steps: [
    {
      id: 'pay',
      title: 'Pay',
      fields: [
        {
          name: 'spot',
          kind: 'select',
          label: 'Spot',
          options: {
            static: [
              { value: 'A', label: 'Spot A' },
              { value: 'B', label: 'Spot B' },
            ],
          },
          example: 'A',
          required_message: 'Please choose the spot',
        },
        {
          name: 'pass',
          kind: 'select',
          label: 'Pass',
          options: {
            static: [
              { value: 'single', label: 'Single entry' },
              { value: 'monthly', label: 'Monthly pass' },
            ],
          },
          example: 'single',
          required_message: 'Please choose the pass',
        },
        {
          name: 'phone_number',
          kind: 'phone',
          label: 'M-Pesa phone number',
          example: '0712345678',
          required_message: 'Please enter the M-Pesa phone number',
        },
      ],
    },
  ],
  fee: { rule: 'schedule', params: { schedule: 'ticket-fixture', key_fields: ['pass'] } },
  workflow: 'ticket',
  produces: 'ticket-fixture-ticket',
  document: {
    name: 'ticket-fixture-ticket',
    title: 'Fixture Ticket',
    description: 'A fixture ticket.',
    download_route: '/downloads/tickets',
    verifiable: true,
    register: 'ticket',
    facts: [
      { label: 'Ticket number', field: 'number' },
      { label: 'Spot', field: 'spot' },
      { label: 'Pass', field: 'pass' },
    ],
    body: ['Paid at {spot}.'],
    conditions: ['Valid as shown.'],
  },
  ticket: {
    once_per: ['spot', 'pass', 'phone_number'],
    period: { from_field: 'pass', periods: { single: 'visit', monthly: 'month' } },
    holder: 'Spot {spot}',
    number_prefix: 'TFX',
    read_path: '/api/ticket-fixture/tickets/{ticket_id}',
  },
  submit: { method: 'POST', path: '/api/ticket-fixture/{spot}/pay', success_message: 'Check your phone' },
});

let t: TestApp;
let close: () => Promise<void>;
let remove: () => void;

beforeAll(async () => {
  remove = addService(fixture);
  ({ t, close } = await createAppWithSimulator(`tickets-callback-secret-${randomUUID()}`));
  await loadTariffRows(t.database.db, [
    {
      schedule: 'ticket-fixture',
      item: 'single',
      description: 'Single entry',
      description_sw: 'Kuingia mara moja',
      amount_cents: 1_000,
      effective_from: '2020-01-01',
    },
    {
      schedule: 'ticket-fixture',
      item: 'monthly',
      description: 'Monthly pass',
      description_sw: 'Pasi ya mwezi',
      amount_cents: 30_000,
      effective_from: '2020-01-01',
    },
  ]);
});
afterAll(async () => {
  await close();
  remove();
});

let address = 0;
const from = () => `10.43.${Math.floor(++address / 200)}.${address % 200}`;
const pay = (spot: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/ticket-fixture/${spot}/pay`, payload, remoteAddress: from() });
const read = async (id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/ticket-fixture/tickets/${id}`, remoteAddress: from() })
  ).json();
async function paid(id: string) {
  let ticket = await read(id);
  for (let i = 0; i < 300 && ticket.status !== 'paid'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    ticket = await read(id);
  }
  expect(ticket.status).toBe('paid');
  return ticket;
}

describe('a ticket service from its definition alone', () => {
  it('takes the path parameter as an answer, and names it when it is not a choice', async () => {
    const bad = await pay('Z', { pass: 'single', phone_number: '0712430015' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['spot']);
  });

  it('charges a visit each time it is paid', async () => {
    const first = await pay('A', { pass: 'single', phone_number: '0712430025' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ amount_cents: 1_000, already_paid: false });
    const one = await paid(first.json().ticket_id);
    expect(one.covers).toEqual([
      { field: 'spot', label: 'Spot', value: 'Spot A' },
      { field: 'pass', label: 'Pass', value: 'Single entry' },
    ]);
    expect(one.short_code).toEqual(expect.any(String));
    const second = await pay('A', { pass: 'single', phone_number: '0712430025' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().already_paid).toBe(false);
    expect(second.json().ticket_id).not.toBe(first.json().ticket_id);
    await paid(second.json().ticket_id);
  });

  it('charges a month once, valid to the end of the month', async () => {
    const first = await pay('B', { pass: 'monthly', phone_number: '0712430035' });
    expect(first.statusCode, first.body).toBe(201);
    const ticket = await paid(first.json().ticket_id);
    expect(ticket.period).toMatch(/^\d{4}-\d{2}$/);
    const end = new Date(ticket.valid_until);
    // The last moment of the month in Kenya: a millisecond later is the 1st, midnight EAT.
    const next = new Date(end.getTime() + 1 + 3 * 3600_000);
    expect(next.getUTCDate()).toBe(1);
    expect(next.getUTCHours()).toBe(0);
    const again = await pay('B', { pass: 'monthly', phone_number: '0712430035' });
    expect(again.json()).toMatchObject({
      ticket_id: first.json().ticket_id,
      already_paid: true,
      payment_id: null,
    });
  });

  it("reads a ticket only at its own service's path", async () => {
    const answer = await pay('A', { pass: 'monthly', phone_number: '0712430045' });
    const id = answer.json().ticket_id;
    expect((await t.app.inject({ method: 'GET', url: `/api/markets/cess/${id}` })).statusCode).toBe(404);
    expect((await read(id)).ticket_id).toBe(id);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadId } from '../support/files';
import { createAppWithSimulator } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createSignedInUser } from '../support/users';

/**
 * What a booked resource has free (decision 031): public, per day and slot; a booking's own
 * units show as booked as soon as it is submitted, the rest free; a service that books nothing is
 * a 404, a range over 31 days a 400.
 */
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`availability-secret-${randomUUID()}`));
});
afterAll(() => close());

const DAY_MS = 86_400_000;
const day = (ahead: number) => new Date(Date.now() + ahead * DAY_MS).toISOString().slice(0, 10);
const availability = (id: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/catalogue/services/${id}/availability?${query}` });

async function book(id: string, overrides: Record<string, unknown>) {
  const user = await createSignedInUser(t);
  const open = (await t.app.inject({ method: 'GET', url: `/api/catalogue/services/${id}` })).json() as {
    steps: { fields: { name: string; kind: string }[] }[];
    example: Record<string, unknown>;
  };
  const values: Record<string, unknown> = { ...open.example, ...overrides };
  for (const field of open.steps.flatMap((s) => s.fields).filter((f) => f.kind === 'file'))
    if (field.name in values) values[field.name] = await uploadId(t, user.headers);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: user.headers,
    payload: { service_id: id, values },
  });
  expect(answer.statusCode, answer.body).toBe(201);
}

describe('what is free', () => {
  it("shows an ambulance's slot booked once a booking holds it, the day's other slots free", async () => {
    const date = day(3);
    await book('ambulance-services', { ambulance_code: 'NCC-AMB-01', trip_date: date, time_slot: '09-12' });
    const answer = await availability('ambulance-services', `resource=NCC-AMB-01&from=${date}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      service_id: 'ambulance-services',
      resource: 'NCC-AMB-01',
      unit: 'slot',
    });
    const [only] = answer.json().days;
    expect(only.date).toBe(date);
    expect(only.free).toBe(true);
    expect(only.slots.filter((s: { free: boolean }) => !s.free).map((s: { slot: string }) => s.slot)).toEqual(
      ['09-12'],
    );
    // Another ambulance that day is all free.
    const other = (await availability('ambulance-services', `resource=NCC-AMB-02&from=${date}`)).json();
    expect(other.days[0].slots.every((s: { free: boolean }) => s.free)).toBe(true);
  });

  it("shows a ground's booked days among the days asked", async () => {
    await book('hire-grounds', { first_day: day(10), last_day: day(11) });
    const open = (await t.app.inject({ method: 'GET', url: '/api/catalogue/services/hire-grounds' })).json();
    const answer = await availability(
      'hire-grounds',
      `resource=${open.example.ground}&from=${day(9)}&to=${day(12)}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().days.map((d: { date: string; free: boolean }) => [d.date, d.free])).toEqual([
      [day(9), true],
      [day(10), false],
      [day(11), false],
      [day(12), true],
    ]);
  });

  it('is a 404 for a service that books nothing and a 400 for more than 31 days', async () => {
    expect((await availability('dog-licence', `resource=x&from=${day(1)}`)).statusCode).toBe(404);
    expect((await availability('hire-grounds', `resource=x&from=${day(1)}&to=${day(40)}`)).statusCode).toBe(
      400,
    );
  });
});

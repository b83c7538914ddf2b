import { randomUUID } from 'node:crypto';
import { datesFrom } from '@kaunti/catalogue/bookings';
import { addServiceFolder, findService, tariffRowsOf } from '@kaunti/catalogue/catalogue';
import { type FolderFiles, foldersOf } from '@kaunti/catalogue/service-folder';
import { nairobiToday } from '@kaunti/contract/dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicationTransitions } from '../../src/core/applications/application-transitions';
import { BOOKING_TAKEN, createBookings } from '../../src/core/applications/bookings';
import { loadTariffRows } from '../../src/core/applications/fees';
import { applications, bookingHolds } from '../../src/core/applications/schema';
import { createBillService } from '../../src/core/bills/bill-service';
import { bills } from '../../src/core/bills/schema';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createSignedInUser, type TestUser } from '../support/users';

/**
 * The bookings engine (decision 031), through a throw-away folder (test/fixtures/services/social/
 * booking-fixture/: a hall booked for whole days, charged per day) and the ambulance's slots: no
 * two paid-or-pending bookings hold one resource for a day or slot, also when many ask at once
 * (PGlite; PostgreSQL with DATABASE_URL); an unpaid booking lets go after its time, cancelled
 * with its bill; a cancelled one lets go at once; a paid one holds.
 */
const [folder] = foldersOf(
  import.meta.glob('../fixtures/services/social/booking-fixture/*', { eager: true }) as FolderFiles,
);

let t: TestApp;
let close: () => Promise<void>;
let removeFixture: () => void;

beforeAll(async () => {
  removeFixture = addServiceFolder(folder!);
  ({ t, close } = await createAppWithSimulator(`bookings-callback-secret-${randomUUID()}`));
  await loadTariffRows(t.database.db, tariffRowsOf('nairobi'));
});
afterAll(async () => {
  await close();
  removeFixture();
});

/** Days from tomorrow (Nairobi's calendar): the n-th and the following ones. */
const days = datesFrom(nairobiToday(), 200).slice(1);

const book = (user: TestUser, hall: string, first: number, last: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: user.headers,
    payload: {
      service_id: 'booking-fixture',
      values: { hall, first_day: days[first], last_day: days[last] },
    },
  });

const statusOf = async (applicationNo: string) =>
  (
    await t.database.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.applicationNo, applicationNo))
  )[0]?.status;

const billStatusOf = async (billNo: string) =>
  (await t.database.db.select({ status: bills.status }).from(bills).where(eq(bills.billNo, billNo)))[0]
    ?.status;

/** Time passes for an application's unpaid booking: its hold ended a minute ago. */
const holdEnded = (applicationNo: string) =>
  t.database.db.execute(
    sql`update booking_holds set hold_until = now() - interval '1 minute' where application_id = (select id from applications where application_no = ${applicationNo})`,
  );

describe('a booking of whole days', () => {
  it('charges the day rate for each day and holds each day once, however many ask at once', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => createSignedInUser(t)));
    // Eight citizens at once, each for days that overlap the others' (days 10 to 14, shifted).
    const answers = await Promise.all(users.map((user, i) => book(user, 'KAL', 10 + (i % 3), 14 + (i % 3))));
    const accepted = answers.filter((a) => a.statusCode === 201);
    expect(accepted, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: BOOKING_TAKEN, code: 'booking_taken' });
    }
    expect(accepted[0]!.json().bill.total_cents).toBe(5 * 500_000);
    const { application } = accepted[0]!.json();
    const holds = await t.database.db
      .select()
      .from(bookingHolds)
      .innerJoin(applications, eq(applications.id, bookingHolds.applicationId))
      .where(eq(applications.applicationNo, application.application_no));
    expect(holds).toHaveLength(5);
    // Nothing was left behind by the refused ones: one application, one bill.
    const made = await t.database.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.serviceId, 'booking-fixture'));
    expect(made).toHaveLength(1);
  });

  it('lets the same hall be booked on other days, and another hall on the same days', async () => {
    const user = await createSignedInUser(t);
    expect((await book(user, 'KAL', 20, 21)).statusCode).toBe(201);
    expect((await book(user, 'KAL', 22, 22)).statusCode).toBe(201);
    expect((await book(user, 'JER', 20, 22)).statusCode).toBe(201);
    expect((await book(user, 'KAL', 21, 23)).statusCode).toBe(409);
  });

  it('refuses a last day before the first, naming the field', async () => {
    const answer = await book(await createSignedInUser(t), 'KAL', 30, 29);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      message: 'The last day must be on or after the first day',
      details: [{ path: 'last_day' }],
    });
  });

  it('lets go at once when its application is cancelled', async () => {
    const first = await createSignedInUser(t);
    const booked = await book(first, 'KAL', 40, 41);
    expect(booked.statusCode).toBe(201);
    const applicationNo = booked.json().application.application_no;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${applicationNo}/cancel`,
      headers: first.headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await book(await createSignedInUser(t), 'KAL', 41, 42)).statusCode).toBe(201);
  });

  it('lets go of an unpaid booking past its time: the next one that wants it cancels it with its bill', async () => {
    const late = await book(await createSignedInUser(t), 'JER', 50, 52);
    expect(late.statusCode).toBe(201);
    const { application, bill } = late.json();
    // Within its time it holds.
    expect((await book(await createSignedInUser(t), 'JER', 52, 53)).statusCode).toBe(409);
    await holdEnded(application.application_no);
    expect((await book(await createSignedInUser(t), 'JER', 52, 53)).statusCode).toBe(201);
    expect(await statusOf(application.application_no)).toBe('cancelled');
    expect(await billStatusOf(bill.bill_no)).toBe('cancelled');
    // Its other days are free too.
    expect((await book(await createSignedInUser(t), 'JER', 50, 51)).statusCode).toBe(201);
  });

  it('the booking holds job cancels unpaid bookings past their time, and never a paid one', async () => {
    const payer = await createSignedInUser(t);
    const paid = (await book(payer, 'KAL', 60, 60)).json();
    await payApplicationBill(t, payer, {
      billNo: paid.bill.bill_no,
      applicationNo: paid.application.application_no,
    });
    const unpaid = (await book(await createSignedInUser(t), 'KAL', 61, 61)).json();
    const fresh = (await book(await createSignedInUser(t), 'KAL', 62, 62)).json();
    await holdEnded(unpaid.application.application_no);
    // The job as the server runs it, on its own transitions (what a cancel frees follows the status).
    const transitions = createApplicationTransitions({
      documents: { issue: () => Promise.reject(new Error('nothing is issued here')) },
    });
    const bookings = createBookings({
      bills: createBillService({ db: t.database.db, prefix: 'TEST' }),
      transitions,
    });
    transitions.onStatusChanged(bookings.onStatusChanged);
    expect(await bookings.expireUnpaid(t.database.db)).toBe(1);
    expect(await statusOf(unpaid.application.application_no)).toBe('cancelled');
    expect(await statusOf(fresh.application.application_no)).toBe('awaiting_payment');
    expect(await statusOf(paid.application.application_no)).toBe('issued');
    // An hour on, the fresh one is past its time too (and the other tests' unpaid ones); the
    // paid one still holds its day.
    expect(await bookings.expireUnpaid(t.database.db, new Date(Date.now() + 61 * 60_000))).toBeGreaterThan(0);
    expect(await statusOf(fresh.application.application_no)).toBe('cancelled');
    const someone = await createSignedInUser(t);
    expect((await book(someone, 'KAL', 60, 60)).statusCode).toBe(409);
    expect((await book(someone, 'KAL', 61, 62)).statusCode).toBe(201);
  });
});

describe('an ambulance booked for a slot', () => {
  it('goes to one of many citizens asking for the same ambulance and slot at once', async () => {
    const open = (
      await t.app.inject({ method: 'GET', url: '/api/catalogue/services/ambulance-services' })
    ).json();
    const values = { ...open.example, ambulance_code: 'NCC-AMB-03', trip_date: days[5], time_slot: '12-15' };
    const users = await Promise.all(Array.from({ length: 6 }, () => createSignedInUser(t)));
    const answers = await Promise.all(
      users.map((user) =>
        t.app.inject({
          method: 'POST',
          url: '/api/applications',
          headers: user.headers,
          payload: { service_id: 'ambulance-services', values },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(5);
    // The next slot of that ambulance is free.
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: users[0]!.headers,
      payload: { service_id: 'ambulance-services', values: { ...values, time_slot: '15-18' } },
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(findService('ambulance-services')?.booking?.hold_minutes).toBe(30);
  });
});

describe('a county ground hired for a day (issue 39: /permits/hire-grounds)', () => {
  it('goes to one of ten hirers asking for the same ground and day at once; a day after is free', async () => {
    const open = (await t.app.inject({ method: 'GET', url: '/api/catalogue/services/hire-grounds' })).json();
    const values = { ...open.example, ground: 'JEVANJEE', first_day: days[9], last_day: days[9] };
    const hirers = await Promise.all(Array.from({ length: 10 }, () => createSignedInUser(t)));
    const answers = await Promise.all(
      hirers.map((hirer) =>
        t.app.inject({
          method: 'POST',
          url: '/api/applications',
          headers: hirer.headers,
          payload: { service_id: 'hire-grounds', values },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    const won = answers.find((a) => a.statusCode === 201)!.json();
    // A day's hire and the refundable deposit, a line each.
    expect(won.bill.lines.map((l: { Description: string }) => l.Description)).toEqual([
      expect.stringMatching(/^Hire of Jevanjee Gardens/),
      'Refundable deposit: Jevanjee Gardens',
    ]);
    expect(won.bill.total_cents).toBe(4_000_000);
    const nextDay = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: hirers[1]!.headers,
      payload: { service_id: 'hire-grounds', values: { ...values, first_day: days[10], last_day: days[10] } },
    });
    expect(nextDay.statusCode, nextDay.body).toBe(201);
  });
});

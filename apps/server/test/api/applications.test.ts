import { randomUUID } from 'node:crypto';
import { services } from '@kaunti/catalogue/catalogue';
import { feeCarries, missingFeeInputs } from '@kaunti/catalogue/registries/fee-rules';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/core/audit/schema';
import { createEngine, type Engine } from '../support/engine';
import { uploadId } from '../support/files';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser, DEMO_CITIZEN_EXAMPLES, signedInAs, type TestUser } from '../support/users';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
/** The services as the payments and back-office modules will call them. */
let bills: Engine['bills'];
let applications: Engine['applications'];

beforeAll(async () => {
  t = await createTestApp();
  alice = await createSignedInUser(t);
  bob = await createSignedInUser(t);
  ({ bills, applications } = await createEngine(t));
});
afterAll(() => t.close());

const submitRatesSearch = (user: TestUser, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: user.headers,
    payload: {
      service_id: 'rates-search',
      values: { lr_number: '209/10004', search_purpose: 'purchase' },
      ...extra,
    },
  });

async function auditRows(entityType: string, entityId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
}

describe('the catalogue API', () => {
  it('lists the services for menus, land in menu order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalogue/services' });
    const land = res.json().data.filter((s: { area: string }) => s.area === 'land');
    expect(land.map((s: { id: string }) => s.id)).toEqual([
      'land-rates-bill',
      'ground-rent',
      'land-transfer',
      'land-survey',
      'land-clearance',
      'rates-search',
      'add-land',
    ]);
    expect(land[2]).toMatchObject({ menu: true, submit_path: '/api/lands/application/add_lr_application' });
  });
});

describe('the open catalogue: GET /api/catalogue/services/{id}', () => {
  // The Sacco manager whose fleet holds the matatu change's example plate.
  let saccoManager: TestUser;
  beforeAll(async () => {
    saccoManager = await createSignedInUser(t, { psv: true });
    const applicant = saccoManager;
    // A matatu change is for a vehicle of the applicant's own Sacco: the example's plate is one.
    const matatu = (
      await t.app.inject({ method: 'GET', url: '/api/catalogue/services/matatu-change' })
    ).json();
    const sacco = await t.app.inject({
      method: 'POST',
      url: '/api/saccos',
      headers: applicant.headers,
      payload: { name: 'Example Route Sacco', registration_no: 'CS/40404', phone: '0722404404' },
    });
    expect(sacco.statusCode, sacco.body).toBe(201);
    const vehicle = await t.app.inject({
      method: 'POST',
      url: `/api/saccos/${sacco.json().id}/vehicles`,
      headers: applicant.headers,
      payload: {
        plate: matatu.example.plate,
        seats: 14,
        route: 'Route 46 Kawangware–CBD',
        owner_name: 'Grace Wambui',
      },
    });
    expect(vehicle.statusCode, vehicle.body).toBe(201);
  });

  it('answers 404 for a service the catalogue does not hold', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/catalogue/services/no-such-service' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });

  it.each(services.map((service) => [service.id]))(
    '%s: the whole definition; its example submits, and a choice its lists did not offer is refused',
    async (id) => {
      // A new applicant per service (a submission limit counts per account), the Sacco manager for
      // a matatu change, the demo citizen where the example names their records.
      const applicant =
        id === 'matatu-change'
          ? saccoManager
          : DEMO_CITIZEN_EXAMPLES.has(id)
            ? await signedInAs(t, '0712345678')
            : await createSignedInUser(t);
      const res = await t.app.inject({ method: 'GET', url: `/api/catalogue/services/${id}` });
      expect(res.statusCode).toBe(200);
      const open = res.json() as {
        steps: { fields: { name: string; kind: string; example: unknown; options?: { path?: string } }[] }[];
        submit: { path: string };
        workflow: { name: string };
        example: Record<string, unknown>;
      };
      const fields = open.steps.flatMap((step) => step.fields);
      for (const field of fields) expect(field.example, field.name).toBeDefined();
      // A list's choices come from a route of this API.
      for (const field of fields.filter((f) => f.options?.path)) {
        const [path] = (field.options?.path ?? '').split('?');
        expect(path, field.name).toMatch(/^\/api\//);
      }
      const service = services.find((s) => s.id === id);
      if (!findWorkflow(service?.workflow ?? '')?.creates_application) return;
      // Uploads are the caller's own: replace each file field's example with a real upload.
      const values = { ...open.example };
      for (const field of fields.filter((f) => f.kind === 'file'))
        values[field.name] = await uploadId(t, applicant.headers);
      // A choice the list did not offer is refused on the service's own submit path, by list name.
      for (const field of fields.filter((f) => f.options?.path)) {
        const refused = await t.app.inject({
          method: 'POST',
          url: open.submit.path,
          headers: applicant.headers,
          payload: { ...values, [field.name]: 'ZZ-NOT-LISTED' },
        });
        expect(refused.statusCode, `${field.name}: ${refused.body}`).toBe(400);
        // (A parent list's bad value leaves its dependants — the wards, the zones — unoffered too.)
        expect(refused.json().details, field.name).toContainEqual({
          path: field.name,
          message: expect.stringMatching(/^Please select /),
        });
      }
      // The quote of the filled-in form is the bill the submission raises; of an empty form, it
      // names what the fee still needs (or is the fee at once, when it needs nothing).
      const quote = async (answers: Record<string, unknown>) =>
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/catalogue/services/${id}/quote`,
            payload: { values: answers },
          })
        ).json();
      const full = await quote(values);
      const empty = await quote({});
      const inputs = missingFeeInputs(service!.fee, {});
      expect(empty.complete).toBe(inputs.length === 0);
      expect(empty.missing.map((m: { field: string }) => m.field)).toEqual(inputs);
      const submitted = await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: applicant.headers,
        payload: { service_id: id, values },
      });
      expect(submitted.statusCode, submitted.body).toBe(201);
      const bill = submitted.json().bill as { total_cents: number; lines: { amount_cents: number }[] } | null;
      // A fee that carries what the county's records show owed (a tenancy's unpaid rent, decision
      // 036) says so: its bill holds those lines first, then the lines the quote shows.
      const carries = feeCarries(service!.fee);
      expect(full).toMatchObject({ service_id: id, complete: true, missing: [] });
      expect(full.message === null).toBe(!carries);
      const quoted = (bill?.lines ?? []).slice(carries ? -full.lines.length : 0);
      expect(full.total_cents).toBe(quoted.reduce((sum, l) => sum + l.amount_cents, 0));
      expect(full.lines.map((l: { amount_cents: number }) => l.amount_cents)).toEqual(
        quoted.map((l) => l.amount_cents),
      );
      // Cancelled again, so the next example of the same thing is not a second open bill.
      const applicationNo = submitted.json().application.application_no as string;
      await t.app.inject({
        method: 'POST',
        url: `/api/applications/${applicationNo}/cancel`,
        headers: applicant.headers,
        payload: {},
      });
    },
  );
});

describe('quotes: POST /api/catalogue/services/{id}/quote', () => {
  it("words the fee lines in the reader's language (issue 36 item 23)", async () => {
    const values = {
      zone_code: 'Z1',
      period: 'monthly',
      vehicles: [{ plate: 'KDA 123A', vehicle_type: 'saloon' }],
    };
    const ask = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/catalogue/services/seasonal-parking/quote',
        headers: { 'accept-language': language },
        payload: { values },
      });
    const english = (await ask('en')).json();
    const kiswahili = await ask('sw');
    expect(kiswahili.headers['content-language']).toBe('sw');
    const lines = kiswahili.json().lines as { description: string; amount_cents: number }[];
    expect(lines.map((l) => l.amount_cents)).toEqual(
      english.lines.map((l: { amount_cents: number }) => l.amount_cents),
    );
    expect(lines[0]?.description).toMatch(/^Maegesho ya msimu, .*Eneo la I.*: gari dogo \(saloon\)/);
    expect(english.lines[0].description).not.toMatch(/Maegesho/);
  });

  it('prices a half-filled form, leaves out an invalid answer, and says what is missing in words', async () => {
    const quote = (values: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/catalogue/services/land-survey/quote', payload: { values } });
    const none = await quote({ lr_number: '209/10001' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      service_id: 'land-survey',
      complete: false,
      lines: [],
      total_cents: null,
      missing: [{ field: 'survey_type_code', label: expect.any(String) }],
      message: expect.stringMatching(/^The fee is shown once you have answered: /),
    });
    // A survey type its list does not offer counts as not answered, never as a price.
    expect((await quote({ survey_type_code: 'ZZ-NOT-LISTED' })).json().complete).toBe(false);
    const priced = (await quote({ survey_type_code: 'SV-BRE' })).json();
    expect(priced.complete).toBe(true);
    expect(priced.total_cents).toBeGreaterThan(0);
    expect(priced.total_cents).toBe(
      priced.lines.reduce((sum: number, l: { amount_cents: number }) => sum + l.amount_cents, 0),
    );
  });

  it("a parcel's land rates are not quoted from the form: the answer says where they come from", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/services/land-rates-bill/quote',
      payload: { values: { lr_number: '209/10001' } },
    });
    expect(res.json()).toMatchObject({
      complete: false,
      total_cents: null,
      message: expect.stringContaining("parcel's record"),
    });
  });

  it('answers 404 for an unknown service and 400 without values', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/services/no-such-service/quote',
      payload: { values: {} },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/services/land-survey/quote',
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('applications', () => {
  it('numbers, bills and records a submission; the draft it came from is deleted', async () => {
    const draftId = randomUUID();
    await t.app.inject({
      method: 'PUT',
      url: `/api/drafts/${draftId}`,
      headers: alice.headers,
      payload: { service_id: 'rates-search', step: 0, values: { lr_number: '209/10004' } },
    });
    const res = await submitRatesSearch(alice, { draft_id: draftId });
    expect(res.statusCode).toBe(201);
    const { application, bill } = res.json();
    expect(application).toMatchObject({
      status: 'awaiting_payment',
      fee_cents: 100_000,
      reference: '209/10004',
    });
    expect(bill).toMatchObject({
      status: 'unpaid',
      total_cents: 100_000,
      application_no: application.application_no,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/drafts/${draftId}`, headers: alice.headers }))
        .statusCode,
    ).toBe(404);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/applications/${application.application_no}`,
      headers: alice.headers,
    });
    expect(
      detail
        .json()
        .history.map((h: { from_status: string; to_status: string }) => [h.from_status, h.to_status]),
    ).toEqual([
      [null, 'submitted'],
      ['submitted', 'awaiting_payment'],
    ]);
    expect(detail.json().bill.bill_no).toBe(bill.bill_no);
    const audit = await auditRows('application', application.application_no);
    expect(audit.map((a) => [a.action, a.fromState, a.toState])).toEqual([
      ['submitted', null, 'submitted'],
      ['status_changed', 'submitted', 'awaiting_payment'],
    ]);
    expect((await auditRows('bill', bill.bill_no)).map((a) => a.action)).toEqual(['raised']);

    const list = await t.app.inject({ method: 'GET', url: '/api/applications', headers: alice.headers });
    expect(list.json().data.map((a: { application_no: string }) => a.application_no)).toContain(
      application.application_no,
    );
    const others = await t.app.inject({ method: 'GET', url: '/api/applications', headers: bob.headers });
    expect(others.json().data).toEqual([]);
  });

  it('pages the list: limit, then next_cursor until it is null, every application once, newest first', async () => {
    const carol = await createSignedInUser(t);
    for (let i = 0; i < 3; i += 1) expect((await submitRatesSearch(carol)).statusCode).toBe(201);
    const list = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/applications${query}`, headers: carol.headers });
    const numbers = (page: { data: { application_no: string }[] }) => page.data.map((a) => a.application_no);
    const all = (await list('')).json();
    expect(all.data).toHaveLength(3);
    expect(all.next_cursor).toBeNull();
    const first = (await list('?limit=2')).json();
    expect(first.data).toHaveLength(2);
    const second = (await list(`?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).json();
    expect(second.next_cursor).toBeNull();
    expect([...numbers(first), ...numbers(second)]).toEqual(numbers(all));
    expect((await list('?cursor=%2A%2A')).statusCode).toBe(400);
  });

  it('gives consecutive numbers within the year', async () => {
    const a = (await submitRatesSearch(alice)).json().application.application_no as string;
    const b = (await submitRatesSearch(alice)).json().application.application_no as string;
    expect(Number(b.slice(-6))).toBe(Number(a.slice(-6)) + 1);
  });

  it('refuses an unknown service, and an invalid payload with the field and message', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: alice.headers,
      payload: { service_id: 'free-land', values: {} },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: alice.headers,
      payload: { service_id: 'rates-search', values: { search_purpose: 'purchase' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'Please enter your land / parcel number',
      details: [{ path: 'lr_number', message: 'Please enter your land / parcel number' }],
    });
  });

  it('is cancelled by its applicant while unpaid, and its bill with it', async () => {
    const { application, bill } = (await submitRatesSearch(alice)).json();
    const url = `/api/applications/${application.application_no}/cancel`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: alice.headers,
      payload: { reason: 'Bought elsewhere' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(res.json().bill.status).toBe('cancelled');
    expect(res.json().history.at(-1)).toMatchObject({
      to_status: 'cancelled',
      note: 'Bought elsewhere',
      actor: 'user',
    });
    const again = await t.app.inject({ method: 'POST', url, headers: alice.headers, payload: {} });
    expect(again.statusCode).toBe(409);
    await expect(
      bills.applyPayment(t.database.db, {
        billNo: bill.bill_no,
        amountCents: 100,
        actor: { type: 'mpesa' },
        reference: 'X',
      }),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('bills and payments (the calls the payments module makes)', () => {
  it('a partial payment, then the rest with an overpayment kept as credit; the application moves on', async () => {
    const { application, bill } = (await submitRatesSearch(alice)).json();
    const found = await bills.findForPayment(bill.bill_no);
    expect(found).toMatchObject({
      userId: alice.id,
      totalCents: 100_000,
      balanceCents: 100_000,
      status: 'unpaid',
    });

    const part = await t.database.db.transaction((tx) =>
      bills.applyPayment(tx, {
        billNo: bill.bill_no,
        amountCents: 40_000,
        actor: { type: 'mpesa' },
        reference: 'QKH94M1Z11',
      }),
    );
    expect(part).toMatchObject({
      status: 'partially_paid',
      becamePaid: false,
      paidCents: 40_000,
      balanceCents: 60_000,
    });

    const rest = await t.database.db.transaction(async (tx) => {
      const paid = await bills.applyPayment(tx, {
        billNo: bill.bill_no,
        amountCents: 65_000,
        actor: { type: 'mpesa' },
        reference: 'QKH94M1Z12',
      });
      const status = paid.becamePaid ? await applications.onBillPaid(tx, bill.bill_no) : null;
      return { paid, status };
    });
    expect(rest.paid).toMatchObject({
      status: 'paid',
      becamePaid: true,
      balanceCents: 0,
      creditAddedCents: 5_000,
    });
    // Rates search is an instant service: paid means issued.
    expect(rest.status).toBe('issued');

    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/bills/${bill.bill_no}`,
      headers: alice.headers,
    });
    expect(shown.json()).toMatchObject({
      status: 'paid',
      paid_cents: 100_000,
      balance_cents: 0,
      credit_cents: 5_000,
    });
    expect(shown.json().paid_at).not.toBeNull();
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/applications/${application.application_no}`,
      headers: alice.headers,
    });
    expect(detail.json().status).toBe('issued');
    expect(detail.json().history.at(-1)).toMatchObject({
      from_status: 'awaiting_payment',
      to_status: 'issued',
      actor: 'system',
    });
    expect((await auditRows('bill', bill.bill_no)).map((a) => [a.action, a.toState])).toEqual([
      ['raised', 'unpaid'],
      ['payment_applied', 'partially_paid'],
      ['payment_applied', 'paid'],
    ]);
  });

  it('a review service goes to under_review when paid, then through review to issued; illegal moves refused', async () => {
    const survey = await t.app.inject({
      method: 'POST',
      url: '/api/lands/rate_search/application',
      headers: bob.headers,
      payload: { lr_number: '209/10020', search_purpose: 'legal' },
    });
    const { bill } = survey.json();
    await t.database.db.transaction(async (tx) => {
      await bills.applyPayment(tx, {
        billNo: bill.bill_no,
        amountCents: 100_000,
        actor: { type: 'mpesa' },
        reference: 'R1',
      });
      await applications.onBillPaid(tx, bill.bill_no);
    });
    // Paying twice moves nothing further.
    expect(await applications.onBillPaid(t.database.db, bill.bill_no)).toBeNull();

    const clearance = await applications.submit({
      user: { id: bob.id },
      serviceId: 'land-clearance',
      payload: {
        lr_number: '209/10020',
        current_land_use_code: 'COM',
        sub_county_code: '289',
        ward_code: '1435',
        clearance_purpose: 'charge',
        proofOfOwnership: await upload(bob),
        idCard: await upload(bob),
        kraPinCert: await upload(bob),
      },
    });
    const no = clearance.application.application_no;
    await expect(
      applications.changeStatus(no, 'approved', { type: 'staff', id: 'officer-1' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'illegal_transition',
    });
    await t.database.db.transaction(async (tx) => {
      await bills.applyPayment(tx, {
        billNo: clearance.bill!.bill_no,
        amountCents: clearance.bill!.total_cents,
        actor: { type: 'mpesa' },
        reference: 'R2',
      });
      expect(await applications.onBillPaid(tx, clearance.bill!.bill_no)).toBe('under_review');
    });
    await applications.changeStatus(
      no,
      'needs_info',
      { type: 'staff', id: 'officer-1' },
      { note: 'Title deed unreadable' },
    );
    await applications.changeStatus(no, 'under_review', { type: 'user', id: bob.id });
    await applications.changeStatus(no, 'approved', { type: 'staff', id: 'officer-1' });
    await applications.changeStatus(no, 'issued', { type: 'system' });
    await expect(
      applications.changeStatus(no, 'under_review', { type: 'staff', id: 'officer-1' }),
    ).rejects.toMatchObject({
      code: 'illegal_transition',
    });
    const detail = await applications.get(bob.id, no);
    expect(detail.history.map((h) => h.to_status)).toEqual([
      'submitted',
      'awaiting_payment',
      'under_review',
      'needs_info',
      'under_review',
      'approved',
      'issued',
    ]);
    expect(detail.history[3]).toMatchObject({ actor: 'staff', note: 'Title deed unreadable' });
    expect((await auditRows('application', no)).length).toBe(7);
  });

  it('two concurrent moves from the same status: one wins, the other is refused', async () => {
    const { application } = (await submitRatesSearch(alice)).json();
    const results = await Promise.allSettled([
      applications.changeStatus(application.application_no, 'cancelled', { type: 'staff', id: 'a' }),
      applications.changeStatus(application.application_no, 'under_review', { type: 'system' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
  });

  it("lists only the user's own bills; another user's bill number is a 404", async () => {
    const { bill } = (await submitRatesSearch(alice)).json();
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/bills?status=unpaid',
      headers: alice.headers,
    });
    expect(mine.json().data.map((b: { bill_no: string }) => b.bill_no)).toContain(bill.bill_no);
    expect(mine.json().data.every((b: { status: string }) => b.status === 'unpaid')).toBe(true);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/bills', headers: bob.headers });
    expect(theirs.json().data.map((b: { bill_no: string }) => b.bill_no)).not.toContain(bill.bill_no);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/bills/${bill.bill_no}`,
      headers: bob.headers,
    });
    expect(one.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/bills' })).statusCode).toBe(401);
  });

  it('answers users who ask for their bills at the same moment each with their own, as fresh as asked', async () => {
    // The unfiltered list is read for all who ask at once in one query (platform/db/coalesce.ts).
    const people = await Promise.all([1, 2, 3].map(() => createSignedInUser(t)));
    const raised = await Promise.all(
      people.map((person, i) =>
        t.database.db.transaction((tx) =>
          bills.raise(tx, {
            userId: person.id,
            description: `Bill of person ${i}`,
            lines: [{ amount_cents: 10_000 * (i + 1), description: 'Search fee', parcel: null }],
            actor: { type: 'system' },
          }),
        ),
      ),
    );
    const list = (person: TestUser) =>
      t.app.inject({ method: 'GET', url: '/api/bills', headers: person.headers });
    const lists = await Promise.all([...people, ...people].map(list));
    lists.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((b: { bill_no: string }) => b.bill_no)).toEqual([raised[i % 3]!.bill_no]);
    });
    // A bill raised just now is in the next read, even while others are reading.
    const more = await t.database.db.transaction((tx) =>
      bills.raise(tx, {
        userId: people[0]!.id,
        description: 'A second bill',
        lines: [{ amount_cents: 5_000, description: 'Search fee', parcel: null }],
        actor: { type: 'system' },
      }),
    );
    const [again] = await Promise.all([list(people[0]!), list(people[1]!)]);
    expect(again!.json().data.map((b: { bill_no: string }) => b.bill_no)).toEqual([
      more.bill_no,
      raised[0]!.bill_no,
    ]);
  });

  it('lists each bill with its own lines, in order, exactly as the bill itself shows them', async () => {
    const carol = await createSignedInUser(t);
    const raised = await t.database.db.transaction((tx) =>
      bills.raise(tx, {
        userId: carol.id,
        description: 'Three lines',
        lines: [
          { amount_cents: 300_000, description: 'Rates 2026', parcel: '209/10005' },
          { amount_cents: 120_050, description: 'Arrears', parcel: '209/10005' },
          { amount_cents: 1_201, description: 'Penalty', parcel: null },
        ],
        actor: { type: 'system' },
      }),
    );
    await t.database.db.transaction((tx) =>
      bills.raise(tx, {
        userId: carol.id,
        description: 'One line',
        lines: [{ amount_cents: 50_000, description: 'Search fee', parcel: null }],
        actor: { type: 'system' },
      }),
    );
    const list = (await t.app.inject({ method: 'GET', url: '/api/bills', headers: carol.headers })).json()
      .data;
    expect(list.map((b: { lines: unknown[] }) => b.lines.length)).toEqual([1, 3]);
    const one = (
      await t.app.inject({ method: 'GET', url: `/api/bills/${raised.bill_no}`, headers: carol.headers })
    ).json();
    expect(list[1]).toEqual(one);
    expect(
      one.lines.map((l: { Description: string; amount_cents: number }) => [l.Description, l.amount_cents]),
    ).toEqual([
      ['Rates 2026', 300_000],
      ['Arrears', 120_050],
      ['Penalty', 1_201],
    ]);
  });
});

function upload(user: TestUser): Promise<string> {
  return uploadId(t, user.headers);
}

describe('a fee the county has not set up', () => {
  it('answers 503 with a sentence the citizen can act on, and raises no bill; once the tariff row is back, the same application is priced', async () => {
    const { feeSchedules } = await import('../../src/core/applications/schema');
    const where = and(eq(feeSchedules.schedule, 'land-fees'), eq(feeSchedules.item, 'rates-search'));
    const [row] = await t.database.db.select().from(feeSchedules).where(where);
    expect(row).toBeDefined();
    const billsOf = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/bills?per_page=100', headers: alice.headers })).json();
    const before = await billsOf();
    await t.database.db.delete(feeSchedules).where(where);
    try {
      const res = await submitRatesSearch(alice);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'The fee for this service is not set up yet. Please try again later or visit a county office.',
      );
      expect(await billsOf()).toEqual(before);
    } finally {
      await t.database.db.insert(feeSchedules).values(row!);
    }
    const priced = await submitRatesSearch(alice);
    expect(priced.statusCode).toBe(201);
    expect(priced.json().bill.total_cents).toBe(row!.amountCents);
  });
});

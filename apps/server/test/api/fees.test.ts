import { tariffRowsOf } from '@kaunti/catalogue/catalogue';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTariffRows, tariffInForce } from '../../src/core/applications/fees';
import { feeSchedules } from '../../src/core/applications/schema';
import { auditLog } from '../../src/core/audit/schema';
import { kenyaDate, kenyaDatePlusDays } from '../../src/core/bills/kenya-date';
import { createTestApp, type TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, type TestUser } from '../support/users';

/**
 * Fees the county changes without a release (issue 37, item 3): an administrator proposes a new
 * amount from a later day, a second officer confirms it, every step is audited, bills price by
 * the row in force on their day, and the seed never writes over the county's change.
 */
let t: TestApp;
let admin: TestUser;
let secondAdmin: TestUser;
let revenue: TestUser;
let reviewer: TestUser;
let citizen: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createOfficer(t, ['admin']);
  secondAdmin = await createOfficer(t, ['admin']);
  revenue = await createOfficer(t, ['revenue']);
  reviewer = await createOfficer(t, ['reviewer', 'approver']);
  citizen = await createSignedInUser(t);
});
afterAll(() => t.close());

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const post = (user: TestUser, url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });

const quote = async (service_code: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/catalogue/services/pest-control/quote',
    headers: citizen.headers,
    payload: { values: { service_code } },
  });
  return res;
};

describe('fee changes, four eyes', () => {
  const inAMonth = kenyaDatePlusDays(30);
  let changeId = '';

  it('shows the schedules to administrators and revenue officers only, the row in force marked', async () => {
    const rows = await get(revenue, '/api/staff/fees?schedule=pest-control');
    expect(rows.statusCode, rows.body).toBe(200);
    const fumigation = rows.json().data.find((r: { item: string }) => r.item === 'FUM');
    expect(fumigation).toMatchObject({ amount_cents: 300_000, in_force: true, source: 'seed' });
    expect(fumigation.description_sw).toMatch(/ufukizaji/);
    expect((await get(reviewer, '/api/staff/fees')).statusCode).toBe(403);
    expect((await get(citizen, '/api/staff/fees')).statusCode).toBe(403);
  });

  it('refuses a change of the past, of today, of an unknown fee, or by an officer who is not an administrator', async () => {
    const change = {
      schedule: 'pest-control',
      item: 'FUM',
      amount_cents: 350_000,
      reason: 'Finance Act 2027',
    };
    const today = await post(admin, '/api/staff/fees/changes', { ...change, effective_from: kenyaDate() });
    expect(today.statusCode).toBe(400);
    expect(today.json().details).toEqual([
      { path: 'effective_from', message: expect.stringMatching(/day after today/) },
    ]);
    const unknown = await post(admin, '/api/staff/fees/changes', {
      ...change,
      item: 'NOPE',
      effective_from: inAMonth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await post(revenue, '/api/staff/fees/changes', { ...change, effective_from: inAMonth })).statusCode,
    ).toBe(403);
    expect(
      (await post(citizen, '/api/staff/fees/changes', { ...change, effective_from: inAMonth })).statusCode,
    ).toBe(403);
  });

  it('is proposed once, is not confirmed by its proposer, and is confirmed by a second officer', async () => {
    const change = {
      schedule: 'pest-control',
      item: 'FUM',
      effective_from: inAMonth,
      amount_cents: 350_000,
      reason: 'Finance Act 2027, public health schedule',
    };
    const proposed = await post(admin, '/api/staff/fees/changes', change);
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect(proposed.json()).toMatchObject({
      status: 'proposed',
      previous_cents: 300_000,
      amount_cents: 350_000,
      proposed_by_me: true,
    });
    changeId = proposed.json().id;
    expect((await post(secondAdmin, '/api/staff/fees/changes', change)).statusCode).toBe(409);

    // Not yet in force, nor a row at all, until confirmed.
    expect((await tariffInForce(t.database.db, 'pest-control', inAMonth)).get('FUM')?.amountCents).toBe(
      300_000,
    );

    const own = await post(admin, `/api/staff/fees/changes/${changeId}/confirm`);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/second officer/);

    const confirmed = await post(revenue, `/api/staff/fees/changes/${changeId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', proposed_by_me: false });
    expect((await post(secondAdmin, `/api/staff/fees/changes/${changeId}/confirm`)).statusCode).toBe(409);

    const audit = await t.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'fee_change'), eq(auditLog.entityId, changeId)));
    expect(audit.map((a) => a.action).sort()).toEqual(['fee_change.confirmed', 'fee_change.proposed']);
    expect(audit.find((a) => a.action === 'fee_change.confirmed')?.actorId).toBe(revenue.id);
  });

  it('prices today by the old amount and from its day by the new one; older bills keep theirs', async () => {
    const now = await quote('FUM');
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().total_cents).toBe(300_000);
    const rows = await tariffInForce(t.database.db, 'pest-control', inAMonth);
    expect(rows.get('FUM')?.amountCents).toBe(350_000);
    expect(
      (await tariffInForce(t.database.db, 'pest-control', kenyaDatePlusDays(29))).get('FUM')?.amountCents,
    ).toBe(300_000);
    const listed = (await get(admin, '/api/staff/fees?schedule=pest-control')).json().data;
    expect(listed.filter((r: { item: string }) => r.item === 'FUM')).toMatchObject([
      { amount_cents: 350_000, effective_from: inAMonth, source: 'county', in_force: false },
      { amount_cents: 300_000, in_force: true, source: 'seed' },
    ]);
  });

  it("is never written over by the seed, which loads the folders' rows again at every start", async () => {
    const again = tariffRowsOf('nairobi').map((row) =>
      row.schedule === 'pest-control' && row.item === 'FUM'
        ? { ...row, effective_from: inAMonth, amount_cents: 1 }
        : row,
    );
    await loadTariffRows(t.database.db, again);
    const [row] = await t.database.db
      .select()
      .from(feeSchedules)
      .where(
        and(
          eq(feeSchedules.schedule, 'pest-control'),
          eq(feeSchedules.item, 'FUM'),
          eq(feeSchedules.effectiveFrom, inAMonth),
        ),
      );
    expect(row).toMatchObject({ amountCents: 350_000, source: 'county', confirmedBy: revenue.id });
  });

  it('is rejected (or withdrawn) with a reason, and then cannot be confirmed', async () => {
    const proposed = await post(admin, '/api/staff/fees/changes', {
      schedule: 'pest-control',
      item: 'ROD',
      effective_from: kenyaDatePlusDays(60),
      amount_cents: 400_000,
      reason: 'A typing error in the schedule',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const id = proposed.json().id;
    const noReason = await post(revenue, `/api/staff/fees/changes/${id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    const rejected = await post(revenue, `/api/staff/fees/changes/${id}/reject`, {
      reason: 'Not what the assembly passed',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      decision_note: 'Not what the assembly passed',
    });
    expect((await post(secondAdmin, `/api/staff/fees/changes/${id}/confirm`)).statusCode).toBe(409);
    const waiting = (await get(admin, '/api/staff/fees/changes?status=proposed')).json().data;
    expect(waiting.map((c: { id: string }) => c.id)).not.toContain(id);
  });
});

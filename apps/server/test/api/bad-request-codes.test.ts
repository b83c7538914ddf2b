/**
 * A 400 without field details names its case (decision 038): `badRequest` requires the code, so
 * a refusal a program acts on is never the general `bad_request` (kept for the framework's own
 * refusals, internal checks no route reaches, and the password reset's vague refusal).
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenancies } from '../../src/areas/property/schema';
import { DEMO_TENANCY_NO } from '../../src/areas/property/seed';
import { createStandingCharges } from '../../src/core/bills/standing-charges';
import { createEngine, type Engine } from '../support/engine';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser, signedInAs } from '../support/users';

let t: TestApp;
let engine: Engine;
beforeAll(async () => {
  t = await createTestApp();
  engine = await createEngine(t);
});
afterAll(async () => t.close());

describe('400s that name their case', () => {
  it('a payment plan asked for arrears below the least offered: arrears_too_small', async () => {
    const nobodyOwes = await createSignedInUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment-plans',
      headers: nobodyOwes.headers,
      payload: { instalments: 3 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'arrears_too_small',
      message: 'A payment plan is offered for arrears of at least KES 5,000.00.',
    });
  });

  it('months ahead out of range: the route answers validation_failed naming `months`; the standing charges, months_out_of_range', async () => {
    const wanjiku = await signedInAs(t, '0712345678');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/estates/tenancies/${DEMO_TENANCY_NO}/bill`,
      headers: wanjiku.headers,
      payload: { months: 25 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', details: [{ path: 'months' }] });
    // What any other caller of the standing charges is told (no route reaches it past its schema).
    const [tenancy] = await t.database.db
      .select({ obligationId: tenancies.obligationId })
      .from(tenancies)
      .where(eq(tenancies.tenancyNo, DEMO_TENANCY_NO));
    const standing = createStandingCharges({ db: t.database.db, bills: engine.bills });
    await expect(standing.billFor(tenancy!.obligationId!, 25, { type: 'system' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'months_out_of_range',
      message: 'Please choose between 0 and 24 months ahead.',
    });
  });

  it('a payment of no whole number of cents: amount_not_whole_cents (money reaches bills only as cents)', async () => {
    const user = await createSignedInUser(t);
    const bill = await t.database.db.transaction((tx) =>
      engine.bills.raise(tx, {
        userId: user.id,
        description: 'Charge',
        lines: [{ amount_cents: 10_000, description: 'Charge', parcel: null }],
        actor: { type: 'system' },
      }),
    );
    for (const amountCents of [0, -100, 12.5])
      await expect(
        t.database.db.transaction((tx) =>
          engine.bills.applyPayment(tx, {
            billNo: bill.bill_no,
            amountCents,
            actor: { type: 'system' },
            reference: 'TEST',
          }),
        ),
      ).rejects.toMatchObject({ statusCode: 400, code: 'amount_not_whole_cents' });
  });
});

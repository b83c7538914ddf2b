import { randomUUID } from 'node:crypto';
import { services } from '@kaunti/catalogue/catalogue';
import { isRenewable } from '@kaunti/catalogue/definition';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPermits } from '../../src/areas/business/permits';
import { businessPermits } from '../../src/areas/business/schema';
import { documents } from '../../src/core/documents/schema';
import { createRenewals } from '../../src/core/renewals/renewals';
import { renewableDocuments } from '../../src/core/renewals/schema';
import { uploadId } from '../support/files';
import { createAppWithSimulator, payApplicationBill } from '../support/mpesa';
import type { TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, type TestUser } from '../support/users';

/**
 * Renewable licences (decision 040), every service the catalogue flags `renewable` but the two
 * business permits (business.test.ts walks those): issued from its published example, listed on
 * /permits and answered by the permit check; renewed neither early nor by another account; SMS
 * reminders 30 and 7 days before the expiry, each once however many instances run the job;
 * renewed within the window with last year's answers into a new bill, and once that is paid (and
 * reviewed) the new licence follows the old.
 */
const DAY_MS = 86_400_000;
const BUSINESS_PERMITS = new Set(['single-business-permit', 'unified-business-permit']);
const renewable = services.filter((s) => isRenewable(s) && !BUSINESS_PERMITS.has(s.id));

let t: TestApp;
let close: () => Promise<void>;
let stranger: TestUser;

beforeAll(async () => {
  ({ t, close } = await createAppWithSimulator(`renewals-callback-secret-${randomUUID()}`));
  stranger = await createSignedInUser(t, { firstName: 'Kamau', surName: 'Njoroge' });
});
afterAll(() => close());

interface Listed {
  permitNo: string;
  service_id: string;
  business_name: string;
  kra_pin: string | null;
  state: string;
  renewable: boolean;
  renewable_from: string | null;
  document: { id: string; print_url: string };
}

async function myPermits(user: TestUser): Promise<Listed[]> {
  const answer = await t.app.inject({ method: 'GET', url: '/api/permits', headers: user.headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}

const renew = (user: TestUser, documentId: string) =>
  t.app.inject({ method: 'POST', url: `/api/permits/${documentId}/renewal`, headers: user.headers });

const validate = async (permitNo: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/permits/validate?permit_no=${permitNo}` })).json();

/** Pays an application's bill and, for a reviewed service, has it approved and issued (four eyes). */
async function payAndIssue(
  user: TestUser,
  serviceId: string,
  submitted: { application: { application_no: string }; bill: { bill_no: string } },
) {
  const service = services.find((s) => s.id === serviceId)!;
  const reviewed = service.workflow === 'pay-then-review' || service.workflow === 'review-and-issue';
  const applicationNo = submitted.application.application_no;
  await payApplicationBill(
    t,
    user,
    { billNo: submitted.bill.bill_no, applicationNo },
    reviewed ? 'under_review' : 'issued',
  );
  if (reviewed) {
    for (const [role, status] of [
      ['approver', 'approved'],
      ['reviewer', 'issued'],
    ] as const) {
      const officer = await createOfficer(t, [role], [service.area]);
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/staff/applications/${applicationNo}/status`,
        headers: officer.headers,
        payload: { status, reason: 'Premises and papers checked' },
      });
      expect(moved.statusCode, `${status}: ${moved.body}`).toBe(200);
    }
  }
  const detail = await t.app.inject({
    method: 'GET',
    url: `/api/applications/${applicationNo}`,
    headers: user.headers,
  });
  expect(detail.json().status).toBe('issued');
}

/** Moves a document's expiry (the register and where its renewals are kept) to `days` from now. */
async function expireIn(documentId: string, days: number) {
  const at = new Date(Date.now() + days * DAY_MS);
  const { db } = t.database;
  await db
    .update(renewableDocuments)
    .set({ expiresAt: at })
    .where(eq(renewableDocuments.documentId, documentId));
  await db.update(businessPermits).set({ expiresAt: at }).where(eq(businessPermits.documentId, documentId));
  await db.update(documents).set({ expiresAt: at }).where(eq(documents.id, documentId));
}

/** The reminder job as two instances would run it, its SMS caught. */
function reminderJob(sent: { to: string; text: string }[]) {
  const sms = {
    driver: 'outbox' as const,
    send: async (to: string, text: string) => {
      sent.push({ to, text });
      return { accepted: true, status: 'Success' };
    },
  };
  const common = {
    db: t.database.db,
    sms,
    publicUrl: 'https://kaunti.example',
    countyName: async () => 'Nairobi City County',
  };
  const renewals = createRenewals({
    ...common,
    applications: { submit: () => Promise.reject(new Error('not used')), onStatusChanged: () => {} },
    links: { link: () => ({}) as never },
  });
  renewals.addHolder(
    createPermits({
      ...common,
      applications: { submit: () => Promise.reject(new Error('not used')) },
      links: { link: () => ({}) as never },
      documents: { shortCodeOf: async () => '' },
    }),
  );
  return renewals;
}

describe('renewable services', () => {
  it('are walked here: the licences of issues 38 and 39', () => {
    expect(renewable.map((s) => s.id).sort()).toEqual([
      'advertisements',
      'betting-and-gaming',
      'dog-licence',
      'fire-certificate',
      'fish-trading-licence',
      'food-hygiene-licence',
      'liquor-licensing',
      'outdoor-advertisement',
    ]);
  });
});

describe.each(renewable.map((s) => [s.id, s] as const))('the renewable %s', (id, service) => {
  let holder: TestUser;
  let issued: Listed;

  it('is issued from its example and listed on /permits: print, verify, renew from 30 days before', async () => {
    holder = await createSignedInUser(t, { firstName: 'Achieng', surName: 'Oduya' });
    const open = (await t.app.inject({ method: 'GET', url: `/api/catalogue/services/${id}` })).json() as {
      steps: { fields: { name: string; kind: string }[] }[];
      example: Record<string, unknown>;
    };
    const values = { ...open.example };
    for (const field of open.steps.flatMap((s) => s.fields).filter((f) => f.kind === 'file'))
      if (field.name in values) values[field.name] = await uploadId(t, holder.headers);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: holder.headers,
      payload: { service_id: id, values },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    await payAndIssue(holder, id, submitted.json());

    const listed = (await myPermits(holder)).filter((p) => p.service_id === id);
    expect(listed).toHaveLength(1);
    issued = listed[0]!;
    expect(issued).toMatchObject({
      permitNo: submitted.json().application.application_no,
      state: 'active',
      renewable: false,
      renewable_from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      document: { print_url: expect.stringContaining('/downloads/') },
    });
    // Held by the business a business-area licence names; else by the account that applied.
    if (service.area === 'business') expect(issued.kra_pin).toBe(values.kra_pin);
    else expect(issued.kra_pin).toBeNull();
    expect(await validate(issued.permitNo)).toEqual({ permitNo: issued.permitNo, isValid: true });
    expect(await myPermits(stranger)).not.toContainEqual(expect.objectContaining({ service_id: id }));
  });

  it('is not renewed before its window, nor by another account (404, as an unknown one)', async () => {
    const early = await renew(holder, issued.document.id);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'renewal_not_open',
      message: expect.stringMatching(/is valid until .+\. You can renew it from .+\.$/),
    });
    expect((await renew(stranger, issued.document.id)).statusCode).toBe(404);
    expect((await renew(holder, 'no-such-document')).statusCode).toBe(404);
  });

  it('is reminded of 30 and 7 days before it expires, each once however many instances run the job', async () => {
    const sent: { to: string; text: string }[] = [];
    const job = reminderJob(sent);
    await expireIn(issued.document.id, 20);
    await Promise.all([job.sendReminders(), job.sendReminders(), job.sendReminders()]);
    const about = () => sent.filter((s) => s.text.includes(issued.permitNo));
    expect(about()).toHaveLength(1);
    expect(about()[0]!.text).toMatch(/\(20 days\)\. Renew it at https:\/\/kaunti\.example\/permits$/);
    // A licence the account holds is told to the account's phone.
    if (service.area !== 'business') expect(about()[0]!.to).toBe(holder.phoneNumber);
    await job.sendReminders();
    expect(about()).toHaveLength(1);
    await expireIn(issued.document.id, 5);
    await Promise.all([job.sendReminders(), job.sendReminders()]);
    expect(about()).toHaveLength(2);
    expect(about()[1]!.text).toContain('(5 days)');
  });

  it("is renewed in its window with last year's answers into a bill; paid, the new one follows it", async () => {
    const [listed] = (await myPermits(holder)).filter((p) => p.service_id === id);
    expect(listed).toMatchObject({ state: 'expiring', renewable: true });
    const renewal = await renew(holder, issued.document.id);
    expect(renewal.statusCode, renewal.body).toBe(201);
    const { application, bill } = renewal.json();
    expect(application).toMatchObject({ service_id: id, status: 'awaiting_payment' });
    expect(bill.total_cents).toBeGreaterThan(0);
    // One renewal at a time: asked again while its bill is open, refused (a business's licence by
    // the business area's check: its one open bill per business and licence, a 400 on the PIN).
    expect([400, 409]).toContain((await renew(holder, issued.document.id)).statusCode);

    await payAndIssue(holder, id, renewal.json());
    const after = (await myPermits(holder)).filter((p) => p.service_id === id);
    expect(after.map((p) => [p.permitNo, p.state])).toEqual([
      [application.application_no, 'active'],
      [issued.permitNo, 'renewed'],
    ]);
    const again = await renew(holder, issued.document.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_renewed');
    expect(await validate(application.application_no)).toMatchObject({ isValid: true });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../../../tools/mpesa-sim/src/simulator';
import { buildApp } from '../../src/app';
import { kenyaDate } from '../../src/core/bills/kenya-date';
import { loadConfig } from '../../src/platform/config';
import { checkResponsesAgainstDocument } from '../support/contract';
import { uploadId } from '../support/files';
import { freePort, SIM_CREDENTIALS } from '../support/mpesa';
import { openTestDatabase, type TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser, type TestUser } from '../support/users';

/**
 * Issue 36, item 17: every staff read of personal data (an application, its uploads, a customer
 * check, a plate check, a document search), every export, the paybill's URL registration and
 * every refused decision leaves a row in the audit log, read back through the auditors' API —
 * and none of the personal data read goes into a log line.
 */
let t: TestApp;
let sim: Simulator;
const lines: string[] = [];
let citizen: TestUser;
let auditor: TestUser;

beforeAll(async () => {
  sim = createSimulator({ ...SIM_CREDENTIALS, callbackDelayMs: 20, timeoutDelayMs: 150, duplicateGapMs: 20 });
  await sim.listen(0);
  const dataDir = mkdtempSync(join(tmpdir(), 'kaunti-audit-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    KAUNTI_DATA_DIR: dataDir,
    KAUNTI_WEB_DIST: join(dataDir, 'none'),
    LOG_LEVEL: 'info',
    KAUNTI_DEV_OUTBOX: 'true',
    PUBLIC_URL: `http://127.0.0.1:${await freePort()}`,
    MPESA_BASE_URL: sim.url,
    MPESA_CONSUMER_KEY: SIM_CREDENTIALS.consumerKey,
    MPESA_CONSUMER_SECRET: SIM_CREDENTIALS.consumerSecret,
    MPESA_SHORTCODE: SIM_CREDENTIALS.shortcode,
    MPESA_PASSKEY: SIM_CREDENTIALS.passkey,
  });
  const { database, drop } = await openTestDatabase();
  const app: FastifyInstance = await buildApp({
    config,
    database,
    logStream: { write: (line) => void lines.push(line) },
  });
  checkResponsesAgainstDocument(app);
  await app.ready();
  t = {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  citizen = await createSignedInUser(t, { firstName: 'Zawadi', surName: 'Auditwatched' });
  auditor = await createOfficer(t, ['auditor']);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });
const post = (user: TestUser, url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });

interface Entry {
  actor_type: string;
  actor_id: string | null;
  entity_type: string;
  entity_id: string;
  action: string;
  data: Record<string, unknown> | null;
}
/** What the auditors' API shows of one officer's acts, newest first. */
async function auditOf(officer: TestUser, action?: string): Promise<Entry[]> {
  const res = await get(
    auditor,
    `/api/staff/audit?officer_id=${officer.id}${action ? `&action=${action}` : ''}&per_page=100`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A land survey application (its fee not paid yet). */
async function surveyApplication(): Promise<{ no: string; upload: string }> {
  const upload = await uploadId(t, citizen.headers);
  const res = await post(citizen, '/api/applications', {
    service_id: 'land-survey',
    values: {
      lr_number: '209/10001',
      sub_county_code: '274',
      ward_code: '1361',
      survey_type_code: 'SV-BRE',
      purpose: 'A boundary dispute with a neighbour',
      idCard: upload,
      proofOfOwnership: await uploadId(t, citizen.headers, 'deed.png'),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { no: res.json().application.application_no, upload };
}

/** No log line written since `from` holds the citizen's ID number, phone or name. */
function expectNoPersonalDataLoggedSince(from: number) {
  const logged = lines.slice(from).join('\n');
  expect(logged.length).toBeGreaterThan(0);
  for (const personal of [
    citizen.identifier,
    citizen.phoneNumber,
    citizen.phoneNumber.slice(3),
    'Auditwatched',
  ])
    expect(logged).not.toContain(personal);
}

describe('staff reads of personal data are audited (issue 36, item 17)', () => {
  it("an officer's view of an application and of its upload: one row each, naming the officer", async () => {
    const reviewer = await createOfficer(t, ['reviewer']);
    const { no, upload } = await surveyApplication();
    const from = lines.length;
    expect((await get(reviewer, `/api/staff/applications/${no}`)).statusCode).toBe(200);
    expect((await get(reviewer, `/api/staff/applications/${no}/uploads/${upload}`)).statusCode).toBe(200);
    const entries = await auditOf(reviewer);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor_type: 'staff',
          actor_id: reviewer.id,
          entity_type: 'application',
          entity_id: no,
          action: 'application.viewed',
        }),
        expect.objectContaining({ entity_type: 'upload', entity_id: upload, action: 'upload.viewed' }),
      ]),
    );
    expectNoPersonalDataLoggedSince(from);
  });

  it('a search of the queue by a person, a customer check and a document search: each audited', async () => {
    const revenue = await createOfficer(t, ['revenue']);
    const from = lines.length;
    expect((await get(revenue, `/api/staff/applications?q=${citizen.identifier}`)).statusCode).toBe(200);
    // Paging through the queue without a search names no one in particular: not a row per page.
    expect((await get(revenue, '/api/staff/applications')).statusCode).toBe(200);
    expect(
      (await get(revenue, `/api/staff/customers/check?identifier=${citizen.identifier}`)).statusCode,
    ).toBe(200);
    expect((await get(revenue, '/api/staff/documents?number=NOSUCHDOC')).statusCode).toBe(200);
    const entries = (await auditOf(revenue)).filter((e) => e.actor_type === 'staff');
    expect(entries.map((e) => e.action).sort(), JSON.stringify(entries)).toEqual([
      'applications.searched',
      'customer.checked',
      'documents.searched',
    ]);
    expect(entries.find((e) => e.action === 'customer.checked')).toMatchObject({
      entity_type: 'customer',
      entity_id: citizen.identifier,
    });
    expectNoPersonalDataLoggedSince(from);
  });

  it("an enforcement officer's plate check is audited", async () => {
    const enforcement = await createOfficer(t, ['enforcement']);
    expect((await get(enforcement, '/api/parking/status?plate=KDA123A')).statusCode).toBe(200);
    expect(await auditOf(enforcement, 'plate.checked')).toEqual([
      expect.objectContaining({ entity_type: 'plate', entity_id: 'KDA123A' }),
    ]);
  });
});

describe('exports and the paybill registration are audited (issue 36, item 17)', () => {
  it('the collections CSV is an export, with its dates', async () => {
    const revenue = await createOfficer(t, ['revenue']);
    const today = kenyaDate(new Date());
    const res = await get(revenue, `/api/staff/revenue/collections?from=${today}&to=${today}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(await auditOf(revenue, 'report.exported')).toEqual([
      expect.objectContaining({
        entity_type: 'report',
        entity_id: 'collections',
        data: { from: today, to: today, format: 'csv' },
      }),
    ]);
  });

  it("registering the paybill's URLs, and an officer refused it", async () => {
    const admin = await createOfficer(t, ['admin']);
    const reviewer = await createOfficer(t, ['reviewer']);
    expect((await post(reviewer, '/api/staff/payments/c2b/register')).statusCode).toBe(403);
    expect(await auditOf(reviewer, 'paybill_urls.refused')).toEqual([
      expect.objectContaining({ entity_type: 'paybill', data: expect.objectContaining({ status: 403 }) }),
    ]);
    const res = await post(admin, '/api/staff/payments/c2b/register', { response_type: 'Completed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditOf(admin, 'paybill_urls.registered')).toEqual([
      expect.objectContaining({ entity_type: 'paybill', data: { response_type: 'Completed' } }),
    ]);
  });
});

describe('refused decisions are audited (issue 36, item 17)', () => {
  it('a decision the role does not allow (403) and one the status table refuses (409)', async () => {
    const reviewer = await createOfficer(t, ['reviewer']);
    const approver = await createOfficer(t, ['approver']);
    const { no } = await surveyApplication();
    const denied = await post(reviewer, `/api/staff/applications/${no}/status`, {
      status: 'approved',
      reason: 'Checked',
    });
    expect(denied.statusCode).toBe(403);
    expect(await auditOf(reviewer, 'decision.refused')).toEqual([
      expect.objectContaining({
        entity_type: 'application',
        entity_id: no,
        data: expect.objectContaining({ decision: 'approved', status: 403, code: 'forbidden' }),
      }),
    ]);
    // Not paid yet: nothing to approve.
    const illegal = await post(approver, `/api/staff/applications/${no}/status`, {
      status: 'approved',
      reason: 'Checked',
    });
    expect(illegal.statusCode).toBe(409);
    expect(await auditOf(approver, 'decision.refused')).toEqual([
      expect.objectContaining({
        entity_id: no,
        data: expect.objectContaining({ decision: 'approved', status: 409 }),
      }),
    ]);
  });

  it('a refused revocation and a refused claim decision', async () => {
    const reviewer = await createOfficer(t, ['reviewer']);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await post(reviewer, `/api/staff/documents/${id}/revoke`, { reason: 'Forged' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await post(reviewer, `/api/staff/parcel-claims/${id}/decision`, {
          decision: 'accepted',
          reason: 'Seen',
        })
      ).statusCode,
    ).toBe(403);
    const entries = await auditOf(reviewer, 'decision.refused');
    // The guard refused these before reading the body: the row names the object and the refusal.
    expect(entries.map((e) => [e.entity_type, e.entity_id, e.data?.status]).sort()).toEqual([
      ['document', id, 403],
      ['parcel_claim', id, 403],
    ]);
  });
});

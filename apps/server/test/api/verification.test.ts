import type { VerifySamplesResponse } from '@kaunti/contract/api-verify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../src/core/documents/schema';
import { staff } from '../../src/core/verification/schema';
import { DEMO_STAFF, seedVerificationDemo } from '../../src/core/verification/seed';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser } from '../support/users';

let t: TestApp;
let samples: VerifySamplesResponse;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://eservices.nairobi.go.ke' });
  samples = (await t.app.inject({ method: 'GET', url: '/api/verify/samples' })).json();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
/** `/everify/s/{qid}/{sid}` → `/api/verify/staff/{qid}/{sid}`. */
const apiPath = (url: string) =>
  new URL(url).pathname
    .replace(/^\/everify\/s\//, '/api/verify/staff/')
    .replace(/^\/everify\/i\//, '/api/verify/identity/');

describe('staff ID check (/everify/s/{qid}/{sid})', () => {
  it('confirms a serving officer, in full: name, department, designation', async () => {
    const grace = samples.staff.find((s) => s.staff_no === '20114587')!;
    expect(grace.url).toMatch(/^https:\/\/eservices\.nairobi\.go\.ke\/everify\/s\/[\w-]{16}\/20114587$/);
    const res = await get(apiPath(grace.url));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'valid',
      staff: {
        staff_no: '20114587',
        name: 'Grace Wanjiru Mwangi',
        department: 'Finance and Economic Planning',
        designation: 'Senior Revenue Officer',
      },
      issuer: 'Nairobi City County',
    });
  });

  it('says suspended and left for officers who must not be trusted on their card', async () => {
    const suspended = samples.staff.find((s) => s.staff_no === '20085573')!;
    expect((await get(apiPath(suspended.url))).json()).toMatchObject({
      status: 'suspended',
      staff: { name: 'Samuel Mutua Musyoka' },
    });
    const left = samples.staff.find((s) => s.staff_no === '20060344')!;
    expect((await get(apiPath(left.url))).json()).toMatchObject({ status: 'left' });
  });

  it('says not found for a wrong staff number or QR id, telling nothing about anyone', async () => {
    const grace = samples.staff.find((s) => s.staff_no === '20114587')!;
    const qid = new URL(grace.url).pathname.split('/')[3]!;
    const wrongNumber = (await get(`/api/verify/staff/${qid}/20098231`)).json();
    expect(wrongNumber).toEqual({
      status: 'not_found',
      issuer: 'Nairobi City County',
      checked_at: expect.any(String),
    });
    expect((await get('/api/verify/staff/AAAAAAAAAAAAAAAA/20114587')).json().status).toBe('not_found');
  });

  it('seeds the officers once: a second seed keeps every QR id', async () => {
    const before = await t.database.db.select({ staffNo: staff.staffNo, qid: staff.qid }).from(staff);
    await seedVerificationDemo(t.database.db);
    const after = await t.database.db.select({ staffNo: staff.staffNo, qid: staff.qid }).from(staff);
    expect(after).toHaveLength(DEMO_STAFF.length);
    expect(new Map(after.map((r) => [r.staffNo, r.qid]))).toEqual(
      new Map(before.map((r) => [r.staffNo, r.qid])),
    );
    const [one] = await t.database.db.select().from(staff).where(eq(staff.staffNo, '20114587'));
    expect(one!.qid).toMatch(/^[\w-]{16}$/);
  });
});

describe('national ID check (/everify/i/{qid}/{id})', () => {
  it('says registered and verified, with the name masked', async () => {
    const verified = samples.identities.find((i) => i.status === 'registered_verified')!;
    const res = await get(apiPath(verified.url));
    expect(res.json()).toMatchObject({
      status: 'registered_verified',
      person: { name: 'W****** M*** K******', id_number: '27845123' },
    });
    expect(res.body).not.toContain('Wanjiku');
  });

  it('says registered but not verified when the phone was never confirmed', async () => {
    const unverified = samples.identities.find((i) => i.status === 'registered_not_verified')!;
    expect((await get(apiPath(unverified.url))).json()).toMatchObject({
      status: 'registered_not_verified',
      person: { name: 'B**** O*****', id_number: '31290456' },
    });
  });

  it('says not registered for a wrong ID number or QR id', async () => {
    const verified = samples.identities.find((i) => i.status === 'registered_verified')!;
    const qid = new URL(verified.url).pathname.split('/')[3]!;
    expect((await get(`/api/verify/identity/${qid}/31290456`)).json()).toEqual({
      status: 'not_registered',
      issuer: 'Nairobi City County',
      checked_at: expect.any(String),
    });
    expect((await get('/api/verify/identity/AAAAAAAAAAAAAAAA/27845123')).json().status).toBe(
      'not_registered',
    );
  });

  it('gives a signed-in citizen their own ID QR link, the same each time, which then verifies', async () => {
    const user = await createSignedInUser(t, { firstName: 'Akinyi', surName: 'Otieno' });
    const mine = await get('/api/verify/identity/mine', user.headers);
    expect(mine.statusCode).toBe(200);
    const { qid, url } = mine.json();
    expect(url).toBe(`https://eservices.nairobi.go.ke/everify/i/${qid}/${user.identifier}`);
    expect((await get('/api/verify/identity/mine', user.headers)).json().qid).toBe(qid);
    expect((await get(apiPath(url))).json()).toMatchObject({
      status: 'registered_verified',
      person: { name: 'A***** O*****' },
    });
    expect((await get('/api/verify/identity/mine')).statusCode).toBe(401);
  });

  it('refuses an ID QR link to an account registered with a passport', async () => {
    const user = await createSignedInUser(t, { identifier: 'AK1234567', identifierType: 'passport' });
    const res = await get('/api/verify/identity/mine', user.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Only accounts registered with a national ID number have an ID verification code.',
      code: 'id_number_required',
    });
  });
});

describe('the short code printed under every QR code (E-Verify without a camera)', () => {
  // Each check from its own address: E-Verify allows 60 a minute per address, and every demo
  // document is typed several ways here.
  let checks = 0;
  const verify = (code: string) => {
    checks += 1;
    return t.app.inject({
      method: 'GET',
      url: `/api/verify?code=${encodeURIComponent(code)}`,
      remoteAddress: `10.78.${checks >> 8}.${checks & 255}`,
    });
  };

  it('each demo document has one, and E-Verify accepts it typed in any case, with or without dashes or spaces', async () => {
    const samples: VerifySamplesResponse = (
      await t.app.inject({ method: 'GET', url: '/api/verify/samples' })
    ).json();
    expect(samples.documents.length).toBeGreaterThan(0);
    for (const sample of samples.documents) {
      expect(sample.short_code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      const byToken = (await verify(sample.url)).json();
      for (const typed of [
        sample.short_code,
        sample.short_code.toLowerCase().replaceAll('-', ''),
        ` ${sample.short_code.replaceAll('-', ' ')} `,
      ]) {
        const res = await verify(typed);
        expect(res.json().status, `${sample.number}: ${typed}`).toBe(byToken.status);
        expect(res.json().document?.number).toBe(sample.number);
      }
    }
  });

  it('a mistyped code says so; a well-formed code no document carries is not found', async () => {
    const samples: VerifySamplesResponse = (
      await t.app.inject({ method: 'GET', url: '/api/verify/samples' })
    ).json();
    const printed = samples.documents[0]!.short_code.replaceAll('-', '');
    const swapped = `${printed[0] === 'A' ? 'B' : 'A'}${printed.slice(1)}`;
    expect((await verify(swapped)).json()).toMatchObject({ status: 'mistyped' });
    expect((await verify(printed.slice(0, 11))).json()).toMatchObject({ status: 'mistyped' });
    expect((await verify('2222-2222-2222')).json()).toMatchObject({ status: 'not_found' });
    expect((await verify('2222-2222-2222')).json().document).toBeUndefined();
  });
});

describe('permit validation (GET /api/permits/validate?permit_no=)', () => {
  let address = 0;
  const validate = (permitNo: string | undefined) => {
    address += 1;
    return t.app.inject({
      method: 'GET',
      url:
        permitNo === undefined
          ? '/api/permits/validate'
          : `/api/permits/validate?permit_no=${encodeURIComponent(permitNo)}`,
      remoteAddress: `10.79.0.${address}`,
    });
  };

  it('says a permit in force is valid, however its number is typed, and names no one', async () => {
    const permit = samples.documents.find((d) => d.title === 'Single Business Permit')!;
    for (const typed of [permit.number, ` ${permit.number.toLowerCase()} `]) {
      const res = await validate(typed);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ permitNo: permit.number, isValid: true });
    }
  });

  it('says not valid for an expired or revoked permit, an unknown number, and a number that is not a permit', async () => {
    const expired = samples.documents.find((d) => d.kind === 'permit' && d.status === 'expired')!;
    const receipt = samples.documents.find((d) => d.kind === 'receipt')!;
    const ubp = samples.documents.find((d) => d.title === 'Unified Business Permit')!;
    await t.database.db
      .update(documents)
      .set({ status: 'revoked', revokedAt: new Date(), revocationReason: 'Closed after an inspection' })
      .where(eq(documents.number, ubp.number));
    for (const number of [expired.number, ubp.number, 'SBP-2025-123456', receipt.number]) {
      expect((await validate(number)).json(), number).toEqual({ permitNo: number, isValid: false });
    }
  });

  it('asks for the number when it is missing or blank', async () => {
    for (const permitNo of [undefined, '   ']) {
      const res = await validate(permitNo);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Enter the permit number');
    }
  });
});

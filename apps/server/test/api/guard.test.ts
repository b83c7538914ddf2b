import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGuards, currentUser } from '../../src/core/accounts/guard';
import { sessions as sessionsTable } from '../../src/core/accounts/schema';
import { createSessionService, VERIFIED_SESSION_MS } from '../../src/core/accounts/sessions';
import { createTokenSigner } from '../../src/core/accounts/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createOfficer, createSignedInUser } from '../support/users';

let t: TestApp;
let sessions: ReturnType<typeof createSessionService>;
let signer: ReturnType<typeof createTokenSigner>;

beforeAll(async () => {
  t = await createTestApp({}, (app, { config, database }) => {
    const s = createTokenSigner(config.jwtSecret);
    const guards = createGuards(s, createSessionService(database.db, s));
    app.get(
      '/api/test/protected',
      { schema: { hide: true }, preHandler: guards.requireUser },
      async (request) => ({
        id: currentUser(request).id,
      }),
    );
    app.get(
      '/api/test/otp-step',
      { schema: { hide: true }, preHandler: guards.requireLoginToken },
      async () => ({ ok: true }),
    );
  });
  signer = createTokenSigner(t.config.jwtSecret);
  sessions = createSessionService(t.database.db, signer);
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('the auth guard', () => {
  it('refuses a request without a token: "Please login to continue"', async () => {
    const res = await get('/api/test/protected');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please login to continue', code: 'unauthorized' });
  });

  it('refuses a forged or garbled token', async () => {
    const res = await get('/api/test/protected', 'abc.def.ghi');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('session_expired');
    const other = createTokenSigner('another-secret-another-secret-12345');
    const forged = await other.sign({ sub: 'x', sid: 'y', scope: 'full' }, new Date(Date.now() + 60_000));
    expect((await get('/api/test/protected', forged)).statusCode).toBe(401);
  });

  it('lets a verified session through, and the route sees who it is', async () => {
    const user = await createSignedInUser(t);
    const res = await get('/api/test/protected', user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id });
  });

  it('refuses an unverified (login) token on a protected route, and the reverse', async () => {
    const user = await createSignedInUser(t);
    const pending = await sessions.startPending(user.id);
    const res = await get('/api/test/protected', pending.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('otp_required');
    expect((await get('/api/test/otp-step', pending.token)).statusCode).toBe(200);
    expect((await get('/api/test/otp-step', user.token)).statusCode).toBe(401);
  });

  it('refuses a revoked session at once, though its token has not expired', async () => {
    const user = await createSignedInUser(t);
    const claims = await signer.verify(user.token);
    await sessions.revoke(claims!.sid, 'logout', user.id);
    const res = await get('/api/test/protected', user.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Session Expired. Login to continue', code: 'session_expired' });
  });

  it('refuses a session whose time is up in the register, though its token has not expired', async () => {
    const user = await createSignedInUser(t);
    const claims = await signer.verify(user.token);
    expect((await get('/api/test/protected', user.token)).statusCode).toBe(200);
    await t.database.db
      .update(sessionsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionsTable.id, claims!.sid));
    const res = await get('/api/test/protected', user.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('session_expired');
  });

  it('refuses an expired token', async () => {
    const user = await createSignedInUser(t);
    const claims = await signer.verify(user.token);
    const expired = await signer.sign(
      { sub: user.id, sid: claims!.sid, scope: 'full' },
      new Date(Date.now() - 1000),
    );
    expect((await get('/api/test/protected', expired)).statusCode).toBe(401);
  });

  it('the exp claim is in seconds', async () => {
    const user = await createSignedInUser(t);
    const claims = await signer.verify(user.token);
    expect(claims!.exp).toBeLessThan(Date.now() / 1000 + 9 * 3600);
    expect(claims!.exp).toBeGreaterThan(Date.now() / 1000 + 7 * 3600);
  });
});

// The embedded database's sessions are remembered in the process (app.ts): a revocation must
// still stop them at once, and a remembered session must still run out.
describe('sessions remembered in memory (the embedded database)', () => {
  const live = async () => {
    const remembering = createSessionService(t.database.db, signer, { remember: 'process' });
    const user = await createSignedInUser(t);
    const claims = (await signer.verify(user.token))!;
    expect(await remembering.find(claims.sid, user.id)).toMatchObject({ state: 'verified' });
    return { remembering, user, sid: claims.sid };
  };

  it('serves a verified session from memory once read', async () => {
    const { remembering, user, sid } = await live();
    // The row goes (as nothing but this service would do): the remembered session still answers.
    await t.database.db.delete(sessionsTable).where(eq(sessionsTable.id, sid));
    expect(await remembering.find(sid, user.id)).toMatchObject({ id: sid, state: 'verified' });
    expect(await remembering.find(sid, randomUUID())).toBeUndefined();
  });

  it('forgets a session revoked at logout, at once', async () => {
    const { remembering, user, sid } = await live();
    await remembering.revoke(sid, 'logout', user.id);
    expect(await remembering.find(sid, user.id)).toBeUndefined();
  });

  it('forgets the sessions a password change ends, at once, and keeps the one it keeps', async () => {
    const { remembering, user, sid } = await live();
    const second = await remembering.verify((await remembering.startPending(user.id)).sessionId, user.id);
    expect(await remembering.find(second.sessionId, user.id)).toBeDefined();
    expect(await remembering.revokeOthers(user.id, second.sessionId, 'password_change')).toBe(1);
    expect(await remembering.find(sid, user.id)).toBeUndefined();
    expect(await remembering.find(second.sessionId, user.id)).toBeDefined();
  });

  it('does not remember what a read saw while the session was being revoked', async () => {
    const { user, sid } = await live();
    const other = createSessionService(t.database.db, signer, { remember: 'process' });
    // A read and a revocation side by side: whatever the read saw, the session is refused after.
    const [seen] = await Promise.all([other.find(sid, user.id), other.revoke(sid, 'logout', user.id)]);
    expect(seen === undefined || seen.state === 'verified').toBe(true);
    expect(await other.find(sid, user.id)).toBeUndefined();
  });

  it('refuses a remembered session once its time is up', async () => {
    const { remembering, user, sid } = await live();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + VERIFIED_SESSION_MS + 1000);
      expect(await remembering.find(sid, user.id)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('answers to a signed-in caller are not kept by any cache', () => {
  it('every signed-in JSON answer of the OpenAPI document, refusals included, carries Cache-Control: no-store', async () => {
    const citizen = await createSignedInUser(t);
    const officer = await createOfficer(t, ['admin', 'revenue', 'auditor', 'enforcement', 'approver']);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const seen: string[] = [];
    const cached: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const get = operations.get;
      if (!get?.security?.length) continue;
      for (const who of [citizen, officer]) {
        const url = path.replace(/\{[^}]+\}/g, 'NCCB00000000');
        const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
        if (res.statusCode === 401 || !String(res.headers['content-type']).startsWith('application/json'))
          continue;
        seen.push(`${path} ${res.statusCode}`);
        if (res.headers['cache-control'] !== 'no-store')
          cached.push(`${path} ${res.statusCode}: ${res.headers['cache-control']}`);
      }
    }
    // The profile, bills, applications, the back office: answered (200) and refused (403, 404).
    expect(seen).toEqual(expect.arrayContaining(['/api/profile 200', '/api/bills 200', '/api/staff/me 200']));
    expect(seen.some((s) => / 40[34]$/.test(s))).toBe(true);
    expect(cached).toEqual([]);
    // A public answer is not touched.
    const county = await t.app.inject({ method: 'GET', url: '/api/county', headers: citizen.headers });
    expect(county.headers['cache-control']).not.toBe('no-store');
  });
});

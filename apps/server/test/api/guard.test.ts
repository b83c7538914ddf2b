import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuards, currentUser } from '../../src/core/accounts/guard';
import { sessions as sessionsTable } from '../../src/core/accounts/schema';
import { createSessionService } from '../../src/core/accounts/sessions';
import { createTokenSigner } from '../../src/core/accounts/tokens';
import { createTestApp, type TestApp } from '../support/test-app';
import { createSignedInUser } from '../support/users';

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

import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, sessions } from '../../src/core/accounts/schema';
import { auditLog } from '../../src/core/audit/schema';
import {
  call,
  latestCode,
  randomIp,
  STRONG_PASSWORD,
  signUpAndVerify,
  signupInput,
} from '../support/accounts';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A user who has signed up (and verified once), then logged in again: a login token waiting for its code. */
async function loggedIn() {
  const user = await signUpAndVerify(t);
  const login = await call(t, 'POST', '/api/auth/login', {
    body: { username: user.phone, password: STRONG_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  return { ...user, loginToken: login.json().token as string };
}

const verify = (token: string, otp: string, ip?: string) =>
  call(t, 'POST', '/api/auth/otp/verify', { token, body: { otp }, ...(ip ? { ip } : {}) });

/** A 6-digit code that is not the right one. */
const wrongFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the login code (OTP)', () => {
  it('the right code answers a new token that opens the protected API; the login token does not', async () => {
    const user = await loggedIn();
    expect((await call(t, 'GET', '/api/profile', { token: user.loginToken })).json()).toEqual({
      message: 'Please verify the one-time code sent to your phone to continue',
      code: 'otp_required',
    });
    const res = await verify(user.loginToken, await latestCode(t, user.phone));
    expect(res.statusCode).toBe(200);
    const { token, data } = res.json();
    expect(token).not.toBe(user.loginToken);
    const claims = decodeJwt(token);
    expect(claims.scope).toBe('full');
    expect(claims.sid).not.toBe(decodeJwt(user.loginToken).sid);
    expect(Number.isInteger(claims.exp)).toBe(true);
    expect(claims.exp! - Date.now() / 1000).toBeGreaterThan(7 * 3600);
    expect(data).toMatchObject({ id: user.userId, phone_number: user.phone, first_name: 'Achieng' });
    expect((await call(t, 'GET', '/api/profile', { token })).statusCode).toBe(200);
    // The login token's session was closed by the verification: it is worth nothing now.
    expect((await verify(user.loginToken, '000000')).statusCode).toBe(401);
  });

  it('an unverified token is refused (401) by every protected accounts route', async () => {
    const user = await loggedIn();
    const routes: [method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown][] = [
      ['GET', '/api/profile'],
      ['PUT', '/api/profile', { first_name: 'A', sur_name: 'B', email: 'a@b.co.ke' }],
      ['POST', '/api/profile/change-phone', { phone_number: '0711111111', password: STRONG_PASSWORD }],
      [
        'POST',
        '/api/profile/change-password',
        { current_password: STRONG_PASSWORD, new_password: 'Another#Pass9' },
      ],
      ['POST', '/api/profile/psv-activation'],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(t, method, url, { token: user.loginToken, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code, `${method} ${url}`).toBe('otp_required');
    }
  });

  it('codes are 6 digits, kept only as a keyed hash, valid 10 minutes', async () => {
    const user = await loggedIn();
    const code = await latestCode(t, user.phone);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.userId, user.userId), eq(otpCodes.state, 'active')))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).not.toBe(createHash('sha256').update(code).digest('base64url'));
    expect(row!.codeHash).not.toBe(createHash('sha256').update(code).digest('hex'));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBe(10 * 60 * 1000);
  });

  it('a wrong code says so (otp_wrong: try again); the 5th wrong try voids the code (otp_unusable: ask for a new one), so even the right one fails after', async () => {
    const user = await loggedIn();
    const code = await latestCode(t, user.phone);
    for (let i = 1; i <= 4; i++) {
      const res = await verify(user.loginToken, wrongFor(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'The code is incorrect. Please check it and try again.',
        code: 'otp_wrong',
      });
    }
    const fifth = await verify(user.loginToken, wrongFor(code));
    expect(fifth.json()).toEqual({
      message: 'The code is incorrect, and it has been tried too many times. Please request a new code.',
      code: 'otp_unusable',
    });
    const right = await verify(user.loginToken, code);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({
      message: 'This code can no longer be used. Please request a new code.',
      code: 'otp_unusable',
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'otp.voided.too_many_tries'));
    expect(audit.some((a) => a.actorId === user.userId)).toBe(true);

    // A new code works.
    const resend = await call(t, 'POST', '/api/auth/otp/send', { token: user.loginToken });
    expect(resend.statusCode).toBe(200);
    expect((await verify(user.loginToken, await latestCode(t, user.phone))).statusCode).toBe(200);
  });

  it('parallel wrong guesses cannot get more than 5 tries between them', async () => {
    const user = await loggedIn();
    const code = await latestCode(t, user.phone);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    await Promise.all(guesses.map((guess) => verify(user.loginToken, guess)));
    const [row] = await t.database.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.userId, user.userId))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    expect(row!.state).toBe('void');
    expect(row!.attempts).toBe(5);
    expect((await verify(user.loginToken, code)).statusCode).toBe(400);
  });

  it('an expired code is refused: "This code has expired"', async () => {
    const user = await loggedIn();
    const code = await latestCode(t, user.phone);
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(otpCodes.userId, user.userId), eq(otpCodes.state, 'active')));
    const res = await verify(user.loginToken, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Please request a new code.');
  });

  it('a re-sent code replaces the earlier one', async () => {
    const user = await loggedIn();
    const first = await latestCode(t, user.phone);
    const resend = await call(t, 'POST', '/api/auth/otp/send', { token: user.loginToken });
    expect(resend.json()).toEqual({
      message: 'We have sent a new code to your phone.',
      mobile_number: user.phone,
      otp_sent: true,
    });
    const second = await latestCode(t, user.phone);
    if (first !== second) {
      expect((await verify(user.loginToken, first)).json().message).toBe(
        'The code is incorrect. Please check it and try again.',
      );
    }
    expect((await verify(user.loginToken, second)).statusCode).toBe(200);
  });

  it('the OTP routes refuse a verified token and no token', async () => {
    const user = await signUpAndVerify(t);
    expect((await call(t, 'POST', '/api/auth/otp/send', { token: user.token })).statusCode).toBe(401);
    const none = await call(t, 'POST', '/api/auth/otp/verify', { body: { otp: '123456' } });
    expect(none.json()).toEqual({ message: 'Please login to continue', code: 'unauthorized' });
  });

  it('a code must be 6 digits', async () => {
    const user = await loggedIn();
    const res = await verify(user.loginToken, '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'otp', message: 'The code is the 6 digits we sent you by SMS' },
    ]);
    // Spaces typed between the digits are fine.
    const code = await latestCode(t, user.phone);
    expect((await verify(user.loginToken, `${code.slice(0, 3)} ${code.slice(3)}`)).statusCode).toBe(200);
  });
});

describe('code limits', () => {
  it('at most 5 codes per phone per 30 minutes: "Please try again in 30 minutes"', async () => {
    // Sign-up sends 1; 4 re-sends make 5.
    const input = signupInput();
    const signup = await call(t, 'POST', '/api/auth/signup', { body: input });
    const token = signup.json().token;
    for (let i = 0; i < 4; i++) {
      expect((await call(t, 'POST', '/api/auth/otp/send', { token })).statusCode).toBe(200);
    }
    const refused = await call(t, 'POST', '/api/auth/otp/send', { token });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'rate_limited',
      message: 'Too many codes have been sent to this phone. Please try again in 30 minutes.',
    });
    // A login for that phone is refused the same way, before a new session is opened.
    const before = await t.database.db.select().from(sessions).where(eq(sessions.ip, '10.9.9.9'));
    const login = await call(t, 'POST', '/api/auth/login', {
      body: { username: input.phone_number, password: input.password },
      ip: '10.9.9.9',
    });
    expect(login.statusCode).toBe(429);
    expect(login.json().message).toBe(
      'Too many codes have been sent to this phone. Please try again in 30 minutes.',
    );
    const after = await t.database.db.select().from(sessions).where(eq(sessions.ip, '10.9.9.9'));
    expect(after.length).toBe(before.length);
  });

  it('at most 20 re-sends per address per 30 minutes, whatever the phones', async () => {
    const ip = randomIp();
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const signup = await call(t, 'POST', '/api/auth/signup', { body: signupInput() });
      tokens.push(signup.json().token);
    }
    let sent = 0;
    for (const token of tokens) {
      for (let i = 0; i < 4; i++) {
        const res = await call(t, 'POST', '/api/auth/otp/send', { token, ip });
        expect(res.statusCode).toBe(200);
        sent++;
      }
    }
    expect(sent).toBe(20);
    const another = await call(t, 'POST', '/api/auth/signup', { body: signupInput() });
    const refused = await call(t, 'POST', '/api/auth/otp/send', { token: another.json().token, ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many codes have been requested from your network. Please try again in 30 minutes.',
    );
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session at once: the same token is refused right after', async () => {
    const user = await signUpAndVerify(t);
    expect((await call(t, 'GET', '/api/profile', { token: user.token })).statusCode).toBe(200);
    const res = await call(t, 'POST', '/api/auth/logout', { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'You have been logged out.' });
    const after = await call(t, 'GET', '/api/profile', { token: user.token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Session Expired. Login to continue', code: 'session_expired' });
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(decodeJwt(user.token).sid)));
    expect(row).toMatchObject({ state: 'revoked', revokedReason: 'logout' });
  });

  it('ends a login token too, and refuses a call without a token', async () => {
    const user = await loggedIn();
    expect((await call(t, 'POST', '/api/auth/logout', { token: user.loginToken })).statusCode).toBe(200);
    expect((await call(t, 'POST', '/api/auth/otp/send', { token: user.loginToken })).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/auth/logout')).statusCode).toBe(401);
  });
});

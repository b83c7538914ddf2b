import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountServices } from '../../src/core/accounts/accounts';
import { createCustomerRecords } from '../../src/core/accounts/customer-records';
import { otpCodes } from '../../src/core/accounts/schema';
import { createSessionService } from '../../src/core/accounts/sessions';
import { createTokenSigner } from '../../src/core/accounts/tokens';
import { createCountyService } from '../../src/core/county/county-service';
import type { SmsGateway } from '../../src/platform/sms/sms-gateway';
import {
  call,
  latestCode,
  randomIp,
  randomPhone,
  STRONG_PASSWORD,
  signUpAndVerify,
} from '../support/accounts';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Rudisha#Siri77';
const FORGOT_ANSWER = {
  message:
    'If an account uses this phone number or ID number, we have sent a code to its phone. Enter it with your new password. A code is valid for 10 minutes: a new one is sent only once it has been used or has expired.',
  otp_sent: true,
  masked_phone: null,
};

/** Every reset that does not reset: a wrong, used, void or missing code, an unknown account. */
const REFUSED = {
  message: 'The code is incorrect or no longer valid. Please check it and try again, or request a new code.',
  code: 'bad_request',
};

describe('password recovery by code', () => {
  it('forgot sends a reset code to the phone; reset sets the password and ends every session', async () => {
    const user = await signUpAndVerify(t);
    const forgot = await call(t, 'POST', '/api/auth/password/forgot', {
      body: { username: `0${user.phone.slice(3)}` },
    });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual(FORGOT_ANSWER);
    // The code is issued after the answer: wait for it to reach the outbox.
    await expect
      .poll(
        async () =>
          (await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${user.phone}` })).json().data
            .length,
      )
      .toBeGreaterThan(1);
    const sms = (await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${user.phone}` })).json()
      .data[0];
    expect(sms.message).toMatch(/^Your Nairobi City County e-Services password reset code is \d{6}\./);
    const code = await latestCode(t, user.phone);

    const reset = await call(t, 'POST', '/api/auth/password/reset', {
      body: { username: user.input.identifier, otp: code, password: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({
      message: 'Your password has been reset. Please login with your new password.',
    });

    expect((await call(t, 'GET', '/api/profile', { token: user.token })).statusCode).toBe(401);
    const old = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: STRONG_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: NEW_PASSWORD },
    });
    expect(fresh.statusCode).toBe(200);

    // The code is single use.
    const again = await call(t, 'POST', '/api/auth/password/reset', {
      body: { username: user.phone, otp: code, password: 'Another#Pass9' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(REFUSED);
  });

  it('a login code cannot reset the password', async () => {
    const user = await signUpAndVerify(t);
    const login = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const res = await call(t, 'POST', '/api/auth/password/reset', {
      body: { username: user.phone, otp: await latestCode(t, user.phone), password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(REFUSED);
  });

  it('the 5th wrong code voids the reset code', async () => {
    const user = await signUpAndVerify(t);
    await call(t, 'POST', '/api/auth/password/forgot', { body: { username: user.phone } });
    const code = await latestCode(t, user.phone);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      await call(t, 'POST', '/api/auth/password/reset', {
        body: { username: user.phone, otp: wrong, password: NEW_PASSWORD },
      });
    }
    const right = await call(t, 'POST', '/api/auth/password/reset', {
      body: { username: user.phone, otp: code, password: NEW_PASSWORD },
    });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(REFUSED);
  });

  it('the new password follows the sign-up policy', async () => {
    const user = await signUpAndVerify(t);
    await call(t, 'POST', '/api/auth/password/forgot', { body: { username: user.phone } });
    const res = await call(t, 'POST', '/api/auth/password/reset', {
      body: { username: user.phone, otp: await latestCode(t, user.phone), password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'password', message: 'Password must be at least 8 characters long' },
    ]);
  });

  it('an unknown account gets the same answer as a known one, and its reset the same refusal as a wrong code', async () => {
    const res = await call(t, 'POST', '/api/auth/password/forgot', { body: { username: randomPhone() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(FORGOT_ANSWER);
    const reset = await call(t, 'POST', '/api/auth/password/reset', {
      body: { username: randomPhone(), otp: '123456', password: NEW_PASSWORD },
    });
    const known = await signUpAndVerify(t);
    const wrongCode = await call(t, 'POST', '/api/auth/password/reset', {
      body: { username: known.phone, otp: '123456', password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(wrongCode.statusCode);
    expect(reset.json()).toEqual(wrongCode.json());
  });

  it('forgot is limited to 10 requests per address per 15 minutes', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      await call(t, 'POST', '/api/auth/password/forgot', { body: { username: randomPhone() }, ip });
    }
    const refused = await call(t, 'POST', '/api/auth/password/forgot', {
      body: { username: randomPhone() },
      ip,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many requests. Please try again in 15 minutes.');
  });
});

/** The password reset messages sent to a phone, newest first. */
async function resetMessages(phone: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` });
  return (res.json().data as { message: string }[])
    .map((m) => m.message)
    .filter((m) => m.includes('password reset code'));
}

describe('asking for a reset code cannot lock anyone out (issue 36)', () => {
  it('a stranger asking ten times leaves sign-in open: an officer and a citizen sign in and get their code at once', async () => {
    const citizen = await signUpAndVerify(t);
    const officer = { username: '0700000104', phone: '254700000104', password: 'Kaunti#Staff2024' };
    for (const who of [
      { username: citizen.input.identifier, phone: citizen.phone, password: STRONG_PASSWORD },
      officer,
    ]) {
      for (let i = 0; i < 10; i++) {
        const forgot = await call(t, 'POST', '/api/auth/password/forgot', {
          body: { username: who.username },
        });
        expect(forgot.json()).toEqual(FORGOT_ANSWER);
      }
      // One reset code went out for the ten requests: it has not been used, nor has it expired.
      expect(await resetMessages(who.phone)).toHaveLength(1);
      const login = await call(t, 'POST', '/api/auth/login', {
        body: { username: who.username, password: who.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().otp_sent).toBe(true);
      const verified = await call(t, 'POST', '/api/auth/otp/verify', {
        token: login.json().token,
        body: { otp: await latestCode(t, who.phone) },
      });
      expect(verified.statusCode, verified.body).toBe(200);
    }
  });

  it('a new reset code is sent only once the last one was used or has expired', async () => {
    const user = await signUpAndVerify(t);
    const forgot = () => call(t, 'POST', '/api/auth/password/forgot', { body: { username: user.phone } });
    await forgot();
    const first = await latestCode(t, user.phone);
    await forgot();
    expect(await resetMessages(user.phone)).toHaveLength(1);

    // Voided by five wrong tries: still not replaced before it expires.
    const wrong = String((Number(first) + 3) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      await call(t, 'POST', '/api/auth/password/reset', {
        body: { username: user.phone, otp: wrong, password: NEW_PASSWORD },
      });
    await forgot();
    expect(await resetMessages(user.phone)).toHaveLength(1);

    // Expired: a new code goes out, and it resets the password.
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(otpCodes.userId, user.userId), eq(otpCodes.purpose, 'password_reset')));
    await forgot();
    expect(await resetMessages(user.phone)).toHaveLength(2);
    const second = await latestCode(t, user.phone);
    const reset = await call(t, 'POST', '/api/auth/password/reset', {
      body: { username: user.phone, otp: second, password: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    // Used: the next request sends a new one at once.
    await forgot();
    expect(await resetMessages(user.phone)).toHaveLength(3);
  });
});

describe('a reset says nothing about whether an account exists (issue 36)', () => {
  it('an unknown account is refused exactly as a wrong, used, void or missing code: status and words', async () => {
    const known = await signUpAndVerify(t);
    const reset = (username: string, otp: string) =>
      call(t, 'POST', '/api/auth/password/reset', { body: { username, otp, password: NEW_PASSWORD } });
    // A stranger first asks for a code for both, then guesses.
    const stranger = randomPhone();
    for (const username of [known.phone, stranger])
      await call(t, 'POST', '/api/auth/password/forgot', { body: { username } });
    const code = await latestCode(t, known.phone);
    const wrong = String((Number(code) + 11) % 1_000_000).padStart(6, '0');
    const answers = [
      await reset(stranger, wrong),
      await reset(`0${stranger.slice(3)}`, code),
      await reset(known.phone, wrong),
    ];
    expect((await reset(known.phone, code)).statusCode).toBe(200);
    answers.push(await reset(known.phone, code)); // used
    const noCodeYet = await signUpAndVerify(t);
    answers.push(await reset(noCodeYet.phone, wrong));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(REFUSED);
    }
  });

  it('and costs the same: an unknown account sends the database the same statements as a wrong code', async () => {
    // The accounts services on a database that notes each statement it is asked for.
    const asked: string[] = [];
    const noted = new Set(['select', 'insert', 'update', 'delete', 'execute', 'transaction']);
    const db = t.database.db;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (typeof property === 'string' && noted.has(property)) asked.push(property);
        return Reflect.get(target, property, receiver);
      },
    });
    const signer = createTokenSigner(t.config.jwtSecret);
    const { auth } = createAccountServices({
      db: counting,
      sms: { driver: 'outbox', send: async () => ({ accepted: true }) } as unknown as SmsGateway,
      sessions: createSessionService(db, signer),
      county: createCountyService(db),
      customerRecords: createCustomerRecords(),
      secret: t.config.jwtSecret,
      isOwnImage: async () => false,
    });
    const statementsOf = async (username: string) => {
      asked.length = 0;
      await expect(auth.resetPassword(username, '000000', NEW_PASSWORD, {})).rejects.toMatchObject({
        statusCode: 400,
        message: REFUSED.message,
      });
      return [...asked];
    };
    const known = await signUpAndVerify(t);
    await call(t, 'POST', '/api/auth/password/forgot', { body: { username: known.phone } });
    const wrongCode = await statementsOf(known.phone);
    expect(wrongCode.length).toBeGreaterThan(1);
    expect(await statementsOf(randomPhone())).toEqual(wrongCode);
    expect(await statementsOf((await signUpAndVerify(t)).phone)).toEqual(wrongCode);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    'If an account uses this phone number or ID number, we have sent a code to its phone. Enter it with your new password.',
  otp_sent: true,
  masked_phone: null,
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
    expect(again.json().message).toBe('This code has already been used. Please request a new code.');
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
    expect(res.json().message).toBe('Please request a code first.');
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
    expect(right.json().message).toBe('This code can no longer be used. Please request a new code.');
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

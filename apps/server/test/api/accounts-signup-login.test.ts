import { parseOptions } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/core/accounts/schema';
import { auditLog } from '../../src/core/audit/schema';
import {
  call,
  latestCode,
  randomIdNumber,
  randomIp,
  randomPhone,
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

const userByPhone = async (phone: string) =>
  (await t.database.db.select().from(users).where(eq(users.phoneNumber, phone)).limit(1))[0];

describe('POST /api/auth/signup', () => {
  it('creates the account, hashes the password with argon2id (19 MiB, t=2, p=1) and sends a code', async () => {
    const local = randomPhone().slice(3); // 7XXXXXXXX
    const input = signupInput({ phone_number: `0${local}`, identifier: ' a1234567 ' });
    const res = await call(t, 'POST', '/api/auth/signup', { body: input });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      mobile_number: `254${local}`,
      first_time_login: true,
      otp_sent: true,
      identifier_type: 'passport',
    });
    expect(body.customer_no).toMatch(/^NCC-\d{7}$/);
    expect(decodeJwt(body.token).scope).toBe('otp');

    const row = await userByPhone(`254${local}`);
    expect(row).toMatchObject({
      firstName: 'Achieng',
      middleName: 'Awino',
      surName: 'Otieno',
      identifier: 'A1234567',
      identifierType: 'passport',
      customerNo: body.customer_no,
      firstTimeLogin: true,
      phoneVerifiedAt: null,
    });
    expect(row!.passwordHash).not.toContain(STRONG_PASSWORD);
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
    const options = parseOptions(row!.passwordHash);
    expect(options.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(options.timeCost).toBeGreaterThanOrEqual(2);
    expect(options.parallelism).toBe(1);

    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=254${local}` });
    expect(outbox.json().data[0].message).toMatch(
      /^Your Nairobi City County e-Services code is \d{6}\. It expires in 10 minutes\. Do not share it\.$/,
    );
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id));
    expect(audit.map((a) => a.action)).toContain('user.signed_up');
  });

  it('gives consecutive customer numbers from the sequence', async () => {
    const a = await call(t, 'POST', '/api/auth/signup', { body: signupInput() });
    const b = await call(t, 'POST', '/api/auth/signup', { body: signupInput() });
    const n = (res: typeof a) => Number(res.json().customer_no.slice(4));
    expect(n(b)).toBeGreaterThan(n(a));
  });

  it.each([
    ['12345678', 'id_number'],
    ['AK0123456', 'passport'],
    ['cpr/2019/12345', 'brs_no'],
    ['P051365947M', 'pin_no'],
  ] as const)('guesses and stores the type of %s: %s', async (identifier, type) => {
    // A fresh identifier of the same kind, so the test can run against a shared database.
    const unique =
      type === 'id_number'
        ? randomIdNumber()
        : type === 'passport'
          ? `AK${randomIdNumber().slice(1)}`
          : type === 'brs_no'
            ? `${identifier}${randomIdNumber()}`
            : `P${randomIdNumber()}0M`;
    const res = await call(t, 'POST', '/api/auth/signup', { body: signupInput({ identifier: unique }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().identifier_type).toBe(type);
    const row = await userByPhone(res.json().mobile_number);
    expect(row!.identifierType).toBe(type);
    expect(row!.identifier).toBe(unique.toUpperCase());
  });

  it('refuses a short password and a common one with a clear message', async () => {
    const short = await call(t, 'POST', '/api/auth/signup', { body: signupInput({ password: 'Ab#1234' }) });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toContainEqual({
      path: 'password',
      message: 'Password must be at least 8 characters long',
    });
    const common = await call(t, 'POST', '/api/auth/signup', {
      body: signupInput({ password: 'Password123' }),
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(
      'Invalid request body: password: This password is too common. Choose one that is harder to guess',
    );
  });

  it("refuses a phone number outside the spec's rule with the spec's message", async () => {
    const res = await call(t, 'POST', '/api/auth/signup', {
      body: signupInput({ phone_number: '0812345678' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({
      path: 'phone_number',
      message: 'Phone number must be in format +2547******** or 2547******** or 07******** or 7********',
    });
  });

  it('refuses a value guessed to be a KRA PIN that is not one', async () => {
    const res = await call(t, 'POST', '/api/auth/signup', {
      body: signupInput({ identifier: 'HELLO WORLD' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toEqual({
      path: 'identifier',
      message: 'A KRA PIN has 11 characters: A or P, 9 digits and a letter, e.g. A004416331M',
    });
  });

  it('answers one 409 that names neither field for a phone or an identifier already registered', async () => {
    const first = signupInput({ identifier: `AB${randomIdNumber().slice(0, 7)}` });
    expect((await call(t, 'POST', '/api/auth/signup', { body: first })).statusCode).toBe(201);
    const expected = {
      code: 'already_exists',
      message:
        'We could not create an account with these details. If you already have an account, please login or recover your password; otherwise check your phone number and ID number.',
    };
    const samePhone = await call(t, 'POST', '/api/auth/signup', {
      body: signupInput({ phone_number: `+${first.phone_number}` }),
    });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toEqual(expected);
    const sameIdentifier = await call(t, 'POST', '/api/auth/signup', {
      body: signupInput({ identifier: first.identifier.toLowerCase() }),
    });
    expect(sameIdentifier.statusCode).toBe(409);
    expect(sameIdentifier.json()).toEqual(expected);
  });

  it('maps the unique index to the same 409 when two sign-ups race', async () => {
    const phone = randomPhone();
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        call(t, 'POST', '/api/auth/signup', { body: signupInput({ phone_number: phone }) }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
  });

  it('limits sign-ups to 20 per address per hour: "Please try again in N minutes"', async () => {
    const ip = randomIp();
    for (let i = 0; i < 20; i++) {
      const res = await call(t, 'POST', '/api/auth/signup', { body: signupInput(), ip });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await call(t, 'POST', '/api/auth/signup', { body: signupInput(), ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'rate_limited',
      message: 'Too many requests. Please try again in 60 minutes.',
    });
    expect((await call(t, 'POST', '/api/auth/signup', { body: signupInput() })).statusCode).toBe(201);
  });
});

describe('POST /api/auth/login', () => {
  it('accepts the phone in every accepted form and the identifier, and sends a code each time', async () => {
    const user = await signUpAndVerify(t, { identifier: `AB${randomIdNumber().slice(0, 6)}` });
    const local = user.phone.slice(3);
    for (const username of [
      user.phone,
      `+${user.phone}`,
      `0${local}`,
      local,
      user.input.identifier.toLowerCase(),
    ]) {
      // Six codes in a row would pass the per-phone limit (tested in accounts-otp.test.ts).
      await t.database.db.execute(sql`delete from auth_throttles where key = ${`otp-phone:${user.phone}`}`);
      const res = await call(t, 'POST', '/api/auth/login', { body: { username, password: STRONG_PASSWORD } });
      expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual([
        'first_time_login',
        'mobile_number',
        'otp_sent',
        'token',
      ]);
      expect(res.json()).toMatchObject({
        mobile_number: user.phone,
        otp_sent: true,
        first_time_login: false,
      });
    }
  });

  it('says first_time_login until the first verified code', async () => {
    const input = signupInput();
    await call(t, 'POST', '/api/auth/signup', { body: input });
    const login = await call(t, 'POST', '/api/auth/login', {
      body: { username: input.phone_number, password: input.password },
    });
    expect(login.json().first_time_login).toBe(true);
    const verify = await call(t, 'POST', '/api/auth/otp/verify', {
      token: login.json().token,
      body: { otp: await latestCode(t, input.phone_number) },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data.first_time_login).toBe(false);
    const again = await call(t, 'POST', '/api/auth/login', {
      body: { username: input.phone_number, password: input.password },
    });
    expect(again.json().first_time_login).toBe(false);
    expect((await userByPhone(input.phone_number))!.phoneVerifiedAt).not.toBeNull();
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const user = await signUpAndVerify(t);
    const wrong = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: 'Wrong#Pass1' },
    });
    const unknown = await call(t, 'POST', '/api/auth/login', {
      body: { username: randomPhone(), password: 'Wrong#Pass1' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Incorrect phone number, ID number or password.',
        code: 'unauthorized',
      });
    }
  });

  it('slows a guesser at one address after 5 wrong passwords, but never locks the owner out', async () => {
    const user = await signUpAndVerify(t);
    const guesser = randomIp();
    for (let i = 0; i < 5; i++) {
      const res = await call(t, 'POST', '/api/auth/login', {
        body: { username: user.phone, password: `Wrong#${i}xyz` },
        ip: guesser,
      });
      expect(res.statusCode).toBe(401);
    }
    // The guesser's address waits, even with the right password (and by identifier too)…
    const slowed = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.input.identifier, password: STRONG_PASSWORD },
      ip: guesser,
    });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({
      code: 'rate_limited',
      message:
        'Too many failed sign-in attempts for this account from your network. Please try again in 15 minutes.',
    });
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // …while the owner, from their own phone's address, signs in and gets the SMS code.
    const owner = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: STRONG_PASSWORD },
      ip: randomIp(),
    });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().otp_sent).toBe(true);

    // When the window has passed, the guesser's address may try again.
    await t.database.db.execute(
      sql`update auth_throttles set window_started_at = now() - interval '16 minutes' where key = ${`login-account-address:${user.userId}@${guesser}`}`,
    );
    const later = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: STRONG_PASSWORD },
      ip: guesser,
    });
    expect(later.statusCode).toBe(200);
  });

  it('a right password clears the earlier failures of the account at that address', async () => {
    const user = await signUpAndVerify(t);
    const ip = randomIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) {
        await call(t, 'POST', '/api/auth/login', {
          body: { username: user.phone, password: 'Wrong#Pass1' },
          ip,
        });
      }
      const ok = await call(t, 'POST', '/api/auth/login', {
        body: { username: user.phone, password: STRONG_PASSWORD },
        ip,
      });
      expect(ok.statusCode).toBe(200);
    }
  });

  it('blocks an address after 30 failed attempts, whatever the accounts', async () => {
    const user = await signUpAndVerify(t);
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      const res = await call(t, 'POST', '/api/auth/login', {
        body: { username: randomPhone(), password: 'Wrong#Pass1' },
        ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: STRONG_PASSWORD },
      ip,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(
      'Too many failed sign-in attempts from your network. Please try again in 15 minutes.',
    );
    const elsewhere = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: STRONG_PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('outside production, does not count the machine itself (127.0.0.1) per address', async () => {
    const user = await signUpAndVerify(t);
    for (let i = 0; i < 31; i++) {
      await call(t, 'POST', '/api/auth/login', {
        body: { username: randomPhone(), password: 'Wrong#Pass1' },
        ip: '127.0.0.1',
      });
    }
    const res = await call(t, 'POST', '/api/auth/login', {
      body: { username: user.phone, password: STRONG_PASSWORD },
      ip: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
  });

  it('validates the body with clear messages', async () => {
    const res = await call(t, 'POST', '/api/auth/login', { body: { username: '  ', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'username', message: 'Please enter your phone number or ID number' },
      { path: 'password', message: 'Please enter your password' },
    ]);
  });
});

describe('GET /api/auth/config', () => {
  it('says codes go to the development outbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json()).toEqual({ sms_outbox: true });
  });
});

describe('OpenAPI', () => {
  it('documents every accounts route with its response schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const expected: [string, string][] = [
      ['/api/auth/signup', 'post'],
      ['/api/auth/login', 'post'],
      ['/api/auth/otp/send', 'post'],
      ['/api/auth/otp/verify', 'post'],
      ['/api/auth/logout', 'post'],
      ['/api/auth/password/forgot', 'post'],
      ['/api/auth/password/reset', 'post'],
      ['/api/auth/config', 'get'],
      ['/api/customers/check', 'get'],
      ['/api/profile', 'get'],
      ['/api/profile', 'put'],
      ['/api/profile/change-phone', 'post'],
      ['/api/profile/change-password', 'post'],
      ['/api/profile/psv-activation', 'post'],
      ['/api/dev/sms-outbox', 'get'],
    ];
    for (const [path, method] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain(
        path === '/api/auth/signup' ? '201' : '200',
      );
    }
    const login = doc.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema;
    expect(login).toEqual({ $ref: '#/components/schemas/LoginResponse' });
    expect(JSON.stringify(doc.components.schemas.LoginResponse)).toContain('first_time_login');
  });
});

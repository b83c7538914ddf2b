import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config';
import type { Db } from '../../src/platform/db/database';
import { createSmsGateway } from '../../src/platform/sms/create-sms-gateway';
import { call, randomPhone, signupInput } from '../support/accounts';
import { startFakeAfricasTalking } from '../support/fake-africastalking';
import { createTestApp, type TestApp } from '../support/test-app';

let fake: Awaited<ReturnType<typeof startFakeAfricasTalking>>;
beforeAll(async () => {
  fake = await startFakeAfricasTalking();
});
afterAll(() => fake.close());

describe('the development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the messages for a phone, newest first, whatever form the phone is written in', async () => {
    const input = signupInput();
    const signup = await call(t, 'POST', '/api/auth/signup', { body: input });
    await call(t, 'POST', '/api/auth/otp/send', { token: signup.json().token });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dev/sms-outbox?phone=0${input.phone_number.slice(3)}`,
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(2);
    expect(data[0].id).toBeGreaterThan(data[1].id);
    expect(data[0]).toMatchObject({
      phone_number: input.phone_number,
      message: expect.stringMatching(/code is \d{6}/),
    });
    const other = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${randomPhone()}` });
    expect(other.json()).toEqual({ data: [] });
    const bad = await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox?phone=12' });
    expect(bad.statusCode).toBe(400);
  });
});

describe("with the Africa's Talking driver", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SMS_DRIVER: 'africastalking',
      AT_USERNAME: 'kaunti',
      AT_API_KEY: 'at-test-key-123',
      AT_SENDER_ID: 'NAIROBICC',
      AT_BASE_URL: fake.url,
    });
  });
  afterAll(() => t.close());

  it('the code goes to the gateway, and that code signs the user in', async () => {
    fake.answerWith(undefined);
    const input = signupInput();
    const signup = await call(t, 'POST', '/api/auth/signup', { body: input });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().otp_sent).toBe(true);
    const request = fake.requests.at(-1)!;
    expect(request.form.to).toBe(`+${input.phone_number}`);
    expect(request.form.from).toBe('NAIROBICC');
    // The gateway call carries the id of the request that caused it.
    expect(request.headers['x-request-id']).toBe(signup.headers['x-request-id']);
    const code = request.form.message!.match(/\b(\d{6})\b/)![1]!;
    const verify = await call(t, 'POST', '/api/auth/otp/verify', {
      token: signup.json().token,
      body: { otp: code },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('otp_sent is false when the gateway refuses the message', async () => {
    fake.answerWith({
      status: 201,
      body: {
        SMSMessageData: {
          Message: 'Sent to 0/1',
          Recipients: [{ statusCode: 405, status: 'InsufficientBalance' }],
        },
      },
    });
    const input = signupInput();
    await call(t, 'POST', '/api/auth/signup', { body: input });
    const login = await call(t, 'POST', '/api/auth/login', {
      body: { username: input.phone_number, password: input.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().otp_sent).toBe(false);
    fake.answerWith(undefined);
  });

  it('has no outbox: the route does not exist and the config says so', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${randomPhone()}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toEqual({
      sms_outbox: false,
    });
  });
});

describe('in production', () => {
  // A whole production server needs every production secret (M-Pesa, signing keys...); the SMS
  // part is decided by createSmsGateway, and app.ts registers the outbox route only when it
  // returns an outbox (and never when config.isProduction).
  const production = () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    return { ...config, env: 'production' as const, isProduction: true };
  };
  const logger = { info: () => undefined, warn: () => undefined };
  /** Neither case touches the database (the outbox driver would, and it is refused first). */
  const noDatabase = undefined as unknown as Db;

  it("with Africa's Talking there is no outbox, so no outbox route", () => {
    {
      const config = production();
      const sms = createSmsGateway(
        {
          ...config,
          sms: {
            driver: 'africastalking',
            africasTalking: { username: 'kaunti', apiKey: 'at-test-key-123', baseUrl: fake.url },
          },
        },
        noDatabase,
        logger,
      );
      expect(sms.gateway.driver).toBe('africastalking');
      expect(sms.outbox).toBeUndefined();
    }
  });

  it('refuses to start with the outbox driver', () => {
    expect(() => createSmsGateway(production(), noDatabase, logger)).toThrow(
      'The SMS outbox driver is for development only; set SMS_DRIVER=africastalking.',
    );
  });

  it("defaults to Africa's Talking and demands its credentials", () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /AT_USERNAME: is required when SMS_DRIVER is africastalking/,
    );
  });
});

import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** A random address in 10.0.0.0/8, so per-address limits of one test do not touch another. */
export function randomIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A random Kenyan mobile number, 254 form, away from the demo accounts (2547000000xx). */
export function randomPhone(): string {
  return `2547${randomInt(10_000_000, 100_000_000)}`;
}

/** A random 8-digit national ID number. */
export function randomIdNumber(): string {
  return String(randomInt(10_000_000, 100_000_000));
}

export const STRONG_PASSWORD = 'Nyumba#Kumi2024';

export interface SignupInput {
  first_name: string;
  middle_name?: string;
  sur_name: string;
  identifier: string;
  phone_number: string;
  email: string;
  password: string;
}

export function signupInput(overrides: Partial<SignupInput> = {}): SignupInput {
  return {
    first_name: 'Achieng',
    middle_name: 'Awino',
    sur_name: 'Otieno',
    identifier: randomIdNumber(),
    phone_number: randomPhone(),
    email: 'achieng.otieno@example.co.ke',
    password: STRONG_PASSWORD,
    ...overrides,
  };
}

type Method = 'GET' | 'POST' | 'PUT';

/** One API call from a given address, with an optional Bearer token. */
export function call(
  t: TestApp,
  method: Method,
  url: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? randomIp(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}

/** The newest 6-digit code in the development outbox for a phone. */
export async function latestCode(t: TestApp, phone: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phone=${phone}` });
  expect(res.statusCode).toBe(200);
  const [newest] = res.json().data as { message: string }[];
  const code = newest?.message.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/** Signs up and verifies the code: a user with a verified session. */
export async function signUpAndVerify(t: TestApp, overrides: Partial<SignupInput> = {}) {
  const input = signupInput(overrides);
  const ip = randomIp();
  const signup = await call(t, 'POST', '/api/auth/signup', { body: input, ip });
  expect(signup.statusCode, signup.body).toBe(201);
  const loginToken = signup.json().token as string;
  const verify = await call(t, 'POST', '/api/auth/otp/verify', {
    body: { otp: await latestCode(t, signup.json().mobile_number) },
    token: loginToken,
    ip,
  });
  expect(verify.statusCode, verify.body).toBe(200);
  return {
    input,
    ip,
    phone: signup.json().mobile_number as string,
    customerNo: signup.json().customer_no as string,
    token: verify.json().token as string,
    userId: verify.json().data.id as string,
  };
}

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { expect } from 'vitest';
import { createSimulator, type Simulator } from '../../../../tools/mpesa-sim/src/simulator';
import { createTestApp, type TestApp } from './test-app';
import { createOfficer, type TestUser } from './users';

/** A port nobody listens on now (the portal must listen: the simulator calls it back). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const SIM_CREDENTIALS = {
  consumerKey: 'test-consumer-key',
  consumerSecret: 'test-consumer-secret',
  shortcode: '6060047',
  passkey: 'test-passkey-0123456789',
};

/**
 * A listening test app wired to a local M-Pesa simulator (fast answers), with its C2B URLs
 * registered: payments complete as they would against Daraja, callbacks and confirmations
 * included.
 */
export async function createAppWithSimulator(
  secret: string,
): Promise<{ t: TestApp; sim: Simulator; close(): Promise<void> }> {
  const sim = createSimulator({
    ...SIM_CREDENTIALS,
    callbackDelayMs: 20,
    timeoutDelayMs: 150,
    duplicateGapMs: 20,
  });
  await sim.listen(0);
  const port = await freePort();
  const t = await createTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    MPESA_BASE_URL: sim.url,
    MPESA_CONSUMER_KEY: SIM_CREDENTIALS.consumerKey,
    MPESA_CONSUMER_SECRET: SIM_CREDENTIALS.consumerSecret,
    MPESA_SHORTCODE: SIM_CREDENTIALS.shortcode,
    MPESA_PASSKEY: SIM_CREDENTIALS.passkey,
    MPESA_CALLBACK_SECRET: secret,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const staff = await createOfficer(t, ['admin']);
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/staff/payments/c2b/register',
    headers: staff.headers,
    payload: {},
  });
  if (registered.statusCode !== 200) throw new Error(`C2B registration failed: ${registered.body}`);
  return {
    t,
    sim,
    close: async () => {
      await sim.close();
      await t.close();
    },
  };
}

let payingPhones = 300;
/**
 * A phone the simulator pays from (none of its magic endings), a new one each time: a phone may be
 * prompted only so often (PUSH_LIMITS), and a test file pays many bills.
 */
function nextPayingPhone(): string {
  payingPhones += 1;
  return `0713${String(payingPhones).padStart(6, '0')}`;
}

/** What an application's detail says once its bill is paid (its document, when it issues one). */
export interface PaidApplication {
  status: string;
  document: { id: string; print_url: string; pdf_url: string; url: string } | null;
}

/**
 * Pays an application's bill by STK push through the simulator (a phone the simulator pays), then
 * waits until the application reaches `until` — issued by default; a reviewed service stops at
 * under_review — and answers its detail.
 */
export async function payApplicationBill(
  t: TestApp,
  user: TestUser,
  bill: { billNo: string; applicationNo: string },
  until = 'issued',
): Promise<PaidApplication> {
  // A bill above M-Pesa's one-payment limit is paid in parts: each prompt asks for at most the
  // limit, and the next is sent once the last was paid.
  let detail: PaidApplication = { status: '', document: null };
  for (let part = 0; part < 5 && detail.status !== until; part++) {
    const push = await t.app.inject({
      method: 'POST',
      url: '/api/payments/mpesa/stk-push',
      headers: { ...user.headers, 'idempotency-key': randomUUID() },
      payload: { bill_no: bill.billNo, phone_number: nextPayingPhone() },
    });
    expect(push.statusCode, push.body).toBe(200);
    const paymentId = push.json().payment_id as string;
    let payment = { status: 'pending' };
    for (let i = 0; i < 200 && payment.status === 'pending'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      payment = (
        await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: user.headers })
      ).json();
    }
    for (let i = 0; i < 200 && detail.status !== until; i++) {
      detail = (
        await t.app.inject({
          method: 'GET',
          url: `/api/applications/${bill.applicationNo}`,
          headers: user.headers,
        })
      ).json();
      if (detail.status === until || detail.status === 'awaiting_payment') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  expect(detail.status).toBe(until);
  return detail;
}

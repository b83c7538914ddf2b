// The Daraja client against the real simulator (tools/mpesa-sim), started in-process: the same
// HTTP the portal speaks to Safaricom. The callbacks the simulator sends are received by a small
// stand-in for the portal and read with the parsers of callbacks.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type CallbackReceiver,
  createCallbackReceiver,
} from '../../../../../tools/mpesa-sim/src/callback-receiver';
import { createSimulator, type Simulator } from '../../../../../tools/mpesa-sim/src/simulator';
import { c2bAccept, c2bReject, parseC2bPayload, parseStkCallback, type StkCallbackResult } from './callbacks';
import { createDarajaClient, type DarajaClient } from './daraja-client';
import { DarajaError } from './daraja-error';

const credentials = {
  consumerKey: 'it-consumer-key',
  consumerSecret: 'it-consumer-secret',
  shortcode: '6060047',
  passkey: 'it-passkey-0123456789',
};

let sim: Simulator;
let portal: CallbackReceiver;
let daraja: DarajaClient;
let clock: Date;

beforeEach(async () => {
  sim = createSimulator({ ...credentials, callbackDelayMs: 20, timeoutDelayMs: 500, duplicateGapMs: 20 });
  await sim.listen(0);
  portal = await createCallbackReceiver({
    respond: (call) =>
      call.path.startsWith('/c2b/validate/')
        ? {
            status: 200,
            body: call.path.endsWith('/reject') ? c2bReject('invalidAccountNumber') : c2bAccept(),
          }
        : { status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } },
  });
  clock = new Date('2024-01-31T21:05:09Z');
  daraja = createDarajaClient({ ...credentials, baseUrl: sim.url }, { now: () => clock });
});

afterEach(async () => {
  await sim.close();
  await portal.close();
});

const STK_PATH = '/api/payments/stk-callback/path-secret';

function pushTo(phone: string, amountShillings = 1500) {
  return daraja.stkPush({
    phone,
    amountShillings,
    accountReference: 'INV-0001',
    description: 'County bill',
    callbackUrl: `${portal.url}${STK_PATH}`,
  });
}

/** Waits for `count` STK callbacks and parses them. */
async function callbacks(count: number, timeoutMs = 2000): Promise<StkCallbackResult[]> {
  const calls = await portal.waitFor(count, { path: STK_PATH, timeoutMs });
  return calls.map((call) => {
    const parsed = parseStkCallback(call.body);
    if (!parsed.success) throw new Error(parsed.error);
    return parsed.data;
  });
}

const oauthCalls = () => sim.history().requests.filter((r) => r.path.startsWith('/oauth/v1/generate'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('authentication', () => {
  it('takes one token for many requests', async () => {
    const pushes = await Promise.all([
      pushTo('254708374149'),
      pushTo('254711223344'),
      pushTo('254722334455'),
    ]);
    await pushTo('254708374149');
    await daraja.stkQuery(pushes[0]!.checkoutRequestId);
    expect(oauthCalls()).toHaveLength(1);
    const requests = sim.history().requests;
    expect(
      requests.filter((r) => r.path === '/mpesa/stkpush/v1/processrequest' && r.status === 200),
    ).toHaveLength(4);
    expect(requests.filter((r) => r.path === '/mpesa/stkpushquery/v1/query')).toHaveLength(1);
    expect(requests.filter((r) => r.status === 401)).toEqual([]);
  });

  it('takes a new token when the cached one is about to expire', async () => {
    await pushTo('254708374149');
    clock = new Date(clock.getTime() + 3599 * 1000);
    await pushTo('254708374149');
    expect(oauthCalls()).toHaveLength(2);
  });

  it('recovers when Daraja stops accepting the token before its expiry', async () => {
    await pushTo('254708374149');
    sim.expireTokens();
    const result = await pushTo('254708374149');
    expect(result.responseCode).toBe('0');
    const statuses = sim.history().requests.map((r) => [r.path.split('?')[0], r.status]);
    expect(statuses).toEqual([
      ['/oauth/v1/generate', 200],
      ['/mpesa/stkpush/v1/processrequest', 200],
      ['/mpesa/stkpush/v1/processrequest', 401],
      ['/oauth/v1/generate', 200],
      ['/mpesa/stkpush/v1/processrequest', 200],
    ]);
  });

  it('fails with an auth error for a wrong consumer secret', async () => {
    const wrong = createDarajaClient({ ...credentials, consumerSecret: 'wrong-secret', baseUrl: sim.url });
    const error = await wrong
      .stkPush({
        phone: '254708374149',
        amountShillings: 1,
        accountReference: 'INV-1',
        description: 'Bill',
        callbackUrl: `${portal.url}${STK_PATH}`,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({ kind: 'auth', operation: 'oauth', code: '400.008.01' });
  });

  it('fails with Daraja\'s "Wrong credentials" for a wrong passkey', async () => {
    const wrong = createDarajaClient({ ...credentials, passkey: 'another-passkey', baseUrl: sim.url });
    const error = await wrong
      .stkPush({
        phone: '254708374149',
        amountShillings: 1,
        accountReference: 'INV-1',
        description: 'Bill',
        callbackUrl: `${portal.url}${STK_PATH}`,
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'api',
      code: '500.001.1001',
      darajaMessage: 'Wrong credentials',
      httpStatus: 500,
    });
  });
});

describe('the STK push request', () => {
  it('carries Password = base64(shortcode + passkey + timestamp) and a Nairobi timestamp', async () => {
    await pushTo('254708374149');
    const request = sim.history().requests.find((r) => r.path === '/mpesa/stkpush/v1/processrequest')!;
    const body = request.body as Record<string, unknown>;
    expect(body.Timestamp).toBe('20240201000509');
    expect(Buffer.from(body.Password as string, 'base64').toString('utf8')).toBe(
      `6060047${credentials.passkey}20240201000509`,
    );
    expect(body).toMatchObject({
      BusinessShortCode: '6060047',
      PartyB: '6060047',
      TransactionType: 'CustomerPayBillOnline',
      PartyA: '254708374149',
      PhoneNumber: '254708374149',
      Amount: 1500,
      AccountReference: 'INV-0001',
    });
  });
});

describe('outcomes', () => {
  it('success: one callback with amount, receipt, date and phone; the query says paid', async () => {
    const pushed = await pushTo('254708374149', 2500);
    expect(pushed).toMatchObject({
      responseCode: '0',
      customerMessage: 'Success. Request accepted for processing',
    });
    const [result] = await callbacks(1);
    expect(result).toMatchObject({
      checkoutRequestId: pushed.checkoutRequestId,
      merchantRequestId: pushed.merchantRequestId,
      paid: true,
      resultCode: 0,
      amountCents: 250_000,
      mpesaReceiptNumber: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/),
      phoneNumber: '254708374149',
    });
    // TransactionDate is the simulator's real clock, not the client's.
    expect(Math.abs(result!.transactionDate!.getTime() - Date.now())).toBeLessThan(5000);
    expect(await daraja.stkQuery(pushed.checkoutRequestId)).toMatchObject({
      status: 'completed',
      resultCode: 0,
      paid: true,
    });
  });

  it.each([
    ['cancelled', '254700001032', 1032],
    ['insufficient funds', '254700000001', 1],
  ])('%s: one callback without payment details; the query agrees', async (_name, phone, code) => {
    const pushed = await pushTo(phone);
    const [result] = await callbacks(1);
    expect(result).toEqual({
      merchantRequestId: pushed.merchantRequestId,
      checkoutRequestId: pushed.checkoutRequestId,
      resultCode: code,
      resultDesc: expect.any(String),
      paid: false,
    });
    expect(await daraja.stkQuery(pushed.checkoutRequestId)).toMatchObject({
      status: 'completed',
      resultCode: code,
      paid: false,
    });
  });

  it('timeout: the query is pending until the 1037 callback', async () => {
    const pushed = await pushTo('254700001037');
    expect(await daraja.stkQuery(pushed.checkoutRequestId)).toEqual({
      status: 'pending',
      checkoutRequestId: pushed.checkoutRequestId,
      message: 'The transaction is being processed',
    });
    const [result] = await callbacks(1);
    expect(result).toMatchObject({ resultCode: 1037, paid: false });
    expect(await daraja.stkQuery(pushed.checkoutRequestId)).toMatchObject({
      status: 'completed',
      resultCode: 1037,
    });
  });

  it('no callback: nothing arrives, and only the query tells that the payment went through', async () => {
    const pushed = await pushTo('254700000000');
    await sleep(150);
    expect(portal.received).toEqual([]);
    expect(await daraja.stkQuery(pushed.checkoutRequestId)).toMatchObject({
      status: 'completed',
      resultCode: 0,
      paid: true,
    });
  });

  it('duplicate callbacks: two callbacks with the same receipt number', async () => {
    const pushed = await pushTo('254700002222');
    const [first, second] = await callbacks(2);
    expect(first).toMatchObject({ paid: true, checkoutRequestId: pushed.checkoutRequestId });
    expect(second).toEqual(first);
  });

  it('a paid amount different from the one asked for reaches the parser as it is', async () => {
    sim.nextOutcome({ phone: '254708374149', outcome: 'success', amountShillings: 1000 });
    await pushTo('254708374149', 1500);
    const [result] = await callbacks(1);
    expect(result).toMatchObject({ paid: true, amountCents: 100_000 });
  });

  it('a wrong PIN: the callback carries 2001', async () => {
    sim.nextOutcome({ outcome: 'failed', resultCode: 2001 });
    const pushed = await pushTo('254708374149');
    const [result] = await callbacks(1);
    expect(result).toMatchObject({
      checkoutRequestId: pushed.checkoutRequestId,
      resultCode: 2001,
      paid: false,
    });
  });
});

describe('C2B', () => {
  it('registers URLs, then a payment typed on the phone reaches validation and confirmation', async () => {
    const registered = await daraja.registerC2bUrls({
      validationUrl: `${portal.url}/c2b/validate/accept`,
      confirmationUrl: `${portal.url}/c2b/confirm/secret`,
      responseType: 'Cancelled',
    });
    expect(registered).toMatchObject({ responseCode: '0', responseDescription: 'Success' });
    const paid = await sim.c2bPay({ phone: '0712345678', amountShillings: 3200, billRefNumber: 'INV-0001' });
    expect(paid.accepted).toBe(true);
    const [validation, confirmation] = portal.received;
    const parsedValidation = parseC2bPayload(validation!.body);
    const parsedConfirmation = parseC2bPayload(confirmation!.body);
    expect(parsedValidation).toMatchObject({ success: true, data: { orgAccountBalanceCents: undefined } });
    expect(parsedConfirmation).toMatchObject({
      success: true,
      data: {
        transactionType: 'Pay Bill',
        transId: paid.transId,
        amountCents: 320_000,
        businessShortCode: daraja.shortcode,
        billRefNumber: 'INV-0001',
        phoneNumber: '254712345678',
        payerName: 'Jane Wanjiku Kamau',
      },
    });
  });

  it('a rejected validation stops the payment before confirmation', async () => {
    await daraja.registerC2bUrls({
      validationUrl: `${portal.url}/c2b/validate/reject`,
      confirmationUrl: `${portal.url}/c2b/confirm/secret`,
      responseType: 'Completed',
    });
    const paid = await sim.c2bPay({ phone: '254712345678', amountShillings: 100, billRefNumber: 'UNKNOWN' });
    expect(paid).toMatchObject({ accepted: false, confirmation: null });
    expect(portal.received.map((call) => call.path)).toEqual(['/c2b/validate/reject']);
  });
});

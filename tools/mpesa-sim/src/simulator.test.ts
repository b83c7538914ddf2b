import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CallbackReceiver, createCallbackReceiver } from './callback-receiver';
import { createSimulator, type Simulator, type SimulatorHistory } from './simulator';

const KEY = 'test-consumer-key';
const SECRET = 'test-consumer-secret';
const SHORTCODE = '6060047';
const PASSKEY = 'test-passkey-123';
const TIMESTAMP = '20240115103000';
const PASSWORD = Buffer.from(`${SHORTCODE}${PASSKEY}${TIMESTAMP}`).toString('base64');
const CALLBACK_PATH = '/api/payments/stk-callback/s3cret';

let sim: Simulator;
let portal: CallbackReceiver;

beforeEach(async () => {
  sim = createSimulator({
    consumerKey: KEY,
    consumerSecret: SECRET,
    shortcode: SHORTCODE,
    passkey: PASSKEY,
    callbackDelayMs: 10,
    timeoutDelayMs: 400,
    duplicateGapMs: 20,
  });
  await sim.listen(0);
  portal = await createCallbackReceiver();
});

afterEach(async () => {
  await sim.close();
  await portal.close();
});

/** What the tests read from the simulator's answers (a test-side view, not a contract). */
interface AnswerBody {
  [key: string]: unknown;
  CheckoutRequestID: string;
  MerchantRequestID: string;
  error: string;
  transId: string;
  accepted: boolean;
  validation: { status?: number; error?: string };
}

interface Answer {
  status: number;
  body: AnswerBody;
}

interface StkCallback {
  MerchantRequestID: string;
  CheckoutRequestID: string;
  ResultCode: number;
  ResultDesc: string;
  CallbackMetadata?: { Item: Array<{ Name: string; Value?: number | string }> };
}

/** The stkCallback inside a callback body. */
const stk = (body: unknown) => (body as { Body: { stkCallback: StkCallback } }).Body.stkCallback;
/** A callback metadata item's value, by name. */
const item = (body: unknown, name: string) =>
  stk(body).CallbackMetadata?.Item.find((i) => i.Name === name)?.Value;

async function getToken(): Promise<string> {
  const response = await fetch(`${sim.url}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` },
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function post(path: string, body: unknown, token?: string): Promise<Answer> {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as AnswerBody };
}

function pushBody(phone: string, overrides: Record<string, unknown> = {}) {
  return {
    BusinessShortCode: SHORTCODE,
    Password: PASSWORD,
    Timestamp: TIMESTAMP,
    TransactionType: 'CustomerPayBillOnline',
    Amount: 1500,
    PartyA: phone,
    PartyB: SHORTCODE,
    PhoneNumber: phone,
    CallBackURL: `${portal.url}${CALLBACK_PATH}`,
    AccountReference: 'LR-000123',
    TransactionDesc: 'Land rates',
    ...overrides,
  };
}

async function push(phone: string, overrides: Record<string, unknown> = {}): Promise<Answer> {
  return post('/mpesa/stkpush/v1/processrequest', pushBody(phone, overrides), await getToken());
}

async function query(checkoutRequestId: string, token?: string): Promise<Answer> {
  return post(
    '/mpesa/stkpushquery/v1/query',
    {
      BusinessShortCode: SHORTCODE,
      Password: PASSWORD,
      Timestamp: TIMESTAMP,
      CheckoutRequestID: checkoutRequestId,
    },
    token ?? (await getToken()),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A local URL nothing listens on: a port that was free a moment ago. */
async function deadUrl(path: string): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${path}`;
}

/** The current time in Nairobi as YYYYMMDDHHmmss, computed independently of the simulator. */
function nairobiNow(): number {
  return Number(new Date(Date.now() + 3 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14));
}

describe('OAuth', () => {
  it('issues a bearer token for the right consumer key and secret', async () => {
    const response = await fetch(`${sim.url}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ access_token: expect.stringMatching(/^[A-Za-z0-9]{20,}$/), expires_in: '3599' });
  });

  it('refuses a wrong secret and a wrong grant type with Daraja error bodies', async () => {
    const wrong = await fetch(`${sim.url}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${Buffer.from(`${KEY}:nope`).toString('base64')}` },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ errorCode: '400.008.01', requestId: expect.any(String) });

    const grant = await fetch(`${sim.url}/oauth/v1/generate?grant_type=password`, {
      headers: { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` },
    });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({
      errorCode: '400.008.02',
      errorMessage: 'Invalid grant type passed',
    });
  });
});

describe('STK push: authentication and validation', () => {
  it('refuses a request without a token, with an unknown token and with an expired token', async () => {
    const none = await post('/mpesa/stkpush/v1/processrequest', pushBody('254708374149'));
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ errorCode: '404.001.04' });

    const bogus = await post('/mpesa/stkpush/v1/processrequest', pushBody('254708374149'), 'not-a-token');
    expect(bogus.status).toBe(401);
    expect(bogus.body).toMatchObject({ errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });

    const token = await getToken();
    expect((await post('/mpesa/stkpush/v1/processrequest', pushBody('254708374149'), token)).status).toBe(
      200,
    );
    expect(sim.expireTokens()).toBe(1);
    const expired = await post('/mpesa/stkpush/v1/processrequest', pushBody('254708374149'), token);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ errorCode: '404.001.03' });
  });

  it('expires tokens after their lifetime', async () => {
    const shortLived = createSimulator({
      consumerKey: KEY,
      consumerSecret: SECRET,
      shortcode: SHORTCODE,
      passkey: PASSKEY,
      tokenTtlSeconds: 1,
    });
    const url = await shortLived.listen(0);
    try {
      const response = await fetch(`${url}/oauth/v1/generate?grant_type=client_credentials`, {
        headers: { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` },
      });
      const { access_token: token, expires_in: expiresIn } = (await response.json()) as Record<
        string,
        string
      >;
      expect(expiresIn).toBe('1');
      await sleep(1100);
      const late = await fetch(`${url}/mpesa/stkpushquery/v1/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({}),
      });
      expect(late.status).toBe(401);
    } finally {
      await shortLived.close();
    }
  });

  it.each([
    [
      'Password',
      { Password: Buffer.from(`${SHORTCODE}wrong-passkey${TIMESTAMP}`).toString('base64') },
      500,
      '500.001.1001',
      'Wrong credentials',
    ],
    [
      'Password for another timestamp',
      { Timestamp: '20240115103001' },
      500,
      '500.001.1001',
      'Wrong credentials',
    ],
    [
      'BusinessShortCode',
      { BusinessShortCode: '174379', PartyB: '174379' },
      500,
      '500.001.1001',
      'Merchant does not exist',
    ],
    ['Timestamp', { Timestamp: '2024-01-15 10:30' }, 400, '400.002.02', 'Bad Request - Invalid Timestamp'],
    [
      'Timestamp (30 February)',
      { Timestamp: '20240230103000' },
      400,
      '400.002.02',
      'Bad Request - Invalid Timestamp',
    ],
    [
      'TransactionType',
      { TransactionType: 'PayBill' },
      400,
      '400.002.02',
      'Bad Request - Invalid TransactionType',
    ],
    ['Amount (zero)', { Amount: 0 }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    ['Amount (cents)', { Amount: 10.5 }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    ['Amount (text)', { Amount: 'ten' }, 400, '400.002.02', 'Bad Request - Invalid Amount'],
    ['PartyA', { PartyA: '0708374149' }, 400, '400.002.02', 'Bad Request - Invalid PartyA'],
    ['PartyB', { PartyB: '6060048' }, 400, '400.002.02', 'Bad Request - Invalid PartyB'],
    ['PhoneNumber', { PhoneNumber: '254608374149' }, 400, '400.002.02', 'Bad Request - Invalid PhoneNumber'],
    [
      'CallBackURL (not a URL)',
      { CallBackURL: 'callback' },
      400,
      '400.002.02',
      'Bad Request - Invalid CallBackURL',
    ],
    [
      'CallBackURL (says mpesa)',
      { CallBackURL: 'https://portal.example/api/mpesa/callback' },
      400,
      '400.002.02',
      'Bad Request - Invalid CallBackURL',
    ],
    [
      'AccountReference',
      { AccountReference: 'ABCDEFGHIJKLM' },
      400,
      '400.002.02',
      'Bad Request - Invalid AccountReference',
    ],
    [
      'TransactionDesc',
      { TransactionDesc: 'Land rates 2024' },
      400,
      '400.002.02',
      'Bad Request - Invalid TransactionDesc',
    ],
  ])('refuses a bad %s as Daraja does', async (_name, overrides, status, errorCode, errorMessage) => {
    const answer = await push('254708374149', overrides);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ requestId: expect.any(String), errorCode, errorMessage });
    await sleep(40);
    expect(portal.received).toEqual([]);
  });

  it('accepts numbers where Daraja documents strings, and an AccountReference of exactly 12 characters', async () => {
    const answer = await push('254708374149', {
      BusinessShortCode: Number(SHORTCODE),
      PartyA: 254708374149,
      PartyB: Number(SHORTCODE),
      PhoneNumber: 254708374149,
      Amount: '1500',
      AccountReference: 'ABCDEFGHIJKL',
      TransactionDesc: 'Thirteen char',
    });
    expect(answer.status).toBe(200);
  });

  it('answers a body that is not JSON with a Daraja error', async () => {
    const response = await fetch(`${sim.url}/mpesa/stkpush/v1/processrequest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await getToken()}` },
      body: '{"Amount": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid JSON',
    });
  });
});

describe('STK push: outcomes', () => {
  it('success: accepts the push, then posts one callback with the metadata and a fresh receipt', async () => {
    const before = nairobiNow();
    const answer = await push('254708374149');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      MerchantRequestID: expect.stringMatching(/^\d+-\d+-\d+$/),
      CheckoutRequestID: expect.stringMatching(/^ws_CO_\d+$/),
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
    const [call] = await portal.waitFor(1);
    await sleep(50);
    expect(portal.received).toHaveLength(1);
    expect(call!.path).toBe(CALLBACK_PATH);
    expect(call!.body).toEqual({
      Body: {
        stkCallback: {
          MerchantRequestID: answer.body.MerchantRequestID,
          CheckoutRequestID: answer.body.CheckoutRequestID,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1500 },
              { Name: 'MpesaReceiptNumber', Value: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/) },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: expect.any(Number) },
              { Name: 'PhoneNumber', Value: 254708374149 },
            ],
          },
        },
      },
    });
    const date = item(call!.body, 'TransactionDate') as number;
    expect(date).toBeGreaterThanOrEqual(before);
    expect(date).toBeLessThanOrEqual(nairobiNow());
  });

  it.each([
    ['cancelled', '254700001032', 1032, 'Request cancelled by user'],
    ['insufficient funds', '254700000001', 1, 'The balance is insufficient for the transaction.'],
  ])('%s: posts one callback without metadata', async (_name, phone, code, desc) => {
    const answer = await push(phone);
    expect(answer.status).toBe(200);
    const [call] = await portal.waitFor(1);
    expect(call!.body).toEqual({
      Body: {
        stkCallback: {
          MerchantRequestID: answer.body.MerchantRequestID,
          CheckoutRequestID: answer.body.CheckoutRequestID,
          ResultCode: code,
          ResultDesc: desc,
        },
      },
    });
  });

  it('timeout: nothing after the usual delay, then ResultCode 1037 after timeoutDelayMs; the query follows', async () => {
    const answer = await push('254700001037');
    await sleep(60);
    expect(portal.received).toEqual([]);
    const pending = await query(answer.body.CheckoutRequestID);
    expect(pending.status).toBe(500);
    expect(pending.body).toMatchObject({
      errorCode: '500.001.1001',
      errorMessage: 'The transaction is being processed',
    });

    const [call] = await portal.waitFor(1, { timeoutMs: 3000 });
    expect(stk(call!.body)).toEqual({
      MerchantRequestID: answer.body.MerchantRequestID,
      CheckoutRequestID: answer.body.CheckoutRequestID,
      ResultCode: 1037,
      ResultDesc: 'DS timeout user cannot be reached',
    });
    const final = await query(answer.body.CheckoutRequestID);
    expect(final.body).toMatchObject({ ResultCode: '1037', ResultDesc: 'DS timeout user cannot be reached' });
  });

  it('no callback: nothing is ever posted, but the query reports the payment', async () => {
    const answer = await push('254700000000');
    await sleep(200);
    await sim.whenIdle();
    expect(portal.received).toEqual([]);
    expect(sim.history().callbacks).toEqual([]);
    const final = await query(answer.body.CheckoutRequestID);
    expect(final.status).toBe(200);
    expect(final.body).toMatchObject({ ResultCode: '0', CheckoutRequestID: answer.body.CheckoutRequestID });
  });

  it('duplicate callbacks: the same success callback arrives twice with the same receipt number', async () => {
    await push('254700002222');
    const calls = await portal.waitFor(2);
    await sleep(60);
    expect(portal.received).toHaveLength(2);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
    const receipt = item(calls[0]!.body, 'MpesaReceiptNumber');
    expect(receipt).toMatch(/^[A-Z][A-Z0-9]{9}$/);
  });

  it('gives every paid push a different receipt number', async () => {
    const token = await getToken();
    for (let i = 0; i < 20; i += 1) {
      await post('/mpesa/stkpush/v1/processrequest', pushBody('254708374149'), token);
    }
    const calls = await portal.waitFor(20);
    const receipts = calls.map((call) => item(call.body, 'MpesaReceiptNumber'));
    expect(new Set(receipts).size).toBe(20);
  });
});

describe('STK push query', () => {
  it('answers "being processed" until the outcome is decided, then the final code', async () => {
    const slow = createSimulator({
      consumerKey: KEY,
      consumerSecret: SECRET,
      shortcode: SHORTCODE,
      passkey: PASSKEY,
      callbackDelayMs: 150,
    });
    const url = await slow.listen(0);
    try {
      const token = (await (
        await fetch(`${url}/oauth/v1/generate?grant_type=client_credentials`, {
          headers: { authorization: `Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}` },
        })
      ).json()) as { access_token: string };
      const send = async (path: string, body: unknown) => {
        const response = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}` },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as AnswerBody };
      };
      const pushed = await send('/mpesa/stkpush/v1/processrequest', pushBody('254700001032'));
      const queryBody = {
        BusinessShortCode: SHORTCODE,
        Password: PASSWORD,
        Timestamp: TIMESTAMP,
        CheckoutRequestID: pushed.body.CheckoutRequestID,
      };
      const pending = await send('/mpesa/stkpushquery/v1/query', queryBody);
      expect(pending).toEqual({
        status: 500,
        body: {
          requestId: expect.any(String),
          errorCode: '500.001.1001',
          errorMessage: 'The transaction is being processed',
        },
      });
      await slow.whenIdle();
      const final = await send('/mpesa/stkpushquery/v1/query', queryBody);
      expect(final).toEqual({
        status: 200,
        body: {
          ResponseCode: '0',
          ResponseDescription: 'The service request has been accepted successsfully',
          MerchantRequestID: pushed.body.MerchantRequestID,
          CheckoutRequestID: pushed.body.CheckoutRequestID,
          ResultCode: '1032',
          ResultDesc: 'Request cancelled by user',
        },
      });
    } finally {
      await slow.close();
    }
  });

  it('refuses an unknown CheckoutRequestID and a wrong password', async () => {
    const unknown = await query('ws_CO_000000000000000');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid CheckoutRequestID',
    });
    const wrong = await post(
      '/mpesa/stkpushquery/v1/query',
      {
        BusinessShortCode: SHORTCODE,
        Password: 'd3Jvbmc=',
        Timestamp: TIMESTAMP,
        CheckoutRequestID: 'ws_CO_1',
      },
      await getToken(),
    );
    expect(wrong.body).toMatchObject({ errorCode: '500.001.1001', errorMessage: 'Wrong credentials' });
  });
});

describe('control API', () => {
  it('plays a queued outcome for one phone once, before the magic number', async () => {
    const queued = await post('/__sim/next-outcome', { phone: '0708374149', outcome: 'cancelled' });
    expect(queued.status).toBe(200);
    await push('254711223344'); // another phone: unaffected (success)
    await push('254708374149'); // cancelled
    await push('254708374149'); // back to success
    const calls = await portal.waitFor(3);
    const codes = calls.map((call) => {
      return [item(call.body, 'PhoneNumber') ?? 'none', stk(call.body).ResultCode];
    });
    expect(codes).toHaveLength(3);
    expect(codes.filter(([, code]) => code === 1032)).toHaveLength(1);
    const history = sim.history();
    const cancelledId = history.callbacks.find((c) => stk(c.body).ResultCode === 1032)!;
    const pushes = history.requests.filter((r) => r.path === '/mpesa/stkpush/v1/processrequest');
    expect((pushes[1]!.response as AnswerBody).CheckoutRequestID).toBe(
      stk(cancelledId.body).CheckoutRequestID,
    );
  });

  it('plays a queued outcome for any phone, with a paid amount different from the request', async () => {
    await post('/__sim/next-outcome', { outcome: 'success', amountShillings: 100 });
    await push('254700001032', { Amount: 1500 }); // the queued outcome wins over the magic number
    const [call] = await portal.waitFor(1);
    const callback = stk(call!.body);
    expect(callback.ResultCode).toBe(0);
    expect(item(call!.body, 'Amount')).toBe(100);
  });

  it('plays a failed outcome with the result code asked for', async () => {
    sim.nextOutcome({ outcome: 'failed', resultCode: 2001 });
    await push('254708374149');
    const [call] = await portal.waitFor(1);
    expect(stk(call!.body)).toMatchObject({
      ResultCode: 2001,
      ResultDesc: 'The initiator information is invalid.',
    });
    expect(stk(call!.body).CallbackMetadata).toBeUndefined();
  });

  it('refuses an unknown outcome, a bad phone and a failed outcome without a code', async () => {
    expect((await post('/__sim/next-outcome', { outcome: 'lost' })).status).toBe(400);
    const phone = await post('/__sim/next-outcome', { phone: '12345', outcome: 'success' });
    expect(phone).toEqual({ status: 400, body: { error: 'phone must be a Kenyan mobile number' } });
    expect((await post('/__sim/next-outcome', { outcome: 'failed' })).status).toBe(400);
  });

  it('lists the requests received and the callbacks sent', async () => {
    const answer = await push('254708374149');
    await portal.waitFor(1);
    const response = await fetch(`${sim.url}/__sim/requests`);
    const history = (await response.json()) as SimulatorHistory;
    expect(history.requests.map((r) => [r.method, r.path.split('?')[0], r.status])).toEqual([
      ['GET', '/oauth/v1/generate', 200],
      ['POST', '/mpesa/stkpush/v1/processrequest', 200],
    ]);
    expect(history.requests[1]!.body).toMatchObject({
      Password: PASSWORD,
      Timestamp: TIMESTAMP,
      Amount: 1500,
    });
    expect(history.callbacks).toEqual([
      expect.objectContaining({
        kind: 'stk',
        url: `${portal.url}${CALLBACK_PATH}`,
        status: 200,
        response: { ResultCode: 0, ResultDesc: 'Accepted' },
      }),
    ]);
    expect(stk(history.callbacks[0]!.body).CheckoutRequestID).toBe(answer.body.CheckoutRequestID);
  });

  it('keeps each simulator to itself: an outcome queued on one does not reach another', async () => {
    const other = createSimulator({
      consumerKey: KEY,
      consumerSecret: SECRET,
      shortcode: SHORTCODE,
      passkey: PASSKEY,
    });
    other.nextOutcome({ outcome: 'cancelled' });
    await push('254708374149');
    const [call] = await portal.waitFor(1);
    expect(stk(call!.body).ResultCode).toBe(0);
    expect(other.history().requests).toEqual([]);
    await other.close();
  });

  it('records a callback the portal could not receive', async () => {
    await push('254708374149', { CallBackURL: await deadUrl('/unreachable') });
    await sim.whenIdle();
    const [callback] = sim.history().callbacks;
    expect(callback!.status).toBeUndefined();
    expect(callback!.error).toMatch(/ECONNREFUSED/);
  });
});

describe('C2B', () => {
  async function register(
    responseType: 'Completed' | 'Cancelled',
    validationUrl = `${portal.url}/c2b/validate`,
  ) {
    return post(
      '/mpesa/c2b/v1/registerurl',
      {
        ShortCode: SHORTCODE,
        ResponseType: responseType,
        ConfirmationURL: `${portal.url}/c2b/confirm`,
        ValidationURL: validationUrl,
      },
      await getToken(),
    );
  }

  it('registers the URLs with a Daraja answer, and refuses bad ones', async () => {
    const ok = await register('Completed');
    expect(ok).toEqual({
      status: 200,
      body: {
        OriginatorCoversationID: expect.any(String),
        ResponseCode: '0',
        ResponseDescription: 'Success',
      },
    });
    const token = await getToken();
    const base = {
      ShortCode: SHORTCODE,
      ResponseType: 'Completed',
      ConfirmationURL: `${portal.url}/c`,
      ValidationURL: `${portal.url}/v`,
    };
    expect(
      (await post('/mpesa/c2b/v1/registerurl', { ...base, ResponseType: 'completed' }, token)).body,
    ).toMatchObject({
      errorMessage: 'Bad Request - Invalid ResponseType',
    });
    expect(
      (
        await post(
          '/mpesa/c2b/v1/registerurl',
          { ...base, ConfirmationURL: 'https://x.example/Safaricom/c' },
          token,
        )
      ).body,
    ).toMatchObject({ errorMessage: 'Bad Request - Invalid ConfirmationURL' });
    expect(
      (await post('/mpesa/c2b/v1/registerurl', { ...base, ShortCode: '600000' }, token)).body,
    ).toMatchObject({
      errorMessage: 'Bad Request - Invalid ShortCode',
    });
  });

  it('refuses a payment before any URL is registered', async () => {
    const answer = await post('/__sim/c2b/pay', {
      phone: '254708374149',
      amountShillings: 100,
      billRefNumber: 'INV1',
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(/registerurl/);
  });

  it('calls validation, then confirmation with the full payload, when validation accepts', async () => {
    await register('Cancelled');
    const answer = await post('/__sim/c2b/pay', {
      phone: '0708374149',
      amountShillings: 2500,
      billRefNumber: 'INV-2024-01',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      accepted: true,
      validation: { status: 200 },
      confirmation: { status: 200 },
    });
    const [validation, confirmation] = portal.received;
    expect(validation!.path).toBe('/c2b/validate');
    expect(confirmation!.path).toBe('/c2b/confirm');
    expect(confirmation!.body).toEqual({
      TransactionType: 'Pay Bill',
      TransID: answer.body.transId,
      TransTime: expect.stringMatching(/^\d{14}$/),
      TransAmount: '2500.00',
      BusinessShortCode: SHORTCODE,
      BillRefNumber: 'INV-2024-01',
      InvoiceNumber: '',
      OrgAccountBalance: '2500.00',
      ThirdPartyTransID: '',
      MSISDN: '254708374149',
      FirstName: 'Jane',
      MiddleName: 'Wanjiku',
      LastName: 'Kamau',
    });
    expect(answer.body.transId).toMatch(/^[A-Z][A-Z0-9]{9}$/);
    expect(validation!.body).toMatchObject({
      TransID: answer.body.transId,
      TransAmount: '2500.00',
      OrgAccountBalance: '',
    });
  });

  it('stops at validation when the portal rejects the account number', async () => {
    await portal.close();
    portal = await createCallbackReceiver({
      respond: (call) =>
        call.path === '/c2b/validate'
          ? { status: 200, body: { ResultCode: 'C2B00012', ResultDesc: 'Rejected' } }
          : { status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } },
    });
    await register('Completed');
    const answer = await post('/__sim/c2b/pay', {
      phone: '254708374149',
      amountShillings: 100,
      billRefNumber: 'NOPE',
    });
    expect(answer.body).toMatchObject({ accepted: false, confirmation: null });
    expect(portal.received.map((call) => call.path)).toEqual(['/c2b/validate']);
  });

  it.each([
    ['Completed', true, ['/c2b/confirm']],
    ['Cancelled', false, []],
  ] as const)(
    'applies ResponseType %s when validation cannot be reached',
    async (responseType, accepted, paths) => {
      await register(responseType, await deadUrl('/validate'));
      const answer = await post('/__sim/c2b/pay', {
        phone: '254708374149',
        amountShillings: 100,
        billRefNumber: 'INV1',
      });
      expect(answer.body.accepted).toBe(accepted);
      expect(answer.body.validation.error).toMatch(/ECONNREFUSED/);
      expect(portal.received.map((call) => call.path)).toEqual(paths);
    },
  );
});

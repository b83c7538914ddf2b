import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createDarajaClient,
  type DarajaClientOptions,
  type DarajaLogger,
  darajaUrlProblem,
} from './daraja-client';
import { DarajaError } from './daraja-error';

const config = {
  baseUrl: 'https://daraja.test/',
  consumerKey: 'unit-consumer-key',
  consumerSecret: 'unit-consumer-SECRET-value',
  shortcode: '6060047',
  passkey: 'unit-PASSKEY-bfb279f9aa9bdbcf158e97dd71a4',
  callbackSecret: 'unused-here-unused-here-unused',
  simulator: true,
};
const TOKEN = 'tok-ABCDEFGHIJKLMNOPQRSTUVWX';
const CALLBACK = 'https://portal.example/api/payments/stk-callback/s3cret';
const push = {
  phone: '254708374149',
  amountShillings: 1500,
  accountReference: 'LR-000123',
  description: 'Land rates',
  callbackUrl: CALLBACK,
};
const accepted = {
  MerchantRequestID: '29115-34620561-1',
  CheckoutRequestID: 'ws_CO_191220191020363925',
  ResponseCode: '0',
  ResponseDescription: 'Success. Request accepted for processing',
  CustomerMessage: 'Success. Request accepted for processing',
};

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}
type Handler = (call: Call, signal: AbortSignal) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const tokenAnswer = (token = TOKEN, expiresIn: string | number = '3599') =>
  json(200, { access_token: token, expires_in: expiresIn });

/**
 * A fake Daraja: answers from per-path queues of handlers (the last handler of a path repeats),
 * and records every call.
 */
function fakeDaraja(routes: Record<string, Handler[]>) {
  const calls: Call[] = [];
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const queue = routes[url.pathname];
    if (queue === undefined || queue.length === 0)
      return json(404, { errorCode: '404', errorMessage: 'no route' });
    const handler = queue.length > 1 ? queue.shift()! : queue[0]!;
    return handler(call, init!.signal!);
  }) as typeof globalThis.fetch;
  const count = (path: string) => calls.filter((call) => call.path === path).length;
  return { fetch, calls, count };
}

const OAUTH = '/oauth/v1/generate';
const PUSH = '/mpesa/stkpush/v1/processrequest';
const QUERY = '/mpesa/stkpushquery/v1/query';
const REGISTER = '/mpesa/c2b/v1/registerurl';

function client(routes: Record<string, Handler[]>, options: DarajaClientOptions = {}) {
  const fake = fakeDaraja(routes);
  return { ...fake, daraja: createDarajaClient(config, { fetch: fake.fetch, ...options }) };
}

async function failure(promise: Promise<unknown>): Promise<DarajaError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DarajaError);
  return error as DarajaError;
}

describe('OAuth token', () => {
  it('asks for a token with Basic auth of the consumer key and secret', async () => {
    const { daraja, calls } = client({ [OAUTH]: [() => tokenAnswer()], [PUSH]: [() => json(200, accepted)] });
    await daraja.stkPush(push);
    expect(calls[0]).toMatchObject({
      method: 'GET',
      path: OAUTH,
      headers: { authorization: `Basic ${btoa('unit-consumer-key:unit-consumer-SECRET-value')}` },
    });
    expect(calls[1]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('sends grant_type=client_credentials', async () => {
    let query = '';
    const fake = fakeDaraja({ [PUSH]: [() => json(200, accepted)] });
    const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).includes(OAUTH)) {
        query = new URL(String(input)).search;
        return tokenAnswer();
      }
      return fake.fetch(input, init);
    }) as typeof globalThis.fetch;
    await createDarajaClient(config, { fetch }).stkPush(push);
    expect(query).toBe('?grant_type=client_credentials');
  });

  it('uses one token for many calls, also when they start together', async () => {
    let releaseToken: () => void = () => {};
    const tokenGate = new Promise<void>((resolve) => {
      releaseToken = resolve;
    });
    const { daraja, count } = client({
      [OAUTH]: [
        async () => {
          await tokenGate;
          return tokenAnswer();
        },
      ],
      [PUSH]: [() => json(200, accepted)],
    });
    const pushes = Promise.all([daraja.stkPush(push), daraja.stkPush(push), daraja.stkPush(push)]);
    releaseToken();
    await pushes;
    await daraja.stkPush(push);
    expect(count(OAUTH)).toBe(1);
    expect(count(PUSH)).toBe(4);
  });

  it('refreshes a minute before expires_in runs out', async () => {
    let now = new Date('2024-06-01T08:00:00Z');
    const { daraja, count } = client(
      {
        [OAUTH]: [() => tokenAnswer('first', '3599'), () => tokenAnswer('second', '3599')],
        [PUSH]: [() => json(200, accepted)],
      },
      { now: () => now },
    );
    await daraja.stkPush(push);
    now = new Date(now.getTime() + (3599 - 61) * 1000);
    await daraja.stkPush(push);
    expect(count(OAUTH)).toBe(1);
    now = new Date(now.getTime() + 2000);
    await daraja.stkPush(push);
    expect(count(OAUTH)).toBe(2);
  });

  it('refreshes once and retries once when Daraja refuses the token', async () => {
    const { daraja, calls } = client({
      [OAUTH]: [() => tokenAnswer('old'), () => tokenAnswer('new')],
      [PUSH]: [
        () => json(401, { requestId: 'r1', errorCode: '404.001.03', errorMessage: 'Invalid Access Token' }),
        () => json(200, accepted),
      ],
    });
    const result = await daraja.stkPush(push);
    expect(result.checkoutRequestId).toBe(accepted.CheckoutRequestID);
    expect(calls.map((call) => [call.path, call.headers.authorization?.split(' ')[0]])).toEqual([
      [OAUTH, 'Basic'],
      [PUSH, 'Bearer'],
      [OAUTH, 'Basic'],
      [PUSH, 'Bearer'],
    ]);
    expect(calls[3]!.headers.authorization).toBe('Bearer new');
  });

  it('also refreshes on Daraja\'s "Invalid Access Token" code when it comes with another status', async () => {
    const { daraja, count } = client({
      [OAUTH]: [() => tokenAnswer()],
      [PUSH]: [
        () => json(404, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' }),
        () => json(200, accepted),
      ],
    });
    await daraja.stkPush(push);
    expect(count(OAUTH)).toBe(2);
  });

  it('gives up with an auth error when the fresh token is refused too', async () => {
    const { daraja, count } = client({
      [OAUTH]: [() => tokenAnswer()],
      [PUSH]: [() => json(401, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' })],
    });
    const error = await failure(daraja.stkPush(push));
    expect(error).toMatchObject({ kind: 'auth', operation: 'stk_push', code: '404.001.03', httpStatus: 401 });
    expect(count(PUSH)).toBe(2);
    expect(count(OAUTH)).toBe(2);
  });

  it('fails with an auth error when the credentials are refused, and asks again on the next call', async () => {
    const { daraja, count } = client({
      [OAUTH]: [
        () =>
          json(400, {
            requestId: 'r',
            errorCode: '400.008.01',
            errorMessage: 'Invalid Authentication passed',
          }),
        () => tokenAnswer(),
      ],
      [PUSH]: [() => json(200, accepted)],
    });
    const error = await failure(daraja.stkPush(push));
    expect(error).toMatchObject({
      kind: 'auth',
      operation: 'oauth',
      code: '400.008.01',
      httpStatus: 400,
      requestId: 'r',
    });
    expect(count(PUSH)).toBe(0);
    await expect(daraja.stkPush(push)).resolves.toMatchObject({ responseCode: '0' });
    expect(count(OAUTH)).toBe(2);
  });

  it('refuses a token answer without expires_in', async () => {
    const { daraja } = client({ [OAUTH]: [() => json(200, { access_token: TOKEN })] });
    expect(await failure(daraja.stkPush(push))).toMatchObject({ kind: 'bad_response', operation: 'oauth' });
  });
});

describe('stkPush', () => {
  it('sends the request Daraja expects: password, Nairobi timestamp, paybill, phone, amount', async () => {
    const { daraja, calls } = client(
      { [OAUTH]: [() => tokenAnswer()], [PUSH]: [() => json(200, accepted)] },
      { now: () => new Date('2024-01-31T21:05:09Z') },
    );
    const result = await daraja.stkPush(push);
    const sent = calls[1]!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toEqual({
      BusinessShortCode: '6060047',
      Password: Buffer.from(`6060047${config.passkey}20240201000509`).toString('base64'),
      Timestamp: '20240201000509',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1500,
      PartyA: '254708374149',
      PartyB: '6060047',
      PhoneNumber: '254708374149',
      CallBackURL: CALLBACK,
      AccountReference: 'LR-000123',
      TransactionDesc: 'Land rates',
    });
    expect(result).toEqual({
      merchantRequestId: accepted.MerchantRequestID,
      checkoutRequestId: accepted.CheckoutRequestID,
      responseCode: '0',
      responseDescription: accepted.ResponseDescription,
      customerMessage: accepted.CustomerMessage,
    });
  });

  it.each([
    ['a phone in 07 form', { phone: '0708374149' }, /phone/],
    ['a landline', { phone: '254201234567' }, /phone/],
    ['an amount of 0', { amountShillings: 0 }, /amountShillings/],
    ['an amount with cents', { amountShillings: 10.5 }, /amountShillings/],
    ['an account reference of 13 characters', { accountReference: 'ABCDEFGHIJKLM' }, /accountReference/],
    ['an empty account reference', { accountReference: ' ' }, /accountReference/],
    ['an account reference with a line break', { accountReference: 'INV\n1' }, /accountReference/],
    ['a description of 14 characters', { description: 'Land rates 202' }, /description/],
    ['a relative callback URL', { callbackUrl: '/api/payments/cb' }, /callbackUrl must be an absolute URL/],
    [
      'a callback URL that says mpesa',
      { callbackUrl: 'https://x.example/api/mpesa/cb' },
      /must not contain "mpesa"/,
    ],
  ])('refuses %s before sending anything', async (_name, change, message) => {
    const { daraja, calls } = client({ [OAUTH]: [() => tokenAnswer()], [PUSH]: [() => json(200, accepted)] });
    const error = await failure(daraja.stkPush({ ...push, ...change }));
    expect(error.kind).toBe('invalid_request');
    expect(error.message).toMatch(message);
    expect(calls).toEqual([]);
  });

  it('turns a Daraja error body into a DarajaError with its code, message and request id', async () => {
    const { daraja } = client({
      [OAUTH]: [() => tokenAnswer()],
      [PUSH]: [
        () =>
          json(400, {
            requestId: '5115-78674050-1',
            errorCode: '400.002.02',
            errorMessage: 'Bad Request - Invalid PhoneNumber',
          }),
      ],
    });
    const error = await failure(daraja.stkPush(push));
    expect(error).toMatchObject({
      kind: 'api',
      operation: 'stk_push',
      code: '400.002.02',
      httpStatus: 400,
      requestId: '5115-78674050-1',
      darajaMessage: 'Bad Request - Invalid PhoneNumber',
      message: 'Daraja stk_push: Bad Request - Invalid PhoneNumber (400.002.02)',
    });
  });

  it('turns a non-zero ResponseCode into a rejected DarajaError', async () => {
    const { daraja } = client({
      [OAUTH]: [() => tokenAnswer()],
      [PUSH]: [() => json(200, { ResponseCode: '1', ResponseDescription: 'Rejected by the system' })],
    });
    expect(await failure(daraja.stkPush(push))).toMatchObject({
      kind: 'rejected',
      code: '1',
      darajaMessage: 'Rejected by the system',
    });
  });

  it('turns an HTML error page into an api error with the status', async () => {
    const { daraja } = client({
      [OAUTH]: [() => tokenAnswer()],
      [PUSH]: [() => new Response('<html>Bad gateway</html>', { status: 502 })],
    });
    expect(await failure(daraja.stkPush(push))).toMatchObject({
      kind: 'api',
      code: 'http_502',
      httpStatus: 502,
    });
  });

  it('turns a 200 answer of the wrong shape into bad_response', async () => {
    const { daraja } = client({
      [OAUTH]: [() => tokenAnswer()],
      [PUSH]: [() => json(200, { hello: 'world' })],
    });
    expect(await failure(daraja.stkPush(push))).toMatchObject({
      kind: 'bad_response',
      operation: 'stk_push',
    });
  });

  it('turns a network failure into a network error', async () => {
    const { daraja } = client({
      [OAUTH]: [() => tokenAnswer()],
      [PUSH]: [
        () => {
          throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 10.0.0.1:443') });
        },
      ],
    });
    const error = await failure(daraja.stkPush(push));
    expect(error).toMatchObject({ kind: 'network', code: 'network', operation: 'stk_push' });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('gives up after the time limit', async () => {
    const { daraja } = client(
      {
        [OAUTH]: [() => tokenAnswer()],
        [PUSH]: [
          (_call, signal) =>
            new Promise<Response>((_resolve, reject) => {
              signal.addEventListener('abort', () => reject(signal.reason));
            }),
        ],
      },
      { timeoutMs: 30 },
    );
    const started = Date.now();
    const error = await failure(daraja.stkPush(push));
    expect(error).toMatchObject({
      kind: 'timeout',
      code: 'timeout',
      message: 'Daraja stk_push: no answer within 30 ms (timeout)',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('never puts a secret, the token or the password in an error or a log line', async () => {
    const lines: string[] = [];
    const log: DarajaLogger = {
      debug: (details, message) => lines.push(JSON.stringify(details), message),
      warn: (details, message) => lines.push(JSON.stringify(details), message),
    };
    const answers: Handler[] = [
      () => json(400, { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Amount' }),
      () => json(500, { errorCode: '500.001.1001', errorMessage: 'Wrong credentials' }),
      () => json(200, { ResponseCode: '17', ResponseDescription: 'Rejected' }),
      () => new Response('oops', { status: 503 }),
      () => {
        throw new TypeError('fetch failed');
      },
    ];
    const { daraja, calls } = client({ [OAUTH]: [() => tokenAnswer()], [PUSH]: answers }, { log });
    const errors: DarajaError[] = [];
    for (let i = 0; i < 5; i += 1) errors.push(await failure(daraja.stkPush(push)));
    const password = (calls[1]!.body as { Password: string }).Password;
    const everything = [...errors.map((e) => `${e.message} ${e.darajaMessage} ${e.code}`), ...lines].join(
      '\n',
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [
      config.consumerSecret,
      config.passkey,
      TOKEN,
      password,
      btoa(`${config.consumerKey}:${config.consumerSecret}`),
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('accepts a Fastify logger as its logger', () => {
    expectTypeOf<FastifyBaseLogger>().toExtend<DarajaLogger>();
  });
});

describe('stkQuery', () => {
  it('sends the paybill, password, timestamp and CheckoutRequestID', async () => {
    const { daraja, calls } = client(
      {
        [OAUTH]: [() => tokenAnswer()],
        [QUERY]: [
          () =>
            json(500, {
              requestId: 'x',
              errorCode: '500.001.1001',
              errorMessage: 'The transaction is being processed',
            }),
        ],
      },
      { now: () => new Date('2024-06-15T09:04:05Z') },
    );
    await daraja.stkQuery('ws_CO_1');
    expect(calls[1]!.body).toEqual({
      BusinessShortCode: '6060047',
      Password: Buffer.from(`6060047${config.passkey}20240615120405`).toString('base64'),
      Timestamp: '20240615120405',
      CheckoutRequestID: 'ws_CO_1',
    });
  });

  it('maps "The transaction is being processed" to a pending result', async () => {
    const { daraja } = client({
      [OAUTH]: [() => tokenAnswer()],
      [QUERY]: [
        () =>
          json(500, {
            requestId: 'x',
            errorCode: '500.001.1001',
            errorMessage: 'The transaction is being processed',
          }),
      ],
    });
    expect(await daraja.stkQuery('ws_CO_1')).toEqual({
      status: 'pending',
      checkoutRequestId: 'ws_CO_1',
      message: 'The transaction is being processed',
    });
  });

  it('does not mistake the same code with another message ("Wrong credentials") for pending', async () => {
    const { daraja } = client({
      [OAUTH]: [() => tokenAnswer()],
      [QUERY]: [() => json(500, { errorCode: '500.001.1001', errorMessage: 'Wrong credentials' })],
    });
    expect(await failure(daraja.stkQuery('ws_CO_1'))).toMatchObject({ kind: 'api', code: '500.001.1001' });
  });

  it.each([
    ['0', 'The service request is processed successfully.', 0, true],
    ['1032', 'Request cancelled by user', 1032, false],
    [1037, 'DS timeout user cannot be reached', 1037, false],
  ])('reads ResultCode %j as a completed result', async (code, desc, resultCode, paid) => {
    const { daraja } = client({
      [OAUTH]: [() => tokenAnswer()],
      [QUERY]: [
        () =>
          json(200, {
            ResponseCode: '0',
            ResponseDescription: 'The service request has been accepted successsfully',
            MerchantRequestID: 'm-1',
            CheckoutRequestID: 'ws_CO_1',
            ResultCode: code,
            ResultDesc: desc,
          }),
      ],
    });
    expect(await daraja.stkQuery('ws_CO_1')).toEqual({
      status: 'completed',
      checkoutRequestId: 'ws_CO_1',
      merchantRequestId: 'm-1',
      resultCode,
      resultDesc: desc,
      paid,
    });
  });

  it('refuses an empty CheckoutRequestID', async () => {
    const { daraja, calls } = client({});
    expect(await failure(daraja.stkQuery(''))).toMatchObject({ kind: 'invalid_request' });
    expect(calls).toEqual([]);
  });
});

describe('registerC2bUrls', () => {
  it('registers both URLs for the paybill and reads the answer', async () => {
    const { daraja, calls } = client({
      [OAUTH]: [() => tokenAnswer()],
      [REGISTER]: [
        () =>
          json(200, {
            OriginatorCoversationID: '7619-37765134-1',
            ResponseCode: '0',
            ResponseDescription: 'Success',
          }),
      ],
    });
    const result = await daraja.registerC2bUrls({
      confirmationUrl: 'https://portal.example/api/payments/c2b/confirm/s3cret',
      validationUrl: 'https://portal.example/api/payments/c2b/validate/s3cret',
      responseType: 'Completed',
    });
    expect(calls[1]!.body).toEqual({
      ShortCode: '6060047',
      ResponseType: 'Completed',
      ConfirmationURL: 'https://portal.example/api/payments/c2b/confirm/s3cret',
      ValidationURL: 'https://portal.example/api/payments/c2b/validate/s3cret',
    });
    expect(result).toEqual({
      originatorConversationId: '7619-37765134-1',
      responseCode: '0',
      responseDescription: 'Success',
    });
  });

  it('refuses URLs Daraja would refuse, before sending anything', async () => {
    const { daraja, calls } = client({});
    const error = await failure(
      daraja.registerC2bUrls({
        confirmationUrl: 'https://portal.example/M-PESA/confirm',
        validationUrl: 'https://portal.example/validate',
        responseType: 'Completed',
      }),
    );
    expect(error).toMatchObject({ kind: 'invalid_request', operation: 'c2b_register' });
    expect(error.message).toMatch(/confirmationUrl/);
    expect(calls).toEqual([]);
  });
});

describe('darajaUrlProblem', () => {
  it.each([
    ['https://eservices.nairobi.go.ke/api/payments/stk/x', undefined],
    ['http://127.0.0.1:3000/api/payments/stk/x', undefined],
    ['https://x.example/Safaricom/cb', 'must not contain "mpesa", "m-pesa" or "safaricom"'],
    ['ftp://x.example/cb', 'must be an http or https URL'],
    ['not a url', 'must be an absolute URL'],
  ])('%s → %s', (url, problem) => {
    expect(darajaUrlProblem(url)).toBe(problem);
  });
});

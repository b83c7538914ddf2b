import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  DARAJA_PHONE,
  darajaTimestamp,
  expectedPassword,
  isAcceptableUrl,
  isDarajaTimestamp,
  checkoutRequestId as newCheckoutRequestId,
  randomAccessToken,
  randomReceiptNumber,
  randomRequestId,
  resultDescription,
  shillingsText,
} from './daraja-values';
import { type NextOutcome, OUTCOMES, type Outcome, outcomeForPhone, resultCodeOf } from './outcomes';

/**
 * A local M-Pesa Daraja: the same paths, payloads, answers and error shapes as Safaricom's API
 * for OAuth, STK push, STK push query and C2B, plus a control API under `/__sim/` for tests.
 * Each simulator keeps its own state (tokens, transactions, queued outcomes, history): create one
 * per test file, or per test, and nothing leaks between them.
 */

export interface SimulatorOptions {
  consumerKey: string;
  consumerSecret: string;
  /** The paybill (`BusinessShortCode`) the simulator plays. */
  shortcode: string;
  passkey: string;
  /** Delay from an accepted push to its callback. Default 1500 ms (tests: 0–50). */
  callbackDelayMs?: number;
  /** Delay from a push to an unreachable phone (`timeout`) to its 1037 callback. Default 30 000 ms. */
  timeoutDelayMs?: number;
  /** Gap between the two copies of a duplicated callback. Default 200 ms. */
  duplicateGapMs?: number;
  /** Lifetime of an access token (`expires_in`). Default 3599 s, as Daraja. */
  tokenTtlSeconds?: number;
  /** How long the simulator waits for the portal to answer a callback. Default 8000 ms. */
  callbackTimeoutMs?: number;
  /** Receives one line per notable event (push, callback, C2B payment). Default: silent. */
  log?: (line: string) => void;
}

/** A Daraja API request the simulator received, with its answer. */
export interface RecordedRequest {
  at: string;
  method: string;
  /** The path and query, e.g. `/mpesa/stkpush/v1/processrequest`. */
  path: string;
  /** The caller's `x-request-id` header, when it sent one (the portal sends its request's id). */
  requestId?: string;
  body: unknown;
  status: number;
  response: unknown;
}

/** A request the simulator sent to the portal. */
export interface SentCallback {
  at: string;
  kind: 'stk' | 'c2b_validation' | 'c2b_confirmation' | 'transaction_status';
  url: string;
  body: unknown;
  /** The portal's HTTP status, when it answered. */
  status?: number;
  /** The portal's answer (parsed JSON, else text). */
  response?: unknown;
  /** Why the portal could not be reached, when it could not. */
  error?: string;
}

export interface SimulatorHistory {
  requests: RecordedRequest[];
  callbacks: SentCallback[];
}

export interface C2bPayInput {
  /** The payer's phone, in any Kenyan form. */
  phone: string;
  amountShillings: number;
  /** The account number the payer typed: the bill number. */
  billRefNumber: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  /**
   * false: this paybill has no external validation (Safaricom's default unless the county asked
   * for it), so the payment is confirmed without asking the portal first. Default true.
   */
  validate?: boolean;
}

export interface CallAttempt {
  status?: number;
  response?: unknown;
  error?: string;
}

export interface C2bPayResult {
  transId: string;
  /** True when the payment went through (validation accepted it, or could not be reached and ResponseType is Completed). */
  accepted: boolean;
  validation: CallAttempt;
  /** Null when the payment was refused. */
  confirmation: CallAttempt | null;
}

export interface Simulator {
  /** Starts listening (port 0 = any free port) and resolves with the base URL. */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops listening and cancels every scheduled callback. */
  close(): Promise<void>;
  /** The base URL, e.g. `http://127.0.0.1:3100`. Throws before `listen`. */
  readonly url: string;
  /** Queues the outcome of the next push (to one phone, or to any). */
  nextOutcome(next: NextOutcome): void;
  /** Everything received and sent so far (copies). */
  history(): SimulatorHistory;
  /** A customer pays the paybill from their phone: validation, then confirmation. */
  c2bPay(input: C2bPayInput): Promise<C2bPayResult>;
  /** Makes every access token issued so far invalid, as if it had expired. */
  expireTokens(): number;
  /** Forgets tokens, transactions, queued outcomes, registered URLs and history. */
  reset(): void;
  /** Resolves once no callback is scheduled or in flight. */
  whenIdle(): Promise<void>;
}

/** A refusal by the control API (bad input, or C2B URLs not registered). */
export class SimulatorError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

interface StkTransaction {
  merchantRequestId: string;
  checkoutRequestId: string;
  phone: string;
  amount: number;
  callbackUrl: string;
  outcome: Outcome;
  resultCode: number;
  paidAmount: number;
  /** Set when the outcome is decided (when its callback is, or would be, sent). */
  decided?: { resultDesc: string; receipt?: string; transactionDate?: string };
}

interface DarajaAnswer {
  status: number;
  body: unknown;
}

const CUSTOMER_MESSAGE = 'Success. Request accepted for processing';
const PHONE_INPUT = /^(?:\+?254|0)?([17]\d{8})$/;

/** Any accepted Kenyan form → `2547…` / `2541…`, or undefined. */
function normalisePhone(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const match = PHONE_INPUT.exec(String(value).replace(/[\s-]/g, ''));
  return match ? `254${match[1]}` : undefined;
}

/** Daraja accepts numbers where it documents strings (Amount, PartyA, PhoneNumber, shortcodes). */
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function createSimulator(options: SimulatorOptions): Simulator {
  const callbackDelayMs = options.callbackDelayMs ?? 1500;
  const timeoutDelayMs = options.timeoutDelayMs ?? 30_000;
  const duplicateGapMs = options.duplicateGapMs ?? 200;
  const tokenTtlSeconds = options.tokenTtlSeconds ?? 3599;
  const callbackTimeoutMs = options.callbackTimeoutMs ?? 8000;
  const log = options.log ?? (() => {});
  const basicAuth = `Basic ${Buffer.from(`${options.consumerKey}:${options.consumerSecret}`).toString('base64')}`;

  // All state lives here, in this closure: one simulator never sees another's.
  let sequence = 0;
  const tokens = new Map<string, number>(); // token → expiry (ms since epoch)
  const transactions = new Map<string, StkTransaction>();
  const receipts = new Set<string>();
  let queued: NextOutcome[] = [];
  let c2bUrls:
    | { confirmationUrl: string; validationUrl: string; responseType: 'Completed' | 'Cancelled' }
    | undefined;
  let orgBalanceShillings = 0;
  /**
   * Payments that happened, by receipt number (a paybill payment's TransID, a paid prompt's
   * MpesaReceiptNumber): what the transaction status query answers from, with the amount that moved.
   */
  const paidTransactions = new Map<
    string,
    { amountShillings: number; phone: string; name: string; at: string; reason: string }
  >();
  let history: SimulatorHistory = { requests: [], callbacks: [] };
  const timers = new Map<NodeJS.Timeout, () => void>();
  const tasks = new Set<Promise<void>>();
  let closing = new AbortController();
  let baseUrl: string | undefined;

  const next = () => {
    sequence += 1;
    return sequence;
  };
  const error = (status: number, errorCode: string, errorMessage: string): DarajaAnswer => ({
    status,
    body: { requestId: randomRequestId(next()), errorCode, errorMessage },
  });
  const badRequest = (field: string) => error(400, '400.002.02', `Bad Request - Invalid ${field}`);

  function uniqueReceipt(): string {
    for (;;) {
      const receipt = randomReceiptNumber();
      if (!receipts.has(receipt)) {
        receipts.add(receipt);
        return receipt;
      }
    }
  }

  /** Runs `work` after `ms`, tracked so that `whenIdle` can wait for it and `close` can cancel it. */
  function schedule(ms: number, work: () => Promise<void>): void {
    const task = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        work()
          .catch((failure: unknown) => log(`scheduled work failed: ${String(failure)}`))
          .finally(resolve);
      }, ms);
      timers.set(timer, resolve);
    });
    tasks.add(task);
    void task.finally(() => tasks.delete(task));
  }

  /** POSTs JSON to the portal and records what happened. */
  async function send(kind: SentCallback['kind'], url: string, body: unknown): Promise<CallAttempt> {
    const record: SentCallback = { at: new Date().toISOString(), kind, url, body };
    history.callbacks.push(record);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(callbackTimeoutMs)]),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        // keep the text
      }
      record.status = response.status;
      record.response = parsed;
      return { status: response.status, response: parsed };
    } catch (failure) {
      record.error = failure instanceof Error ? (failure.cause ?? failure).toString() : String(failure);
      return { error: record.error };
    }
  }

  function stkCallbackBody(tx: StkTransaction) {
    const decided = tx.decided!;
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: tx.merchantRequestId,
      CheckoutRequestID: tx.checkoutRequestId,
      ResultCode: tx.resultCode,
      ResultDesc: decided.resultDesc,
    };
    if (tx.resultCode === 0) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: tx.paidAmount },
          { Name: 'MpesaReceiptNumber', Value: decided.receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: Number(decided.transactionDate) },
          { Name: 'PhoneNumber', Value: Number(tx.phone) },
        ],
      };
    }
    return { Body: { stkCallback } };
  }

  async function sendStkCallback(tx: StkTransaction, copy: string): Promise<void> {
    const result = await send('stk', tx.callbackUrl, stkCallbackBody(tx));
    log(
      `STK callback${copy} ResultCode ${tx.resultCode} for ${tx.checkoutRequestId}: ${
        result.status === undefined ? `not delivered (${result.error})` : `HTTP ${result.status}`
      }`,
    );
  }

  /** Decides the outcome of an accepted push when its time comes, and sends its callback(s). */
  function settle(tx: StkTransaction): void {
    const delay = tx.outcome === 'timeout' ? timeoutDelayMs : callbackDelayMs;
    schedule(delay, async () => {
      tx.decided = {
        resultDesc: resultDescription(tx.resultCode),
        ...(tx.resultCode === 0
          ? { receipt: uniqueReceipt(), transactionDate: darajaTimestamp(new Date()) }
          : {}),
      };
      if (tx.decided.receipt !== undefined && tx.decided.transactionDate !== undefined) {
        paidTransactions.set(tx.decided.receipt, {
          amountShillings: tx.paidAmount,
          phone: tx.phone,
          name: 'M-PESA CUSTOMER',
          at: tx.decided.transactionDate,
          reason: 'Pay Bill Online',
        });
      }
      if (tx.outcome === 'no_callback') {
        log(`STK ${tx.checkoutRequestId}: ResultCode ${tx.resultCode}, callback withheld (no_callback)`);
        return;
      }
      await sendStkCallback(tx, '');
      if (tx.outcome === 'duplicate_callbacks') {
        schedule(duplicateGapMs, () => sendStkCallback(tx, ' (duplicate)'));
      }
    });
  }

  /** Takes the outcome queued for this phone, else for any phone, else the phone's magic outcome. */
  function takeOutcome(phone: string): NextOutcome {
    let index = queued.findIndex((entry) => entry.phone === phone);
    if (index === -1) index = queued.findIndex((entry) => entry.phone === undefined);
    if (index === -1) return { outcome: outcomeForPhone(phone) };
    const [entry] = queued.splice(index, 1);
    return entry!;
  }

  // ---- Daraja endpoints ------------------------------------------------------------------------

  function checkBearer(request: FastifyRequest): DarajaAnswer | undefined {
    const header = request.headers.authorization;
    if (typeof header !== 'string' || !header.startsWith('Bearer ')) {
      return error(401, '404.001.04', 'Invalid Authentication Header');
    }
    const expiry = tokens.get(header.slice('Bearer '.length).trim());
    if (expiry === undefined || expiry <= Date.now()) return error(401, '404.001.03', 'Invalid Access Token');
    return undefined;
  }

  /** Checks BusinessShortCode, Password and Timestamp as Daraja does for STK push and query. */
  function checkCredentials(body: Record<string, unknown>): DarajaAnswer | undefined {
    const shortcode = asText(body.BusinessShortCode);
    if (shortcode === undefined || !/^\d{5,7}$/.test(shortcode)) return badRequest('BusinessShortCode');
    if (typeof body.Password !== 'string' || body.Password.length === 0) return badRequest('Password');
    if (!isDarajaTimestamp(body.Timestamp)) return badRequest('Timestamp');
    return undefined;
  }

  /** After the formats: the merchant must exist and the password must match (Daraja answers these as 500s). */
  function checkMerchant(body: Record<string, unknown>): DarajaAnswer | undefined {
    if (asText(body.BusinessShortCode) !== options.shortcode) {
      return error(500, '500.001.1001', 'Merchant does not exist');
    }
    if (body.Password !== expectedPassword(options.shortcode, options.passkey, body.Timestamp as string)) {
      return error(500, '500.001.1001', 'Wrong credentials');
    }
    return undefined;
  }

  function processRequest(body: Record<string, unknown>): DarajaAnswer {
    const invalid = checkCredentials(body);
    if (invalid) return invalid;
    if (body.TransactionType !== 'CustomerPayBillOnline') return badRequest('TransactionType');
    const amount = asText(body.Amount);
    if (amount === undefined || !/^\d+$/.test(amount.trim()) || Number(amount) < 1)
      return badRequest('Amount');
    const partyA = asText(body.PartyA);
    if (partyA === undefined || !DARAJA_PHONE.test(partyA)) return badRequest('PartyA');
    if (asText(body.PartyB) !== asText(body.BusinessShortCode)) return badRequest('PartyB');
    const phone = asText(body.PhoneNumber);
    if (phone === undefined || !DARAJA_PHONE.test(phone)) return badRequest('PhoneNumber');
    if (!isAcceptableUrl(body.CallBackURL)) return badRequest('CallBackURL');
    const reference = asText(body.AccountReference);
    if (reference === undefined || reference.trim() === '' || reference.length > 12) {
      return badRequest('AccountReference');
    }
    const description = asText(body.TransactionDesc);
    if (description === undefined || description.trim() === '' || description.length > 13) {
      return badRequest('TransactionDesc');
    }
    const refused = checkMerchant(body);
    if (refused) return refused;

    const choice = takeOutcome(phone);
    const n = next();
    const tx: StkTransaction = {
      merchantRequestId: randomRequestId(n),
      checkoutRequestId: newCheckoutRequestId(new Date(), n),
      phone,
      amount: Number(amount),
      callbackUrl: body.CallBackURL,
      outcome: choice.outcome,
      resultCode: choice.outcome === 'failed' ? (choice.resultCode ?? 1025) : resultCodeOf(choice.outcome),
      paidAmount: choice.amountShillings ?? Number(amount),
    };
    transactions.set(tx.checkoutRequestId, tx);
    log(`STK push KES ${tx.amount} from ${phone} for ${reference}: ${tx.outcome} (${tx.checkoutRequestId})`);
    settle(tx);
    return {
      status: 200,
      body: {
        MerchantRequestID: tx.merchantRequestId,
        CheckoutRequestID: tx.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: CUSTOMER_MESSAGE,
        CustomerMessage: CUSTOMER_MESSAGE,
      },
    };
  }

  function query(body: Record<string, unknown>): DarajaAnswer {
    const invalid = checkCredentials(body);
    if (invalid) return invalid;
    if (typeof body.CheckoutRequestID !== 'string' || body.CheckoutRequestID === '') {
      return badRequest('CheckoutRequestID');
    }
    const refused = checkMerchant(body);
    if (refused) return refused;
    const tx = transactions.get(body.CheckoutRequestID);
    if (tx === undefined) return badRequest('CheckoutRequestID');
    if (tx.decided === undefined) return error(500, '500.001.1001', 'The transaction is being processed');
    return {
      status: 200,
      body: {
        ResponseCode: '0',
        // Daraja's own spelling.
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: tx.merchantRequestId,
        CheckoutRequestID: tx.checkoutRequestId,
        ResultCode: String(tx.resultCode),
        ResultDesc: tx.decided.resultDesc,
      },
    };
  }

  function registerUrls(body: Record<string, unknown>): DarajaAnswer {
    if (asText(body.ShortCode) !== options.shortcode) return badRequest('ShortCode');
    if (body.ResponseType !== 'Completed' && body.ResponseType !== 'Cancelled')
      return badRequest('ResponseType');
    if (!isAcceptableUrl(body.ConfirmationURL)) return badRequest('ConfirmationURL');
    if (!isAcceptableUrl(body.ValidationURL)) return badRequest('ValidationURL');
    c2bUrls = {
      confirmationUrl: body.ConfirmationURL,
      validationUrl: body.ValidationURL,
      responseType: body.ResponseType,
    };
    log(`C2B URLs registered (${body.ResponseType})`);
    return {
      status: 200,
      body: {
        OriginatorCoversationID: randomRequestId(next()),
        ResponseCode: '0',
        ResponseDescription: 'Success',
      },
    };
  }

  /**
   * The transaction status query: accepted at once; the answer goes to ResultURL a moment later,
   * naming the ConversationID given here, with the amount that moved. Both a paybill payment's
   * TransID and a paid prompt's receipt number are known; a receipt this paybill never received
   * is answered with a failure, as Daraja does.
   */
  function transactionStatus(body: Record<string, unknown>): DarajaAnswer {
    if (asText(body.PartyA) !== options.shortcode) return badRequest('PartyA');
    if (typeof body.TransactionID !== 'string' || body.TransactionID === '')
      return badRequest('TransactionID');
    if (!isAcceptableUrl(body.ResultURL)) return badRequest('ResultURL');
    if (typeof body.Initiator !== 'string' || typeof body.SecurityCredential !== 'string')
      return badRequest('Initiator');
    const transactionId = body.TransactionID;
    const resultUrl = body.ResultURL;
    const originatorConversationId = randomRequestId(next());
    const conversationId = `AG_${darajaTimestamp(new Date())}_${randomRequestId(next()).replace(/\W/g, '')}`;
    const paid = paidTransactions.get(transactionId);
    schedule(callbackDelayMs, async () => {
      const Result = paid
        ? {
            ResultType: 0,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            OriginatorConversationID: originatorConversationId,
            ConversationID: conversationId,
            TransactionID: transactionId,
            ResultParameters: {
              ResultParameter: [
                { Key: 'DebitPartyName', Value: `${paid.phone} - ${paid.name}` },
                { Key: 'TransactionStatus', Value: 'Completed' },
                { Key: 'Amount', Value: paid.amountShillings },
                { Key: 'ReceiptNo', Value: transactionId },
                { Key: 'FinalisedTime', Value: Number(paid.at) },
                { Key: 'ReasonType', Value: paid.reason },
              ],
            },
          }
        : {
            ResultType: 0,
            ResultCode: 2001,
            ResultDesc: 'The initiator information is invalid.',
            OriginatorConversationID: originatorConversationId,
            ConversationID: conversationId,
            TransactionID: transactionId,
          };
      const sent = await send('transaction_status', resultUrl, { Result });
      log(
        `Transaction status of ${transactionId}: ResultCode ${Result.ResultCode}, HTTP ${sent.status ?? sent.error}`,
      );
    });
    return {
      status: 200,
      body: {
        OriginatorConversationID: originatorConversationId,
        ConversationID: conversationId,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      },
    };
  }

  // ---- C2B payments --------------------------------------------------------------------------

  async function c2bPay(input: C2bPayInput): Promise<C2bPayResult> {
    if (c2bUrls === undefined) {
      throw new SimulatorError(409, 'No C2B URLs are registered: POST /mpesa/c2b/v1/registerurl first');
    }
    const phone = normalisePhone(input.phone);
    if (phone === undefined) throw new SimulatorError(400, 'phone must be a Kenyan mobile number');
    if (!Number.isSafeInteger(input.amountShillings) || input.amountShillings < 1) {
      throw new SimulatorError(400, 'amountShillings must be a whole number ≥ 1');
    }
    if (typeof input.billRefNumber !== 'string') throw new SimulatorError(400, 'billRefNumber is required');
    const urls = c2bUrls;
    const transId = uniqueReceipt();
    const payload = {
      TransactionType: 'Pay Bill',
      TransID: transId,
      TransTime: darajaTimestamp(new Date()),
      TransAmount: shillingsText(input.amountShillings),
      BusinessShortCode: options.shortcode,
      BillRefNumber: input.billRefNumber,
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: phone,
      FirstName: input.firstName ?? 'Jane',
      MiddleName: input.middleName ?? 'Wanjiku',
      LastName: input.lastName ?? 'Kamau',
    };
    const validation: CallAttempt =
      input.validate === false ? {} : await send('c2b_validation', urls.validationUrl, payload);
    const answered = isObject(validation.response) && 'ResultCode' in validation.response;
    const reachable = validation.status !== undefined && validation.status >= 200 && validation.status < 300;
    const accepted =
      input.validate === false
        ? true
        : reachable && answered
          ? (validation.response as { ResultCode: unknown }).ResultCode === 0 ||
            (validation.response as { ResultCode: unknown }).ResultCode === '0'
          : urls.responseType === 'Completed';
    if (!accepted) {
      log(`C2B ${transId}: KES ${input.amountShillings} for ${input.billRefNumber} refused at validation`);
      return { transId, accepted, validation, confirmation: null };
    }
    orgBalanceShillings += input.amountShillings;
    paidTransactions.set(transId, {
      amountShillings: input.amountShillings,
      phone,
      name: `${payload.FirstName} ${payload.LastName}`,
      at: payload.TransTime,
      reason: 'Pay Bill',
    });
    const confirmation = await send('c2b_confirmation', urls.confirmationUrl, {
      ...payload,
      OrgAccountBalance: shillingsText(orgBalanceShillings),
    });
    log(`C2B ${transId}: KES ${input.amountShillings} for ${input.billRefNumber} confirmed`);
    return { transId, accepted, validation, confirmation };
  }

  // ---- HTTP ----------------------------------------------------------------------------------

  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });

  app.setErrorHandler((failure: { statusCode?: number; message: string }, request, reply) => {
    const status = failure.statusCode ?? 500;
    if (request.url.startsWith('/__sim/')) return reply.code(status).send({ error: failure.message });
    const answer = status < 500 ? badRequest('JSON') : error(500, '500.003.02', 'Internal Server Error');
    return reply.code(answer.status).send(answer.body);
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({
      requestId: randomRequestId(next()),
      errorCode: '404.001.01',
      errorMessage: 'Resource not found',
    }),
  );

  function answer(request: FastifyRequest, reply: FastifyReply, result: DarajaAnswer) {
    history.requests.push({
      at: new Date().toISOString(),
      method: request.method,
      path: request.url,
      ...(typeof request.headers['x-request-id'] === 'string'
        ? { requestId: request.headers['x-request-id'] }
        : {}),
      body: request.body,
      status: result.status,
      response: result.body,
    });
    return reply.code(result.status).send(result.body);
  }

  /** A Daraja API route: bearer token, a JSON object body, then the handler. */
  function api(path: string, handler: (body: Record<string, unknown>) => DarajaAnswer) {
    app.post(path, async (request, reply) => {
      const refused = checkBearer(request);
      if (refused) return answer(request, reply, refused);
      if (!isObject(request.body)) return answer(request, reply, badRequest('JSON'));
      return answer(request, reply, handler(request.body));
    });
  }

  app.get('/oauth/v1/generate', async (request, reply) => {
    const { grant_type: grantType } = request.query as { grant_type?: string };
    if (grantType !== 'client_credentials') {
      return answer(request, reply, error(400, '400.008.02', 'Invalid grant type passed'));
    }
    if (request.headers.authorization !== basicAuth) {
      return answer(request, reply, error(400, '400.008.01', 'Invalid Authentication passed'));
    }
    const token = randomAccessToken();
    tokens.set(token, Date.now() + tokenTtlSeconds * 1000);
    return answer(request, reply, {
      status: 200,
      body: { access_token: token, expires_in: String(tokenTtlSeconds) },
    });
  });
  api('/mpesa/stkpush/v1/processrequest', processRequest);
  api('/mpesa/stkpushquery/v1/query', query);
  api('/mpesa/c2b/v1/registerurl', registerUrls);
  api('/mpesa/transactionstatus/v1/query', transactionStatus);

  // ---- control API (tests and demos only; Daraja has nothing like it) ------------------------

  app.get('/__sim/health', async () => ({ ok: true }));
  app.get('/__sim/requests', async () => simulator.history());
  app.post(
    '/__sim/next-outcome',
    {
      schema: {
        body: {
          type: 'object',
          required: ['outcome'],
          additionalProperties: false,
          properties: {
            phone: { type: 'string' },
            outcome: { type: 'string', enum: [...OUTCOMES] },
            amountShillings: { type: 'integer', minimum: 1 },
            resultCode: { type: 'integer' },
          },
        },
      },
    },
    async (request) => {
      simulator.nextOutcome(request.body as NextOutcome);
      return { queued: queued.length };
    },
  );
  app.post(
    '/__sim/c2b/pay',
    {
      schema: {
        body: {
          type: 'object',
          required: ['phone', 'amountShillings', 'billRefNumber'],
          properties: {
            phone: { type: 'string' },
            amountShillings: { type: 'integer', minimum: 1 },
            billRefNumber: { type: 'string' },
            firstName: { type: 'string' },
            middleName: { type: 'string' },
            lastName: { type: 'string' },
          },
        },
      },
    },
    // A SimulatorError (e.g. no URLs registered) is answered with its status by the error handler.
    async (request) => c2bPay(request.body as C2bPayInput),
  );
  app.post('/__sim/expire-tokens', async () => ({ expired: simulator.expireTokens() }));
  app.post('/__sim/reset', async () => {
    simulator.reset();
    return { ok: true };
  });

  const simulator: Simulator = {
    async listen(port = 0, host = '127.0.0.1') {
      await app.listen({ port, host });
      const address = app.server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      baseUrl = `http://${shownHost === '0.0.0.0' || shownHost === '[::]' ? '127.0.0.1' : shownHost}:${address.port}`;
      return baseUrl;
    },

    async close() {
      closing.abort();
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
      await app.close();
    },

    get url() {
      if (baseUrl === undefined) throw new Error('The simulator is not listening yet: call listen() first');
      return baseUrl;
    },

    nextOutcome(entry) {
      if (!OUTCOMES.includes(entry.outcome)) {
        throw new SimulatorError(400, `outcome must be one of ${OUTCOMES.join(', ')}`);
      }
      const phone = entry.phone === undefined ? undefined : normalisePhone(entry.phone);
      if (entry.phone !== undefined && phone === undefined) {
        throw new SimulatorError(400, 'phone must be a Kenyan mobile number');
      }
      if (entry.outcome === 'failed' && (entry.resultCode === undefined || entry.resultCode === 0)) {
        throw new SimulatorError(400, 'the failed outcome needs a non-zero resultCode');
      }
      if (
        entry.amountShillings !== undefined &&
        (!Number.isSafeInteger(entry.amountShillings) || entry.amountShillings < 1)
      ) {
        throw new SimulatorError(400, 'amountShillings must be a whole number ≥ 1');
      }
      queued.push({ ...entry, ...(phone === undefined ? {} : { phone }) });
    },

    history() {
      return structuredClone(history);
    },

    c2bPay,

    expireTokens() {
      const count = tokens.size;
      tokens.clear();
      return count;
    },

    reset() {
      tokens.clear();
      transactions.clear();
      queued = [];
      c2bUrls = undefined;
      history = { requests: [], callbacks: [] };
      closing.abort();
      closing = new AbortController();
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
    },

    async whenIdle() {
      while (tasks.size > 0) await Promise.all([...tasks]);
    },
  };

  return simulator;
}

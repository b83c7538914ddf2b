import { z } from 'zod';
import type { Config } from '../config';
import { type Fetcher, keepAliveFetch } from '../http/keep-alive-fetch';
import { requestIdHeader } from '../http/request-context';
import { DarajaError, type DarajaOperation } from './daraja-error';
import { formatDarajaTimestamp } from './daraja-time';

/**
 * A client for Safaricom's M-Pesa Daraja API: Lipa na M-Pesa Online (STK push and its status
 * query) and C2B URL registration. It talks to whatever `baseUrl` says: the local simulator
 * (tools/mpesa-sim) in development and tests, `https://api.safaricom.co.ke` in production.
 *
 * - OAuth: one access token, cached until a minute before it expires (Daraja's `expires_in`,
 *   about an hour); concurrent calls share one refresh; when Daraja refuses a token anyway
 *   (HTTP 401 or `404.001.03` "Invalid Access Token"), the client refreshes once and retries once.
 * - Every failure is a {@link DarajaError} with a kind, Daraja's code and message; messages and
 *   logs never carry the consumer secret, the passkey, the password or the token.
 * - Every call has a time limit (15 s by default).
 */

/** What the client needs from the configuration (`config.mpesa` fits). */
export type DarajaConfig = Pick<
  Config['mpesa'],
  'baseUrl' | 'consumerKey' | 'consumerSecret' | 'shortcode' | 'passkey'
> &
  Partial<Pick<Config['mpesa'], 'initiator' | 'securityCredential'>>;

/** The part of a pino/Fastify logger the client uses. It logs operation, status and codes, never bodies. */
export interface DarajaLogger {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface DarajaClientOptions {
  /** The fetch to use (tests pass a fake). Defaults to Node's HTTP client with kept-alive connections. */
  fetch?: Fetcher;
  /** The clock, for the STK timestamp and the token's expiry. Defaults to `new Date()`. */
  now?: () => Date;
  /** How long one HTTP call may take before it fails with kind `timeout`. Default 15 000 ms. */
  timeoutMs?: number;
  log?: DarajaLogger;
}

export interface StkPushRequest {
  /** The payer's phone in the `2547XXXXXXXX` / `2541XXXXXXXX` form (normalisePhone gives it). */
  phone: string;
  /** Whole shillings, at least 1: M-Pesa moves no cents. */
  amountShillings: number;
  /** Shown to the payer and sent back in reconciliation: the bill number, at most 12 characters. */
  accountReference: string;
  /** `TransactionDesc`: at most 13 characters. */
  description: string;
  /**
   * Where Daraja POSTs the result. Must be a public https URL in production; must not contain
   * "mpesa", "m-pesa" or "safaricom" (Daraja silently refuses such URLs).
   */
  callbackUrl: string;
}

/** Daraja accepted the request for sending: the prompt is on its way, nobody has paid yet. */
export interface StkPushResponse {
  merchantRequestId: string;
  /** The id the callback and `stkQuery` refer to. */
  checkoutRequestId: string;
  responseCode: string;
  responseDescription: string;
  customerMessage: string;
}

/** The payer has not answered the prompt yet (Daraja: `500.001.1001` "The transaction is being processed"). */
export interface StkQueryPending {
  status: 'pending';
  checkoutRequestId: string;
  message: string;
}

/** The prompt has an outcome: `resultCode` 0 is paid; see `resultCodeMeaning` for the others. */
export interface StkQueryCompleted {
  status: 'completed';
  checkoutRequestId: string;
  merchantRequestId: string;
  resultCode: number;
  resultDesc: string;
  /** True when resultCode is 0. The query carries no receipt number: the callback does. */
  paid: boolean;
}

export type StkQueryResult = StkQueryPending | StkQueryCompleted;

export interface C2bRegisterRequest {
  confirmationUrl: string;
  validationUrl: string;
  /**
   * What M-Pesa does when the validation URL cannot be reached or answers late:
   * `Completed` accepts the payment, `Cancelled` refuses it.
   */
  responseType: 'Completed' | 'Cancelled';
}

export interface C2bRegisterResponse {
  originatorConversationId: string;
  responseCode: string;
  responseDescription: string;
}

export interface DarajaClient {
  /** The paybill this client pays into (`BusinessShortCode`), to check C2B payloads against. */
  readonly shortcode: string;
  /** Sends the "enter your M-Pesa PIN" prompt to the payer's phone. */
  stkPush(request: StkPushRequest): Promise<StkPushResponse>;
  /**
   * Asks Daraja what became of a prompt: for a payment whose callback has not arrived a minute
   * after the push. A pending answer is not an error.
   */
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
  /** Registers the C2B validation and confirmation URLs of the paybill (payments typed on the phone). */
  registerC2bUrls(request: C2bRegisterRequest): Promise<C2bRegisterResponse>;
  /**
   * Asks Daraja whether a transaction (a paybill payment's TransID) really happened. Daraja
   * accepts the question at once and posts the answer later to `resultUrl`; the answer names
   * the `conversationId` returned here, which no one outside this exchange has seen.
   */
  transactionStatus(request: TransactionStatusRequest): Promise<TransactionStatusAccepted>;
}

export interface TransactionStatusRequest {
  transactionId: string;
  resultUrl: string;
  timeoutUrl: string;
}

export interface TransactionStatusAccepted {
  originatorConversationId: string;
  conversationId: string;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Refresh this long before Daraja's expiry (capped at a tenth of the token's lifetime). */
const TOKEN_REFRESH_MARGIN_MS = 60_000;
const MAX_MESSAGE_LENGTH = 300;

const PHONE = /^254[17]\d{8}$/;
/** Words Daraja refuses in callback, validation and confirmation URLs (any case). */
const FORBIDDEN_URL_WORDS = /m-?pesa|safaricom/i;

/** The STK `Password`: base64 of shortcode + passkey + timestamp. */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

/**
 * Why Daraja would refuse this URL as a callback, validation or confirmation URL, or undefined
 * when it is acceptable: it must be an absolute http(s) URL without "mpesa", "m-pesa" or
 * "safaricom" in it.
 */
export function darajaUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (FORBIDDEN_URL_WORDS.test(value)) return 'must not contain "mpesa", "m-pesa" or "safaricom"';
  return undefined;
}

const code = z.union([z.string(), z.number()]).transform(String);
const resultCode = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().positive()),
});
const errorBodySchema = z.object({
  requestId: code.optional(),
  errorCode: code,
  errorMessage: z.string(),
});
const responseCodeSchema = z.object({ ResponseCode: code, ResponseDescription: z.string().optional() });
const stkPushResponseSchema = z.object({
  MerchantRequestID: z.string().min(1),
  CheckoutRequestID: z.string().min(1),
  ResponseCode: code,
  ResponseDescription: z.string(),
  CustomerMessage: z.string().default(''),
});
const transactionStatusResponseSchema = z.object({
  OriginatorConversationID: z.string().min(1),
  ConversationID: z.string().min(1),
  ResponseCode: code,
  ResponseDescription: z.string().optional(),
});
const stkQueryResponseSchema = z.object({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string(),
  ResponseCode: code,
  ResultCode: resultCode,
  ResultDesc: z.string(),
});
const c2bRegisterResponseSchema = z.object({
  // Daraja spells it "OriginatorCoversationID"; accept the corrected spelling too.
  OriginatorCoversationID: z.string().optional(),
  OriginatorConversationID: z.string().optional(),
  ResponseCode: code,
  ResponseDescription: z.string(),
});

const isSuccessCode = (value: string) => /^0+$/.test(value);
const clip = (text: string) =>
  text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;

interface HttpResult {
  status: number;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  body: unknown;
}

/** True when Daraja refused the access token itself (expired or revoked), so a fresh one may work. */
function tokenRefused(result: HttpResult): boolean {
  if (result.status === 401) return true;
  const parsed = errorBodySchema.safeParse(result.body);
  return parsed.success && parsed.data.errorCode === '404.001.03';
}

/** The DarajaError for an HTTP error answer (4xx/5xx, or 2xx carrying an errorCode). */
function apiError(operation: DarajaOperation, result: HttpResult, kind: 'api' | 'auth' = 'api'): DarajaError {
  const parsed = errorBodySchema.safeParse(result.body);
  if (parsed.success) {
    return new DarajaError({
      kind,
      operation,
      code: parsed.data.errorCode,
      message: clip(parsed.data.errorMessage),
      httpStatus: result.status,
      ...(parsed.data.requestId === undefined ? {} : { requestId: parsed.data.requestId }),
    });
  }
  return new DarajaError({
    kind,
    operation,
    code: `http_${result.status}`,
    message: `Daraja answered HTTP ${result.status}`,
    httpStatus: result.status,
  });
}

/** Throws a DarajaError naming the first invalid argument; nothing is sent. */
function requireValid(operation: DarajaOperation, problems: Array<[boolean, string]>): void {
  const problem = problems.find(([ok]) => !ok);
  if (problem !== undefined) {
    throw new DarajaError({
      kind: 'invalid_request',
      operation,
      code: 'invalid_request',
      message: problem[1],
    });
  }
}

/** True when the text has no control characters (Daraja shows these fields on the payer's phone). */
const printable = (value: string) =>
  [...value].every((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code >= 0x20 && code !== 0x7f;
  });

/**
 * Creates a Daraja client for one paybill. Cheap to create; create one per process and share it,
 * so that the access token is shared too.
 */
export function createDarajaClient(config: DarajaConfig, options: DarajaClientOptions = {}): DarajaClient {
  const fetchImpl = options.fetch ?? keepAliveFetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = options.log;
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const basicAuth = `Basic ${Buffer.from(`${config.consumerKey}:${config.consumerSecret}`, 'utf8').toString('base64')}`;

  let cached: { token: string; refreshAt: number } | undefined;
  let refreshing: Promise<string> | undefined;

  /** One HTTP exchange. Network failures and time-outs become DarajaErrors; HTTP errors are returned. */
  async function send(
    operation: DarajaOperation,
    path: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<HttpResult> {
    const started = performance.now();
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        ...init,
        headers: { ...init.headers, ...requestIdHeader() },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      log?.debug(
        { operation, status: response.status, ms: Math.round(performance.now() - started) },
        'Daraja answered',
      );
      return { status: response.status, body };
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const failure = new DarajaError({
        kind: timedOut ? 'timeout' : 'network',
        operation,
        code: timedOut ? 'timeout' : 'network',
        message: timedOut ? `no answer within ${timeoutMs} ms` : 'could not reach Daraja',
        cause: error,
      });
      log?.warn({ operation, kind: failure.kind }, failure.message);
      throw failure;
    }
  }

  async function fetchToken(): Promise<string> {
    const issuedAt = now().getTime();
    const result = await send('oauth', '/oauth/v1/generate?grant_type=client_credentials', {
      method: 'GET',
      headers: { authorization: basicAuth, accept: 'application/json' },
    });
    if (result.status < 200 || result.status >= 300) {
      const failure = apiError('oauth', result, 'auth');
      log?.warn({ operation: 'oauth', status: result.status, code: failure.code }, failure.message);
      throw failure;
    }
    const parsed = tokenSchema.safeParse(result.body);
    if (!parsed.success) {
      throw new DarajaError({
        kind: 'bad_response',
        operation: 'oauth',
        code: 'bad_response',
        message: 'the token answer has no access_token or expires_in',
        httpStatus: result.status,
      });
    }
    const lifetimeMs = parsed.data.expires_in * 1000;
    const margin = Math.min(TOKEN_REFRESH_MARGIN_MS, lifetimeMs / 10);
    cached = { token: parsed.data.access_token, refreshAt: issuedAt + lifetimeMs - margin };
    return parsed.data.access_token;
  }

  /** The cached token, or a fresh one; concurrent callers share a single refresh. */
  function accessToken(): Promise<string> {
    if (cached !== undefined && now().getTime() < cached.refreshAt) return Promise.resolve(cached.token);
    refreshing ??= fetchToken().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  /** POSTs to a Daraja API with the bearer token, refreshing it once if Daraja refuses it. */
  async function post(operation: DarajaOperation, path: string, payload: object): Promise<HttpResult> {
    const attempt = async (token: string) =>
      send(operation, path, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(payload),
      });
    const token = await accessToken();
    const first = await attempt(token);
    if (!tokenRefused(first)) return first;
    if (cached?.token === token) cached = undefined;
    log?.debug({ operation }, 'Daraja refused the access token; refreshing it once');
    const second = await attempt(await accessToken());
    if (tokenRefused(second)) throw apiError(operation, second, 'auth');
    return second;
  }

  /**
   * Reads a Daraja answer: HTTP errors and non-zero ResponseCodes become DarajaErrors, the rest
   * must match the schema.
   */
  function read<T>(operation: DarajaOperation, result: HttpResult, schema: z.ZodType<T>): T {
    const ok = result.status >= 200 && result.status < 300;
    if (!ok || errorBodySchema.safeParse(result.body).success) {
      const failure = apiError(operation, result);
      log?.warn({ operation, status: result.status, code: failure.code }, failure.message);
      throw failure;
    }
    const response = responseCodeSchema.safeParse(result.body);
    if (response.success && !isSuccessCode(response.data.ResponseCode)) {
      const failure = new DarajaError({
        kind: 'rejected',
        operation,
        code: response.data.ResponseCode,
        message: clip(response.data.ResponseDescription ?? 'Daraja rejected the request'),
        httpStatus: result.status,
      });
      log?.warn({ operation, code: failure.code }, failure.message);
      throw failure;
    }
    const parsed = schema.safeParse(result.body);
    if (!parsed.success) {
      throw new DarajaError({
        kind: 'bad_response',
        operation,
        code: 'bad_response',
        message: `unexpected answer: ${clip(z.prettifyError(parsed.error).replace(/\s+/g, ' '))}`,
        httpStatus: result.status,
      });
    }
    return parsed.data;
  }

  /** BusinessShortCode, Password and Timestamp, computed for this instant. */
  function credentials() {
    const timestamp = formatDarajaTimestamp(now());
    return {
      BusinessShortCode: config.shortcode,
      Password: stkPassword(config.shortcode, config.passkey, timestamp),
      Timestamp: timestamp,
    };
  }

  return {
    shortcode: config.shortcode,

    async stkPush(request) {
      const { phone, amountShillings, accountReference, description, callbackUrl } = request;
      const urlProblem = darajaUrlProblem(callbackUrl);
      requireValid('stk_push', [
        [PHONE.test(phone), 'phone must be in the 2547XXXXXXXX or 2541XXXXXXXX form'],
        [
          Number.isSafeInteger(amountShillings) && amountShillings >= 1,
          'amountShillings must be a whole number ≥ 1',
        ],
        [
          accountReference.trim().length >= 1 && accountReference.length <= 12 && printable(accountReference),
          'accountReference must be 1 to 12 characters',
        ],
        [
          description.trim().length >= 1 && description.length <= 13 && printable(description),
          'description must be 1 to 13 characters',
        ],
        [urlProblem === undefined, `callbackUrl ${urlProblem}`],
      ]);
      const result = await post('stk_push', '/mpesa/stkpush/v1/processrequest', {
        ...credentials(),
        TransactionType: 'CustomerPayBillOnline',
        Amount: amountShillings,
        PartyA: phone,
        PartyB: config.shortcode,
        PhoneNumber: phone,
        CallBackURL: callbackUrl,
        AccountReference: accountReference,
        TransactionDesc: description,
      });
      const body = read('stk_push', result, stkPushResponseSchema);
      return {
        merchantRequestId: body.MerchantRequestID,
        checkoutRequestId: body.CheckoutRequestID,
        responseCode: body.ResponseCode,
        responseDescription: body.ResponseDescription,
        customerMessage: body.CustomerMessage,
      };
    },

    async stkQuery(checkoutRequestId) {
      requireValid('stk_query', [
        [
          checkoutRequestId.trim().length > 0 && printable(checkoutRequestId),
          'checkoutRequestId is required',
        ],
      ]);
      const result = await post('stk_query', '/mpesa/stkpushquery/v1/query', {
        ...credentials(),
        CheckoutRequestID: checkoutRequestId,
      });
      // While the payer has not answered, Daraja answers an error: 500.001.1001 "The transaction
      // is being processed". The same code also means other things (e.g. "Wrong credentials"),
      // so the message decides.
      const pending = errorBodySchema.safeParse(result.body);
      if (
        pending.success &&
        pending.data.errorCode === '500.001.1001' &&
        /being processed/i.test(pending.data.errorMessage)
      ) {
        return { status: 'pending', checkoutRequestId, message: pending.data.errorMessage };
      }
      const body = read('stk_query', result, stkQueryResponseSchema);
      return {
        status: 'completed',
        checkoutRequestId: body.CheckoutRequestID || checkoutRequestId,
        merchantRequestId: body.MerchantRequestID,
        resultCode: body.ResultCode,
        resultDesc: body.ResultDesc,
        paid: body.ResultCode === 0,
      };
    },

    async transactionStatus(request) {
      const resultProblem = darajaUrlProblem(request.resultUrl);
      const timeoutProblem = darajaUrlProblem(request.timeoutUrl);
      requireValid('transaction_status', [
        [
          request.transactionId.trim().length > 0 && printable(request.transactionId),
          'transactionId is required',
        ],
        [resultProblem === undefined, `resultUrl ${resultProblem}`],
        [timeoutProblem === undefined, `timeoutUrl ${timeoutProblem}`],
      ]);
      const result = await post('transaction_status', '/mpesa/transactionstatus/v1/query', {
        Initiator: config.initiator ?? 'kaunti-sim-initiator',
        SecurityCredential: config.securityCredential ?? 'kaunti-sim-security-credential',
        CommandID: 'TransactionStatusQuery',
        TransactionID: request.transactionId,
        PartyA: config.shortcode,
        IdentifierType: '4',
        ResultURL: request.resultUrl,
        QueueTimeOutURL: request.timeoutUrl,
        Remarks: 'Paybill payment check',
        Occasion: 'C2B confirmation',
      });
      const body = read('transaction_status', result, transactionStatusResponseSchema);
      return { originatorConversationId: body.OriginatorConversationID, conversationId: body.ConversationID };
    },

    async registerC2bUrls(request) {
      const confirmationProblem = darajaUrlProblem(request.confirmationUrl);
      const validationProblem = darajaUrlProblem(request.validationUrl);
      requireValid('c2b_register', [
        [confirmationProblem === undefined, `confirmationUrl ${confirmationProblem}`],
        [validationProblem === undefined, `validationUrl ${validationProblem}`],
        [
          request.responseType === 'Completed' || request.responseType === 'Cancelled',
          'responseType must be Completed or Cancelled',
        ],
      ]);
      const result = await post('c2b_register', '/mpesa/c2b/v1/registerurl', {
        ShortCode: config.shortcode,
        ResponseType: request.responseType,
        ConfirmationURL: request.confirmationUrl,
        ValidationURL: request.validationUrl,
      });
      const body = read('c2b_register', result, c2bRegisterResponseSchema);
      return {
        originatorConversationId: body.OriginatorCoversationID ?? body.OriginatorConversationID ?? '',
        responseCode: body.ResponseCode,
        responseDescription: body.ResponseDescription,
      };
    },
  };
}

/** Which Daraja call failed. */
export type DarajaOperation = 'oauth' | 'stk_push' | 'stk_query' | 'c2b_register' | 'transaction_status';

/**
 * Why a Daraja call failed:
 * - `invalid_request`: the caller's arguments were invalid (e.g. an amount of 0); nothing was sent.
 * - `auth`: no access token (wrong consumer key or secret, app not approved), or Daraja refused
 *   the token even after one refresh.
 * - `api`: Daraja answered an HTTP error with its `errorCode` and `errorMessage`
 *   (e.g. `400.002.02` "Bad Request - Invalid PhoneNumber", `500.001.1001` "Wrong credentials").
 * - `rejected`: Daraja answered HTTP 200 but with a `ResponseCode` other than "0".
 * - `network`: Daraja could not be reached (DNS, refused or reset connection).
 * - `timeout`: no answer within the client's time limit (15 s by default).
 * - `bad_response`: Daraja (or a proxy in front of it) answered something that is not the
 *   documented shape, e.g. an HTML error page.
 *
 * For `stkPush`, `network`, `timeout` and 5xx `api` errors leave the outcome unknown: the prompt
 * may still reach the phone, and without a CheckoutRequestID there is nothing to query. Treat the
 * attempt as failed for the citizen (they may try again); a payment that does arrive anyway shows
 * up through C2B confirmation or reconciliation.
 */
export type DarajaErrorKind =
  | 'invalid_request'
  | 'auth'
  | 'api'
  | 'rejected'
  | 'network'
  | 'timeout'
  | 'bad_response';

export interface DarajaErrorDetails {
  kind: DarajaErrorKind;
  operation: DarajaOperation;
  /** Daraja's `errorCode` or `ResponseCode`, else the kind (e.g. `timeout`). */
  code: string;
  /** Daraja's message (`errorMessage` or `ResponseDescription`), or ours. Never contains a secret. */
  message: string;
  httpStatus?: number;
  /** Daraja's `requestId`, to quote to Safaricom support. */
  requestId?: string;
  cause?: unknown;
}

/**
 * A failed Daraja call. The message names the operation, Daraja's message and its code, and never
 * carries a credential, token, passkey or password: log it freely.
 */
export class DarajaError extends Error {
  override name = 'DarajaError';
  readonly kind: DarajaErrorKind;
  readonly operation: DarajaOperation;
  readonly code: string;
  readonly httpStatus: number | undefined;
  readonly requestId: string | undefined;
  /** Daraja's own message (or ours), without the operation and code prefix. */
  readonly darajaMessage: string;

  constructor(details: DarajaErrorDetails) {
    super(`Daraja ${details.operation}: ${details.message} (${details.code})`, { cause: details.cause });
    this.kind = details.kind;
    this.operation = details.operation;
    this.code = details.code;
    this.httpStatus = details.httpStatus;
    this.requestId = details.requestId;
    this.darajaMessage = details.message;
  }
}

/**
 * Reads the session token in the browser, without checking its signature (the server does
 * that on every call): only to know whether to let the user into a protected page. Tiny and
 * dependency-free: it is in the landing page's JavaScript.
 */

/** The spec's route-guard messages (section 8). */
export const GUARD_MESSAGES = {
  missing: 'Please login to continue',
  invalid: 'Invalid token specified',
  expired: 'Session Expired. Login to continue',
} as const;

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export interface TokenPayload {
  exp?: unknown;
  scope?: unknown;
  sub?: unknown;
  [claim: string]: unknown;
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The payload (second part) of a JWT. Throws InvalidTokenError ("Invalid token specified: …")
 * when the token is not a string, has no second part, or that part is not base64url JSON.
 */
export function decodeTokenPayload(token: unknown): TokenPayload {
  if (typeof token !== 'string') throw new InvalidTokenError(`${GUARD_MESSAGES.invalid}: must be a string`);
  const part = token.split('.')[1];
  if (part === undefined) throw new InvalidTokenError(`${GUARD_MESSAGES.invalid}: missing part #2`);
  let json: string;
  try {
    json = base64UrlDecode(part);
  } catch {
    throw new InvalidTokenError(`${GUARD_MESSAGES.invalid}: invalid base64 for part #2`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    throw new InvalidTokenError(`${GUARD_MESSAGES.invalid}: invalid json for part #2`);
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new InvalidTokenError(`${GUARD_MESSAGES.invalid}: invalid json for part #2`);
  }
  return payload as TokenPayload;
}

/**
 * - `missing`: no token;
 * - `invalid`: it cannot be decoded, or carries no numeric `exp` (a token this portal never issues);
 * - `expired`: `exp` (seconds) is at or below now;
 * - `pending`: a login token still waiting for its one-time code (scope "otp");
 * - `valid`: a verified session's token, not expired.
 */
export type TokenStatus = 'missing' | 'invalid' | 'expired' | 'pending' | 'valid';

export function tokenStatus(token: string | undefined, nowSeconds = Date.now() / 1000): TokenStatus {
  if (token === undefined || token === '') return 'missing';
  let payload: TokenPayload;
  try {
    payload = decodeTokenPayload(token);
  } catch {
    return 'invalid';
  }
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return 'invalid';
  if (payload.exp <= nowSeconds) return 'expired';
  return payload.scope === 'otp' ? 'pending' : 'valid';
}

/** The route guard's message for a token that does not open protected pages. */
export function guardMessage(status: Exclude<TokenStatus, 'valid'>): string {
  if (status === 'invalid') return GUARD_MESSAGES.invalid;
  if (status === 'expired') return GUARD_MESSAGES.expired;
  return GUARD_MESSAGES.missing;
}

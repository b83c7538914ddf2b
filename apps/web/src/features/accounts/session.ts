import { setAuthToken } from '../../lib/api-client';
import { removeTokenCookie, writeTokenCookie } from '../../lib/session-token';
import { type CurrentUser, type Door, markAuthenticated, markLoginPending, resetAuth } from './auth-store';
import { decodeTokenPayload } from './token';

/**
 * The cookie outlives the token by a day, so that a user coming back after it expired hears
 * "Session Expired" rather than "Please login to continue".
 */
const COOKIE_GRACE_SECONDS = 24 * 60 * 60;

/** When the token's cookie expires (seconds since 1970): a day after the token; none if it has no expiry. */
export function tokenCookieExpiry(token: string): number | undefined {
  try {
    const claim = decodeTokenPayload(token).exp;
    return typeof claim === 'number' ? claim + COOKIE_GRACE_SECONDS : undefined;
  } catch {
    return undefined;
  }
}

function keepToken(token: string): void {
  writeTokenCookie(token, tokenCookieExpiry(token));
  setAuthToken(token);
}

/** After POST /api/auth/login or /api/auth/signup: the login token, waiting for its code. */
export function startLogin(login: {
  token: string;
  mobile_number: string;
  otp_sent: boolean;
  first_time_login: boolean;
}): void {
  keepToken(login.token);
  markLoginPending(login);
}

/** After POST /api/auth/otp/verify: the verified session's token. */
export function completeLogin(token: string, user: CurrentUser, door: Door = 'citizen'): void {
  keepToken(token);
  markAuthenticated(user, door);
}

/** Forgets the session in this browser: the cookie, the Authorization header, the auth state. */
export function forgetSession(): void {
  removeTokenCookie();
  setAuthToken(undefined);
  resetAuth();
}

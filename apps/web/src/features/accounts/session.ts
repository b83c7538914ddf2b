import { setAuthToken } from '../../lib/api-client';
import { removeTokenCookie, writeTokenCookie } from '../../lib/session-token';
import { type CurrentUser, type Door, markAuthenticated, markLoginPending, resetAuth } from './auth-store';
import { decodeTokenPayload } from './token';

/**
 * The cookie outlives the token by a day, so that a user coming back after it expired hears
 * "Session Expired" rather than "Please login to continue".
 */
const COOKIE_GRACE_SECONDS = 24 * 60 * 60;

function keepToken(token: string): void {
  let exp: number | undefined;
  try {
    const claim = decodeTokenPayload(token).exp;
    exp = typeof claim === 'number' ? claim : undefined;
  } catch {
    exp = undefined;
  }
  writeTokenCookie(token, exp === undefined ? undefined : exp + COOKIE_GRACE_SECONDS);
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

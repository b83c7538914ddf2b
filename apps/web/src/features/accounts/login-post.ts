import type { LoginResponse, OtpVerifyResponse } from '@kaunti/contract/api-accounts';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import type { FormPostHandler } from '../../lib/page-render';
import { TOKEN_COOKIE } from '../../lib/session-token';
import { accountsApi } from './accounts-api';
import { tokenCookieExpiry } from './session';

/** What a plain form post to /login answered, for the page to show (`usePostedForm`). */
export type LoginPosted =
  /** The first step again: what was typed as the username, and why it did not sign in. */
  | { step: 'password'; username: string; message: string }
  /** The code step: the login waits for the code sent to this phone. */
  | { step: 'code'; phone: string; otp_sent: boolean; first_time_login: boolean; message?: string };

/**
 * /login as a plain form post, before the page's script has arrived (lib/page-render.ts): the
 * first step (username and password) answers the code step and leaves the login token in the
 * session cookie, as the app does; the code (`otp`, with the phone the code step shows) verifies
 * it and opens the portal. A failure shows the page again with the server's message.
 */
export const loginPost: FormPostHandler = async (form, { cookies }) => {
  const otp = form.get('otp');
  if (otp !== null) {
    const phone = form.get('phone') ?? '';
    const token = cookies[TOKEN_COOKIE];
    try {
      const verified: OtpVerifyResponse = await accountsApi.verifyOtp(otp, token);
      const expires = tokenCookieExpiry(verified.token);
      return {
        kind: 'redirect',
        location: '/',
        cookies: [{ name: TOKEN_COOKIE, value: verified.token, ...(expires ? { expires } : {}) }],
      };
    } catch (error) {
      const state: LoginPosted = {
        step: 'code',
        phone,
        otp_sent: true,
        first_time_login: false,
        message: errorText(error),
      };
      return { kind: 'page', state, status: statusOf(error), session: 'pending', queries: [authConfig] };
    }
  }
  const username = form.get('username') ?? '';
  try {
    const login: LoginResponse = await accountsApi.login({ username, password: form.get('password') ?? '' });
    const expires = tokenCookieExpiry(login.token);
    const state: LoginPosted = {
      step: 'code',
      phone: login.mobile_number,
      otp_sent: login.otp_sent,
      first_time_login: login.first_time_login,
    };
    return {
      kind: 'page',
      state,
      session: 'pending',
      queries: [authConfig],
      cookies: [{ name: TOKEN_COOKIE, value: login.token, ...(expires ? { expires } : {}) }],
    };
  } catch (error) {
    const state: LoginPosted = { step: 'password', username, message: errorText(error) };
    return { kind: 'page', state, status: statusOf(error) };
  }
};

/** The code step shows the development outbox's link when the server keeps one. */
const authConfig = { queryKey: ['auth-config'], queryFn: accountsApi.config };

function statusOf(error: unknown): number {
  return error instanceof ApiError && error.status >= 400 ? error.status : 502;
}

/**
 * The route guard for every protected route of spec section 2.
 *
 * How to protect a page: in app/portal-routes.tsx, add the feature's routes as children of the
 * route whose element is `<RouteGuard />` (the "protected routes" block). Nothing else: the
 * guard checks the stored token before the page (and its code) loads.
 *
 * - no token → /login with "Please login to continue";
 * - a token that cannot be decoded → /login with "Invalid token specified";
 * - an expired token (exp at or below now, in seconds) → /login with "Session Expired. Login to continue";
 * - a login token still waiting for its code → /login (which shows the code step).
 * Each time the current path is saved, and the sign-in returns there.
 *
 * The server checks the same token on every call; when it refuses one (revoked by a logout or
 * a password change elsewhere), SessionWatch (app/auth) signs the user out with the expiry message.
 * Kept tiny: it comes with the route table (app/portal-routes.tsx) on every page but the
 * landing page.
 */
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { LoginPageState } from '../features/accounts/login-page';
import { saveReturnPath } from '../features/accounts/return-path';
import { forgetSession } from '../features/accounts/session';
import { guardMessage, type TokenStatus, tokenStatus } from '../features/accounts/token';
import { readTokenCookie } from '../lib/session-token';

/**
 * The layout route of the protected pages: the page when the token is valid, else the sign-in
 * (`/login`; the back office's is `/staff/login`).
 */
export function RouteGuard({ loginPath = '/login' }: { loginPath?: string }) {
  // Checked at every navigation (not on auth-state changes: a logout navigates by itself, and
  // a second redirect from here would replace its message).
  useLocation();
  const status = tokenStatus(readTokenCookie());
  if (status === 'valid') return <Outlet />;
  return <RedirectToLogin status={status} loginPath={loginPath} />;
}

function RedirectToLogin({
  status: current,
  loginPath,
}: {
  status: Exclude<TokenStatus, 'valid'>;
  loginPath: string;
}) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  // Forgetting the token below turns "expired" into "missing": the message is the first one.
  const [status] = useState(current);
  useEffect(() => {
    saveReturnPath(`${pathname}${search}${hash}`);
    // A broken or expired token is worth nothing: forget it. A login token waiting for its code
    // is kept, so /login can show the code step.
    if (status === 'invalid' || status === 'expired') forgetSession();
    const state: LoginPageState = { authMessage: guardMessage(status) };
    navigate(loginPath, { replace: true, state });
  }, [navigate, pathname, search, hash, status, loginPath]);
  return null;
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { tokenStatus } from '../features/accounts/token';
import { readTokenCookie } from '../lib/session-token';

/** Where a signed-in user who opens /login or /signup is sent instead: their account. */
export const SIGNED_IN_HOME = '/profile/view';

/**
 * The layout route of /login and /signup: pages for someone not signed in. A signed-in user
 * (a valid, verified session token) is sent to their account instead of a second sign-in; a
 * login token still waiting for its code stays on /login, which shows the code step.
 */
export function GuestRoute() {
  useLocation();
  if (tokenStatus(readTokenCookie()) === 'valid') return <Navigate to={SIGNED_IN_HOME} replace />;
  return <Outlet />;
}

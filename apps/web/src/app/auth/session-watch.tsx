import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { getAuthState, isLoggedIn } from '../../features/accounts/auth-store';
import { saveReturnPath } from '../../features/accounts/return-path';
import { GUARD_MESSAGES } from '../../features/accounts/token';
import { ApiError } from '../../lib/api-client';
import { useLogout } from './use-logout';

/** The server no longer accepts the session (revoked, expired, or a login token on a protected call). */
export function isSessionRefused(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  return (
    error.code === 'session_expired' ||
    error.code === 'otp_required' ||
    (error.code === 'unauthorized' && error.message === GUARD_MESSAGES.missing)
  );
}

/**
 * Watches every query and mutation: when the server refuses the session of a signed-in user,
 * signs out with "Session Expired. Login to continue" and keeps the page to come back to.
 */
export function SessionWatch() {
  const queryClient = useQueryClient();
  const logout = useLogout();
  const location = useLocation();
  const here = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    let done = false;
    const onError = (error: unknown) => {
      if (done || !isSessionRefused(error) || !isLoggedIn(getAuthState())) return;
      done = true;
      saveReturnPath(here);
      void logout({ keepSavedPath: true, message: GUARD_MESSAGES.expired });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, logout, here]);
  return null;
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getAuthState } from '../../features/accounts/auth-store';
import type { LoginPageState } from '../../features/accounts/login-page';
import { clearReturnPath } from '../../features/accounts/return-path';
import { forgetSession } from '../../features/accounts/session';
import { api, hasAuthToken } from '../../lib/api-client';
import { clearLocalDrafts, currentUserKey, sendUnsyncedDrafts } from '../../lib/local-drafts';

export interface LogoutOptions {
  /** Keep the saved path, so the next sign-in returns to it (e.g. after a session expired). */
  keepSavedPath?: boolean;
  /** A message for the login page (e.g. "Session Expired. Login to continue"). */
  message?: string;
}

/** How long logout waits for the server before going on without it. */
const LOGOUT_WAIT_MS = 4000;

/**
 * Spec, section 4: logout removes the token and the Authorization header, goes to /login (an
 * officer's session: /staff/login, the door it came in by), resets the whole app state, and
 * clears the saved URL unless told to keep it. The session is revoked on the server first (best
 * effort: an offline phone still signs out here).
 *
 * A sign-out the user asked for (no `message`) also leaves nothing of theirs on this device: the
 * form answers kept here that the server has not got yet are sent first as their drafts (within
 * the same wait), then every copy of this user's forms is removed (lib/local-drafts.ts, decision
 * 039). A session that expired keeps them: the same person signs in again and finds them.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (options: LogoutOptions = {}) => {
      const own = options.message === undefined;
      const user = currentUserKey();
      if (hasAuthToken()) {
        await Promise.race([
          (async () => {
            if (own) await sendUnsyncedDrafts(user);
            await api('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
          })(),
          new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS)),
        ]);
      }
      if (own) clearLocalDrafts(user);
      const door = getAuthState().door;
      forgetSession();
      queryClient.clear();
      if (!options.keepSavedPath) clearReturnPath();
      const state: LoginPageState | null = options.message ? { authMessage: options.message } : null;
      navigate(door === 'staff' ? '/staff/login' : '/login', { replace: true, state });
    },
    [navigate, queryClient],
  );
}

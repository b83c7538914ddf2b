import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAuthState, markAuthenticated, resetAuth } from '../../features/accounts/auth-store';
import { api, hasAuthToken, setAuthToken } from '../../lib/api-client';
import { listLocalDrafts, writeLocalDraft } from '../../lib/local-drafts';
import { readTokenCookie, removeTokenCookie, writeTokenCookie } from '../../lib/session-token';
import { fakeJwt, jsonResponse, nowSeconds, renderWithApp, stubApi } from '../../testing/render-with-app';
import { RouteGuard } from '../route-guard';
import { AccountMenu } from './account-menu';
import { SessionWatch } from './session-watch';
import { useLogout } from './use-logout';

function LoginProbe() {
  const state = useLocation().state as { authMessage?: string } | null;
  return <p data-testid="login">{state?.authMessage ?? 'login page'}</p>;
}

const profile = {
  data: { id: 'u1', first_name: 'Wanjiku', phone_number: '254712345678' },
  erp_data: {},
};

function signIn() {
  const token = fakeJwt({ sub: 'u1', scope: 'full', exp: nowSeconds() + 3600 });
  writeTokenCookie(token);
  setAuthToken(token);
  resetAuth(); // signed in by the token alone, as after a reload
  return token;
}

beforeEach(() => {
  removeTokenCookie();
  setAuthToken(undefined);
  resetAuth();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeTokenCookie();
});

const withMenu = (extra: RouteObject[] = []): RouteObject[] => [
  { path: '/login', element: <LoginProbe /> },
  {
    path: '/',
    element: (
      <>
        <SessionWatch />
        <AccountMenu />
        <Outlet />
      </>
    ),
    children: extra,
  },
];

describe('AccountMenu', () => {
  it('signed out: a Sign in link', async () => {
    stubApi({});
    await renderWithApp(withMenu(), { path: '/' });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it("signed in: the user's first name opens Profile, Bills, Applications, Drafts and Log out", async () => {
    signIn();
    stubApi({ 'GET /api/profile': () => jsonResponse(200, profile) });
    await renderWithApp(withMenu(), { path: '/' });
    const trigger = await screen.findByRole('button', { name: /Wanjiku/ });
    expect(trigger).toHaveAccessibleName('Account menu: Wanjiku');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile/view');
    expect(screen.getByRole('link', { name: 'Bills' })).toHaveAttribute('href', '/account/bills');
    expect(screen.getByRole('link', { name: 'Applications' })).toHaveAttribute(
      'href',
      '/account/service-applications',
    );
    expect(screen.getByRole('link', { name: 'Drafts' })).toHaveAttribute('href', '/account/drafts');
    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('Log out ends the session on the server, removes the token and the header, resets the state and goes to /login', async () => {
    const token = signIn();
    sessionStorage.setItem('kaunti.returnTo', '/account/bills');
    const { calls } = stubApi({
      'GET /api/profile': () => jsonResponse(200, profile),
      'POST /api/auth/logout': () => jsonResponse(200, { message: 'You have been logged out.' }),
    });
    const { router, queryClient } = await renderWithApp(withMenu(), { path: '/' });
    await userEvent.click(await screen.findByRole('button', { name: /Wanjiku/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((c) => c.url === '/api/auth/logout')?.authorization).toBe(`Bearer ${token}`);
    expect(readTokenCookie()).toBeUndefined();
    expect(hasAuthToken()).toBe(false);
    expect(getAuthState()).toMatchObject({ isAuthenticated: false, currentUser: null });
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    expect(sessionStorage.getItem('kaunti.returnTo')).toBeNull();
  });

  it("Log out first sends the answers typed offline as their draft, then leaves none of the user's forms on the device, and another account's alone", async () => {
    signIn();
    const typed = {
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      service_id: 'land-survey',
      step: 1,
      values: { lr_number: '209/10001' },
      saved_at: '2026-11-29T10:00:00.000Z',
      dirty: true,
    };
    writeLocalDraft(typed);
    localStorage.setItem(
      'kaunti.draft.u2.land-survey.1d1bd0d5-46c5-4c5e-93b9-2f2f6d2f6b11',
      JSON.stringify({ ...typed, id: '1d1bd0d5-46c5-4c5e-93b9-2f2f6d2f6b11' }),
    );
    const { calls } = stubApi({
      'GET /api/profile': () => jsonResponse(200, profile),
      'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, { id: typed.id, ...(body as object) }),
      'POST /api/auth/logout': () => jsonResponse(200, { message: 'You have been logged out.' }),
    });
    const { router } = await renderWithApp(withMenu(), { path: '/' });
    await userEvent.click(await screen.findByRole('button', { name: /Wanjiku/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const put = calls.findIndex((c) => c.method === 'PUT' && c.url === `/api/drafts/${typed.id}`);
    expect(put).toBeGreaterThanOrEqual(0);
    expect(calls[put]?.body).toEqual({
      service_id: 'land-survey',
      step: 1,
      values: { lr_number: '209/10001' },
    });
    expect(put).toBeLessThan(calls.findIndex((c) => c.url === '/api/auth/logout'));
    expect(listLocalDrafts('u1')).toEqual([]);
    expect(listLocalDrafts('u2')).toHaveLength(1);
  });

  it("an officer's session (opened at /staff/login): the back office's menu, and Log out goes back to /staff/login", async () => {
    signIn();
    markAuthenticated({ id: 'u1', first_name: 'Achieng', phone_number: '254700000101' }, 'staff');
    stubApi({ 'POST /api/auth/logout': () => jsonResponse(200, { message: 'You have been logged out.' }) });
    const { router } = await renderWithApp(
      [...withMenu(), { path: '/staff/login', element: <p>Officers sign in</p> }],
      { path: '/' },
    );
    await userEvent.click(await screen.findByRole('button', { name: /Achieng/ }));
    expect(screen.getByRole('link', { name: 'Back office' })).toHaveAttribute('href', '/staff');
    expect(screen.queryByRole('link', { name: 'Bills' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Profile' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/login'));
    // The next session starts as a citizen's again.
    expect(getAuthState().door).toBe('citizen');
  });
});

function LogoutKeepingPath() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout({ keepSavedPath: true })}>
      Out
    </button>
  );
}

describe('useLogout', () => {
  it('keeps the saved path when told to', async () => {
    signIn();
    sessionStorage.setItem('kaunti.returnTo', '/account/drafts');
    stubApi({ 'POST /api/auth/logout': () => jsonResponse(200, { message: 'ok' }) });
    const { router } = await renderWithApp(
      [
        { path: '/login', element: <LoginProbe /> },
        { path: '/', element: <LogoutKeepingPath /> },
      ],
      { path: '/' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem('kaunti.returnTo')).toBe('/account/drafts');
  });
});

function Bills() {
  const query = useQuery({ queryKey: ['bills'], queryFn: () => api('/api/bills') });
  return <p>{query.isError ? 'failed' : 'bills'}</p>;
}

function LoginAttempt() {
  const query = useQuery({
    queryKey: ['x'],
    queryFn: () => api('/api/auth/login', { method: 'POST', body: {} }),
  });
  return <p>{query.isError ? 'wrong password' : '…'}</p>;
}

describe('SessionWatch', () => {
  it('when the server refuses the session, signs out with "Session Expired" and keeps the page to return to', async () => {
    signIn();
    stubApi({
      'GET /api/profile': () => jsonResponse(200, profile),
      'GET /api/bills': () =>
        jsonResponse(401, { message: 'Session Expired. Login to continue', code: 'session_expired' }),
      'POST /api/auth/logout': () =>
        jsonResponse(401, { message: 'Session Expired. Login to continue', code: 'session_expired' }),
    });
    // Under the route guard, as in the app: its own redirect must not replace the message.
    const guarded = { element: <RouteGuard />, children: [{ path: 'account/bills', element: <Bills /> }] };
    const { router } = await renderWithApp(withMenu([guarded]), {
      path: '/account/bills?year=2026',
    });
    expect(await screen.findByTestId('login')).toHaveTextContent('Session Expired. Login to continue');
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('kaunti.returnTo')).toBe('/account/bills?year=2026');
    expect(readTokenCookie()).toBeUndefined();
  });

  it('ignores a wrong password on the login form (a 401 that is not about a session)', async () => {
    stubApi({
      'POST /api/auth/login': () =>
        jsonResponse(401, {
          message: 'Incorrect phone number, ID number or password.',
          code: 'unauthorized',
        }),
    });
    const { router } = await renderWithApp(withMenu([{ path: 'try', element: <LoginAttempt /> }]), {
      path: '/try',
    });
    expect(await screen.findByText('wrong password')).toBeVisible();
    expect(router.state.location.pathname).toBe('/try');
  });
});

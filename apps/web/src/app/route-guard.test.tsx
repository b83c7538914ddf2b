import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAuth } from '../features/accounts/auth-store';
import { setAuthToken } from '../lib/api-client';
import { readTokenCookie, removeTokenCookie, writeTokenCookie } from '../lib/session-token';
import { fakeJwt, nowSeconds, renderWithApp } from '../testing/render-with-app';
import { routeEntries } from '../testing/route-table';
import { portalRoutes } from './portal-routes';
import { PROTECTED_PATHS } from './protected-paths';
import { RouteGuard } from './route-guard';
import { routeTable } from './router';

/** The whole table, as the router has it once the portal's pages are patched in. */
const routes = routeTable(portalRoutes);

function LoginProbe() {
  const state = useLocation().state as { authMessage?: string } | null;
  return <p data-testid="login">{state?.authMessage ?? 'no message'}</p>;
}

const table: RouteObject[] = [
  {
    path: '/',
    children: [
      { path: 'login', element: <LoginProbe /> },
      { element: <RouteGuard />, children: [{ path: 'profile/view', element: <h1>My profile</h1> }] },
    ],
  },
];

beforeEach(() => {
  removeTokenCookie();
  setAuthToken(undefined);
  resetAuth();
  sessionStorage.clear();
});
afterEach(() => removeTokenCookie());

describe('RouteGuard', () => {
  it('without a token: to /login with "Please login to continue", the path saved', async () => {
    const { router } = await renderWithApp(table, { path: '/profile/view?tab=1#top' });
    expect(await screen.findByTestId('login')).toHaveTextContent('Please login to continue');
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('kaunti.returnTo')).toBe('/profile/view?tab=1#top');
    expect(screen.queryByRole('heading', { name: 'My profile' })).toBeNull();
  });

  it('with an expired token (exp at or below now): "Session Expired. Login to continue", and the token is dropped', async () => {
    writeTokenCookie(fakeJwt({ sub: 'u1', scope: 'full', exp: nowSeconds() }));
    await renderWithApp(table, { path: '/profile/view' });
    expect(await screen.findByTestId('login')).toHaveTextContent('Session Expired. Login to continue');
    expect(readTokenCookie()).toBeUndefined();
    expect(sessionStorage.getItem('kaunti.returnTo')).toBe('/profile/view');
  });

  it('with a token that cannot be decoded: "Invalid token specified"', async () => {
    writeTokenCookie('garbage');
    await renderWithApp(table, { path: '/profile/view' });
    expect(await screen.findByTestId('login')).toHaveTextContent('Invalid token specified');
    expect(readTokenCookie()).toBeUndefined();
  });

  it('a login token still waiting for its code does not open the page, and is kept for the code step', async () => {
    const pending = fakeJwt({ sub: 'u1', scope: 'otp', exp: nowSeconds() + 600 });
    writeTokenCookie(pending);
    await renderWithApp(table, { path: '/profile/view' });
    expect(await screen.findByTestId('login')).toHaveTextContent('Please login to continue');
    expect(readTokenCookie()).toBe(pending);
  });

  it('with a valid token: the page', async () => {
    writeTokenCookie(fakeJwt({ sub: 'u1', scope: 'full', exp: nowSeconds() + 3600 }));
    await renderWithApp(table, { path: '/profile/view' });
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeVisible();
    await waitFor(() => expect(sessionStorage.getItem('kaunti.returnTo')).toBeNull());
  });
});

describe('the route table', () => {
  /** Every full path in the table, and whether a RouteGuard is above it. */
  function paths(list: RouteObject[]): { path: string; guarded: boolean }[] {
    const isGuard = (route: RouteObject) =>
      (route.element as { type?: unknown } | undefined)?.type === RouteGuard;
    return routeEntries(list).map((entry) => ({ path: entry.path, guarded: entry.ancestors.some(isGuard) }));
  }

  it('puts every protected route of spec section 2 that exists under the guard', () => {
    const all = paths(routes);
    const present = all.filter((entry) => (PROTECTED_PATHS as readonly string[]).includes(entry.path));
    expect(present.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([
        '/profile/view',
        '/profile/edit',
        '/profile/change-phone',
        '/profile/change-password',
      ]),
    );
    const unguarded = present.filter((entry) => !entry.guarded).map((entry) => entry.path);
    expect(unguarded).toEqual([]);
  });

  it('keeps the sign-in pages public', () => {
    const all = paths(routes);
    for (const path of ['/login', '/signup', '/recover-password']) {
      expect(all.find((entry) => entry.path === path)).toEqual({ path, guarded: false });
    }
  });
});

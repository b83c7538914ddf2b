import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeTokenCookie, writeTokenCookie } from '../lib/session-token';
import { fakeJwt, nowSeconds, renderWithApp } from '../testing/render-with-app';
import { GuestRoute, SIGNED_IN_HOME } from './guest-route';

const table: RouteObject[] = [
  {
    path: '/',
    children: [
      {
        element: <GuestRoute />,
        children: [
          { path: 'login', element: <h1>Sign in</h1> },
          { path: 'signup', element: <h1>Create account</h1> },
        ],
      },
      { path: SIGNED_IN_HOME.slice(1), element: <h1>My profile</h1> },
    ],
  },
];

beforeEach(() => removeTokenCookie());
afterEach(() => removeTokenCookie());

describe('GuestRoute: /login and /signup are for someone not signed in', () => {
  it.each(['/login', '/signup'])('%s sends a signed-in user to their account', async (path) => {
    writeTokenCookie(fakeJwt({ sub: 'u1', scope: 'full', exp: nowSeconds() + 600 }));
    const { router } = await renderWithApp(table, { path });
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(SIGNED_IN_HOME);
  });

  it('shows the page without a session, and keeps /login for a login waiting for its code', async () => {
    await renderWithApp(table, { path: '/signup' });
    expect(await screen.findByRole('heading', { name: 'Create account' })).toBeInTheDocument();
    writeTokenCookie(fakeJwt({ sub: 'u1', scope: 'otp', exp: nowSeconds() + 600 }));
    await renderWithApp(table, { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});

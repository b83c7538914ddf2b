import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markAuthenticated, resetAuth } from '../features/accounts/auth-store';
import { SignedInPanel } from '../features/accounts/signed-in-panel';
import { LandingPage } from '../features/public-pages/landing-page';
import { AccountPanelContext } from '../lib/account-panel';
import { removeTokenCookie, writeTokenCookie } from '../lib/session-token';
import { fakeJwt, jsonResponse, nowSeconds, renderWithApp, stubApi } from '../testing/render-with-app';

afterEach(() => {
  resetAuth();
  removeTokenCookie();
  vi.unstubAllGlobals();
});

const landing = (
  <AccountPanelContext.Provider value={SignedInPanel}>
    <LandingPage />
  </AccountPanelContext.Provider>
);

describe('the landing page knows a signed-in user', () => {
  it('a guest is offered to sign in or create an account', async () => {
    await renderWithApp(landing);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('signed-in-panel')).toBeNull();
  });

  it('a signed-in user is welcomed by name with their account, not asked to sign in', async () => {
    markAuthenticated({ id: 'u1', first_name: 'Wanjiku', phone_number: '254712345678' });
    await renderWithApp(landing);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Wanjiku' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your bills' })).toHaveAttribute('href', '/account/bills');
    expect(screen.getByRole('link', { name: 'What you owe' })).toHaveAttribute(
      'href',
      '/account/obligations',
    );
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('after a reload (a session cookie, no user in memory) the name comes from the profile', async () => {
    writeTokenCookie(fakeJwt({ sub: 'u1', scope: 'full', exp: nowSeconds() + 600 }));
    stubApi({
      'GET /api/profile': () => jsonResponse(200, { data: { first_name: 'Achieng' }, erp_data: {} }),
    });
    await renderWithApp(landing);
    expect(await screen.findByRole('heading', { name: 'Welcome back, Achieng' })).toBeInTheDocument();
  });
});

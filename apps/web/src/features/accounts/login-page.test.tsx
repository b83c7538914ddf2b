import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasAuthToken, setAuthToken } from '../../lib/api-client';
import { readTokenCookie, removeTokenCookie } from '../../lib/session-token';
import { testProfileUser } from '../../testing/fixtures';
import { fakeJwt, jsonResponse, nowSeconds, renderWithApp, stubApi } from '../../testing/render-with-app';
import { getAuthState, resetAuth } from './auth-store';
import { LoginPage } from './login-page';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/recover-password', element: <Where /> },
  { path: '/signup', element: <Where /> },
  { path: '/account/bills', element: <Where /> },
  { path: '/', element: <Where /> },
];

const pendingToken = fakeJwt({ sub: 'u1', sid: 's1', scope: 'otp', exp: nowSeconds() + 900 });
const fullToken = fakeJwt({ sub: 'u1', sid: 's2', scope: 'full', exp: nowSeconds() + 8 * 3600 });
const user = testProfileUser();

beforeEach(() => {
  removeTokenCookie();
  setAuthToken(undefined);
  resetAuth();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeTokenCookie();
});

describe('LoginPage', { timeout: 20_000 }, () => {
  it("shows the route guard's message, visible and announced", async () => {
    stubApi({});
    await renderWithApp(routes, {
      path: '/login',
      state: { authMessage: 'Session Expired. Login to continue' },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Session Expired. Login to continue');
  });

  it('in Kiswahili, the message is translated', async () => {
    stubApi({});
    await renderWithApp(routes, {
      path: '/login',
      state: { authMessage: 'Please login to continue' },
      language: 'sw',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Tafadhali ingia ili kuendelea');
  });

  it('validates on submit, beside the fields, without calling the server', async () => {
    const { calls } = stubApi({});
    await renderWithApp(routes, { path: '/login' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    const username = screen.getByRole('textbox', { name: /Phone number or ID number/ });
    // The form's schema loads on the first submit (lazy-resolver.ts): the messages follow it.
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription(
      expect.stringContaining('Please enter your phone number or ID number'),
    );
    expect(screen.getByText('Please enter your password')).toBeVisible();
    expect(calls.filter((c) => c.url.startsWith('/api/auth/login'))).toEqual([]);
  });

  it('the password has a show/hide toggle', async () => {
    stubApi({});
    await renderWithApp(routes, { path: '/login' });
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("shows the server's message in a danger alert and keeps what was typed", async () => {
    stubApi({
      'POST /api/auth/login': () =>
        jsonResponse(429, {
          code: 'rate_limited',
          message: 'Too many failed sign-in attempts for this account. Please try again in 15 minutes.',
        }),
    });
    await renderWithApp(routes, { path: '/login', language: 'sw' });
    await userEvent.type(await screen.findByRole('textbox', { name: /Nambari ya simu/ }), '0712345678');
    await userEvent.type(screen.getByLabelText(/^Nenosiri/), 'Wrong#Pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Majaribio mengi mno ya kuingia yameshindwa kwa akaunti hii. Tafadhali jaribu tena baada ya dakika 15.',
    );
    expect(screen.getByRole('textbox', { name: /Nambari ya simu/ })).toHaveValue('0712345678');
  });

  it("the officers' door signs in through the back office's sign-in, which refuses a deactivated officer before the code", async () => {
    const message =
      'This account cannot sign in to the county back office. To use county services, sign in on the main sign-in page.';
    const { calls } = stubApi({
      'POST /api/staff/login': () => jsonResponse(403, { code: 'forbidden', message }),
    });
    await renderWithApp([{ path: '/staff/login', element: <LoginPage forStaff /> }], {
      path: '/staff/login',
      language: 'sw',
    });
    await userEvent.type(await screen.findByRole('textbox', { name: /Nambari ya simu/ }), '0700000931');
    await userEvent.type(screen.getByLabelText(/^Nenosiri/), 'Start#Kaunti2026');
    await userEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Akaunti hii haiwezi kuingia kwenye ofisi ya kaunti. Ili kutumia huduma za kaunti, ingia kupitia ukurasa mkuu wa kuingia.',
    );
    expect(calls.map((c) => c.url)).toContain('/api/staff/login');
    expect(calls.filter((c) => c.url.startsWith('/api/auth/login'))).toEqual([]);
    expect(screen.queryByRole('textbox', { name: /^Msimbo/ })).toBeNull();
  });

  it('signs in: the code step with the masked phone, the outbox link, then back to the saved page', async () => {
    sessionStorage.setItem('kaunti.returnTo', '/account/bills');
    const { calls } = stubApi({
      'POST /api/auth/login': () =>
        jsonResponse(200, {
          token: pendingToken,
          mobile_number: '254712345678',
          first_time_login: false,
          otp_sent: true,
        }),
      'GET /api/auth/config': () => jsonResponse(200, { sms_outbox: true }),
      'POST /api/auth/otp/verify': () => jsonResponse(200, { token: fullToken, data: user }),
    });
    const { router } = await renderWithApp(routes, { path: '/login' });
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Phone number or ID number/ }),
      '0712345678',
    );
    await userEvent.type(screen.getByLabelText(/^Password/), 'Nyumba#Kumi2024');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('We sent a code to *********678.')).toBeVisible();
    expect(calls.find((c) => c.url === '/api/auth/login')?.body).toEqual({
      username: '0712345678',
      password: 'Nyumba#Kumi2024',
    });
    // Spec: a login stores the token in a cookie and marks the user as not yet authenticated.
    expect(readTokenCookie()).toBe(pendingToken);
    expect(getAuthState()).toMatchObject({
      isAuthenticated: false,
      isOtpSent: true,
      pendingPhone: '254712345678',
    });
    const outbox = await screen.findByRole('link', { name: 'Development: open the SMS outbox' });
    expect(outbox).toHaveAttribute('href', '/api/dev/sms-outbox?phone=254712345678');

    await userEvent.type(screen.getByRole('textbox', { name: /Code/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/bills'));
    const verify = calls.find((c) => c.url === '/api/auth/otp/verify');
    expect(verify).toMatchObject({ body: { otp: '123456' }, authorization: `Bearer ${pendingToken}` });
    expect(readTokenCookie()).toBe(fullToken);
    expect(hasAuthToken()).toBe(true);
    expect(getAuthState()).toMatchObject({
      isAuthenticated: true,
      currentUser: { first_name: 'Wanjiku', phone_number: '254712345678' },
    });
    expect(sessionStorage.getItem('kaunti.returnTo')).toBeNull();
  });

  it('hides the outbox link when the server sends real SMS, and says when a code did not go out', async () => {
    stubApi({
      'POST /api/auth/login': () =>
        jsonResponse(200, {
          token: pendingToken,
          mobile_number: '254712345678',
          first_time_login: true,
          otp_sent: false,
        }),
      'GET /api/auth/config': () => jsonResponse(200, { sms_outbox: false }),
    });
    await renderWithApp(routes, { path: '/login' });
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Phone number or ID number/ }),
      '0712345678',
    );
    await userEvent.type(screen.getByLabelText(/^Password/), 'Nyumba#Kumi2024');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/We could not send the code to \*{9}678/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('link', { name: /SMS outbox/ })).toBeNull());
  });

  it('a wrong code leaves the user unverified, with the message beside the field', async () => {
    stubApi({
      'POST /api/auth/login': () =>
        jsonResponse(200, {
          token: pendingToken,
          mobile_number: '254712345678',
          first_time_login: false,
          otp_sent: true,
        }),
      'GET /api/auth/config': () => jsonResponse(200, { sms_outbox: false }),
      'POST /api/auth/otp/verify': () =>
        jsonResponse(400, {
          code: 'bad_request',
          message: 'The code is incorrect. Please check it and try again.',
        }),
    });
    const { router } = await renderWithApp(routes, { path: '/login' });
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Phone number or ID number/ }),
      '0712345678',
    );
    await userEvent.type(screen.getByLabelText(/^Password/), 'Nyumba#Kumi2024');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Code/ }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The code is incorrect. Please check it and try again.',
    );
    expect(getAuthState().isAuthenticated).toBe(false);
    expect(router.state.location.pathname).toBe('/login');
    const code = screen.getByRole('textbox', { name: /Code/ });
    expect(code).toHaveValue('000000');
    // The field says so too: invalid, with the message tied to it.
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(
      expect.stringContaining('The code is incorrect. Please check it and try again.'),
    );
    // Typing a new code clears it.
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await waitFor(() => expect(code).not.toHaveAttribute('aria-invalid'));
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/api-client';
import { ChunkLoadError, loadChunk } from '../../lib/chunk-loader';
import { removeTokenCookie } from '../../lib/session-token';
import { testProfileUser } from '../../testing/fixtures';
import {
  type ApiCall,
  fakeJwt,
  jsonResponse,
  nowSeconds,
  renderWithApp,
  stubApi,
} from '../../testing/render-with-app';
import { resetAuth } from './auth-store';
import { LoginPage } from './login-page';
import { ProfileChangePasswordPage } from './profile-change-password-page';
import { ProfileChangePhonePage } from './profile-change-phone-page';
import { ProfileEditPage } from './profile-edit-page';
import { RecoverPasswordPage } from './recover-password-page';
import { SignupPage } from './signup-page';

/**
 * Every accounts form loads its schema (and zod) on its first submit, not with its page
 * (lib/lazy-resolver.ts). Each form is submitted first here, once per test (a schema, once loaded, is
 * kept for the life of the module): the first download fails and says so, keeping what was
 * typed; the second is held, and the button is busy until it arrives; then the form's messages
 * are the schema's, and nothing reached the server.
 */
vi.mock('../../lib/chunk-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/chunk-loader')>();
  return { ...actual, loadChunk: vi.fn(actual.loadChunk) };
});

const LOAD_FAILED =
  'Part of the portal failed to load (load error: other). Check your connection and reload the page.';

beforeEach(() => {
  removeTokenCookie();
  setAuthToken(undefined);
  resetAuth();
  sessionStorage.clear();
  vi.mocked(loadChunk).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  removeTokenCookie();
});

/** The next download fails (offline); the one after waits until `release` is called. */
function failThenHold(): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.mocked(loadChunk)
    .mockRejectedValueOnce(new ChunkLoadError('other', undefined, new Error('offline')))
    .mockImplementationOnce(async <T,>(importer: () => Promise<T>) => {
      await held;
      return importer();
    });
  return release;
}

/**
 * Submits a form for the first time: the failed download, then the held one with the button
 * busy, then the schema's message beside `field`. `typed` (a field's label and what is in it)
 * must survive all of it.
 */
async function firstSubmits({
  submit,
  busy,
  field,
  message,
  typed,
  calls,
}: {
  submit: string;
  busy: string;
  field: RegExp;
  message: string;
  typed?: [RegExp, string];
  calls: ApiCall[];
}) {
  const user = userEvent.setup();
  const before = calls.length;
  const loadsBefore = vi.mocked(loadChunk).mock.calls.length;
  const release = failThenHold();

  await user.click(screen.getByRole('button', { name: submit }));
  expect(await screen.findByText(LOAD_FAILED)).toBeVisible();
  expect(screen.getByRole('button', { name: submit })).toBeEnabled();
  if (typed) expect(screen.getByLabelText(typed[0])).toHaveValue(typed[1]);

  await user.click(screen.getByRole('button', { name: submit }));
  const waiting = await screen.findByRole('button', { name: busy });
  expect(waiting).toHaveAttribute('aria-disabled', 'true');
  expect(waiting).toHaveAttribute('aria-busy', 'true');
  expect(screen.queryByText(LOAD_FAILED)).toBeNull();

  release();
  const input = screen.getByLabelText(field);
  await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
  expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(screen.getByRole('button', { name: submit })).toBeEnabled();
  if (typed) expect(screen.getByLabelText(typed[0])).toHaveValue(typed[1]);
  expect(vi.mocked(loadChunk).mock.calls.length - loadsBefore).toBe(2);
  expect(calls.slice(before).filter((call) => call.method !== 'GET')).toEqual([]);
}

const user = testProfileUser();

// Typing is slow when the whole suite shares two cores.
describe('the accounts forms load their schema on the first submit', { timeout: 30_000 }, () => {
  it('sign-in', async () => {
    const { calls } = stubApi({});
    await renderWithApp([{ path: '/login', element: <LoginPage /> }], { path: '/login' });
    await userEvent.type(await screen.findByLabelText(/^Password/), 'Nyumba#Kumi2024');
    expect(loadChunk).not.toHaveBeenCalled();
    await firstSubmits({
      submit: 'Sign in',
      busy: 'Signing in…',
      field: /^Phone number or ID number/,
      message: 'Please enter your phone number or ID number',
      typed: [/^Password/, 'Nyumba#Kumi2024'],
      calls,
    });
  });

  it('sign-up', async () => {
    const { calls } = stubApi({});
    await renderWithApp([{ path: '/signup', element: <SignupPage /> }], { path: '/signup' });
    await userEvent.type(await screen.findByLabelText(/^Surname/), 'Otieno');
    expect(loadChunk).not.toHaveBeenCalled();
    await firstSubmits({
      submit: 'Create account',
      busy: 'Creating your account…',
      field: /^First name/,
      message: 'Please enter your first name',
      typed: [/^Surname/, 'Otieno'],
      calls,
    });
  });

  it('the code step after sign-up', async () => {
    const { calls } = stubApi({
      'POST /api/auth/signup': () =>
        jsonResponse(201, {
          token: fakeJwt({ sub: 'u1', scope: 'otp', exp: nowSeconds() + 900 }),
          mobile_number: '254712345678',
          first_time_login: true,
          otp_sent: true,
          customer_no: 'NCC-0001002',
          identifier_type: 'id_number',
        }),
      'GET /api/auth/config': () => jsonResponse(200, { sms_outbox: false }),
    });
    await renderWithApp([{ path: '/signup', element: <SignupPage /> }], { path: '/signup' });
    const u = userEvent.setup();
    for (const [label, value] of [
      [/^First name/, 'Achieng'],
      [/^Surname/, 'Otieno'],
      [/^ID number, passport/, '12345678'],
      [/^Phone number/, '0712345678'],
      [/^E-mail address/, 'achieng@example.co.ke'],
      [/^Password/, 'Nyumba#Kumi2024'],
      [/^Confirm the password/, 'Nyumba#Kumi2024'],
    ] as const) {
      await u.click(await screen.findByLabelText(label));
      await u.paste(value);
    }
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    await u.type(await screen.findByRole('textbox', { name: /^Code/ }), '12');
    await firstSubmits({
      submit: 'Verify',
      busy: 'Verifying…',
      field: /^Code/,
      message: 'The code is the 6 digits we sent you by SMS',
      typed: [/^Code/, '12'],
      calls,
    });
  });

  it('password recovery, both steps', async () => {
    const { calls } = stubApi({
      'POST /api/auth/password/forgot': () =>
        jsonResponse(200, { message: 'We sent a code', otp_sent: true }),
    });
    await renderWithApp([{ path: '/recover-password', element: <RecoverPasswordPage /> }], {
      path: '/recover-password',
    });
    await screen.findByRole('textbox', { name: /^Phone number or ID number/ });
    expect(loadChunk).not.toHaveBeenCalled();
    await firstSubmits({
      submit: 'Send code',
      busy: 'Sending…',
      field: /^Phone number or ID number/,
      message: 'Please enter your phone number or ID number',
      calls,
    });

    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: /^Phone number or ID number/ }), '0712345678');
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    await u.type(await screen.findByLabelText(/^New password/), 'Nyumba#Kumi2024');
    await firstSubmits({
      submit: 'Set new password',
      busy: 'Saving…',
      field: /^Code/,
      message: 'The code is the 6 digits we sent you by SMS',
      typed: [/^New password/, 'Nyumba#Kumi2024'],
      calls,
    });
  });

  it('change of phone number, both steps', async () => {
    const { calls } = stubApi({
      'POST /api/profile/change-phone': () =>
        jsonResponse(200, { message: 'Code sent', mobile_number: '254722000111', otp_sent: true }),
    });
    await renderWithApp([{ path: '/profile/change-phone', element: <ProfileChangePhonePage /> }], {
      path: '/profile/change-phone',
    });
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: /^New phone number/ }), '0812345678');
    expect(loadChunk).not.toHaveBeenCalled();
    await firstSubmits({
      submit: 'Send code to the new number',
      busy: 'Sending…',
      field: /^New phone number/,
      message: 'Phone number must be in format +2547******** or 2547******** or 07******** or 7********',
      typed: [/^New phone number/, '0812345678'],
      calls,
    });

    const phone = screen.getByRole('textbox', { name: /^New phone number/ });
    await u.clear(phone);
    await u.type(phone, '0722000111');
    await u.type(screen.getByLabelText(/^Current password/), 'Nyumba#Kumi2024');
    await u.click(screen.getByRole('button', { name: 'Send code to the new number' }));
    await screen.findByRole('textbox', { name: /^Code/ });
    await firstSubmits({
      submit: 'Confirm the new number',
      busy: 'Confirming…',
      field: /^Code/,
      message: 'The code is the 6 digits we sent you by SMS',
      calls,
    });
  });

  it('change of password', async () => {
    const { calls } = stubApi({});
    await renderWithApp([{ path: '/profile/change-password', element: <ProfileChangePasswordPage /> }], {
      path: '/profile/change-password',
    });
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Nyumba#Kumi2024');
    expect(loadChunk).not.toHaveBeenCalled();
    await firstSubmits({
      submit: 'Change password',
      busy: 'Saving…',
      field: /^Current password/,
      message: 'Please enter your password',
      typed: [/^New password/, 'Nyumba#Kumi2024'],
      calls,
    });
  });

  it('the profile', async () => {
    const { calls } = stubApi({
      'GET /api/profile': () => jsonResponse(200, { data: user, erp_data: null }),
      'GET /api/uploads/limits': () => jsonResponse(200, { max_bytes: 5 * 1024 * 1024 }),
    });
    await renderWithApp([{ path: '/profile/edit', element: <ProfileEditPage /> }], {
      path: '/profile/edit',
    });
    const first = await screen.findByRole('textbox', { name: /^First name/ });
    await userEvent.clear(first);
    const email = screen.getByRole('textbox', { name: /^E-mail address/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'w.kamau@example.co.ke');
    expect(loadChunk).not.toHaveBeenCalled();
    await firstSubmits({
      submit: 'Save changes',
      busy: 'Saving…',
      field: /^First name/,
      message: 'Please enter your first name',
      typed: [/^E-mail address/, 'w.kamau@example.co.ke'],
      calls,
    });
  });
});

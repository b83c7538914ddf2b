import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/api-client';
import { readTokenCookie, removeTokenCookie } from '../../lib/session-token';
import { fakeJwt, jsonResponse, nowSeconds, renderWithApp, stubApi } from '../../testing/render-with-app';
import { resetAuth } from './auth-store';
import { SignupPage } from './signup-page';

const routes = [{ path: '/signup', element: <SignupPage /> }];

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

async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(new RegExp(`^${label}`));
    await userEvent.clear(field);
    if (!value) continue;
    await userEvent.click(field);
    await userEvent.paste(value);
  }
}

const valid = {
  'First name': 'Achieng',
  Surname: 'Otieno',
  'ID number, passport': '12345678',
  'Phone number': '0712345678',
  'E-mail address': 'achieng@example.co.ke',
  Password: 'Nyumba#Kumi2024',
  'Confirm the password': 'Nyumba#Kumi2024',
};

// Typing is slow when the whole suite shares two cores.
describe('SignupPage', { timeout: 20_000 }, () => {
  it('marks the required fields with a red asterisk (and the word "required")', async () => {
    stubApi({});
    await renderWithApp(routes, { path: '/signup' });
    const first = await screen.findByRole('textbox', { name: 'First name (required)' });
    const asterisk = within(document.querySelector(`label[for="${first.id}"]`) as HTMLElement).getByText('*');
    expect(asterisk).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('textbox', { name: 'Middle name' })).not.toHaveAttribute('aria-required');
    expect(screen.getByRole('textbox', { name: /^Surname/ })).toHaveAttribute('aria-required', 'true');
  });

  it('sent empty, puts the focus on the first field it refuses (the first name)', async () => {
    stubApi({});
    await renderWithApp(routes, { path: '/signup' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    const first = screen.getByRole('textbox', { name: /^First name/ });
    // The form's schema loads on the first submit (lib/lazy-resolver.ts): the messages follow it.
    await waitFor(() => expect(first).toHaveAttribute('aria-invalid', 'true'), { timeout: 5000 });
    expect(first).toHaveFocus();
  });

  it('takes an error away as soon as its field is fixed, leaving the others', async () => {
    const api = stubApi({});
    await renderWithApp(routes, { path: '/signup' });
    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    const first = screen.getByRole('textbox', { name: /^First name/ });
    await waitFor(() => expect(first).toHaveAttribute('aria-invalid', 'true'), { timeout: 5000 });
    await userEvent.type(first, 'Achieng');
    await waitFor(() => expect(first).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByRole('textbox', { name: /^Surname/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it('shows the identifier type as it is typed', async () => {
    stubApi({});
    await renderWithApp(routes, { path: '/signup' });
    const field = await screen.findByRole('textbox', { name: /^ID number, passport/ });
    const type = screen.getByTestId('identifier-type');
    expect(type).toHaveAttribute('aria-live', 'polite');
    for (const [value, label] of [
      ['12345678', 'Type: National ID'],
      ['AK0123456', 'Type: Passport'],
      ['ak0123456', 'Type: Passport'],
      ['CPR/2019/12345', 'Type: Business registration number'],
      ['A004416331M', 'Type: KRA PIN'],
    ]) {
      await userEvent.clear(field);
      await userEvent.type(field, value!);
      expect(type).toHaveTextContent(label!);
    }
  });

  it("shows the spec's strength messages as the password is typed, in a live region", async () => {
    stubApi({});
    await renderWithApp(routes, { path: '/signup' });
    const password = await screen.findByLabelText(/^Password/);
    const meter = () => screen.getByText(/Password (is|has)/).closest('p')!;
    await userEvent.type(password, 'abc');
    expect(meter()).toHaveTextContent('Password is weak');
    expect(meter()).toHaveAttribute('aria-live', 'polite');
    await userEvent.type(password, 'def');
    expect(meter()).toHaveTextContent('Password has medium strength');
    await userEvent.type(password, 'G#1');
    expect(meter()).toHaveTextContent('Password is strong');
  });

  it("refuses a bad phone number with the spec's message, and passwords that differ", async () => {
    const { calls } = stubApi({});
    await renderWithApp(routes, { path: '/signup' });
    await screen.findByRole('textbox', { name: /^First name/ });
    await fill({ ...valid, 'Phone number': '0812345678', 'Confirm the password': 'Nyumba#Kumi2025' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const phone = screen.getByRole('textbox', { name: /^Phone number/ });
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(
      expect.stringContaining(
        'Phone number must be in format +2547******** or 2547******** or 07******** or 7********',
      ),
    );
    expect(screen.getByText('The passwords do not match')).toBeVisible();
    expect(calls.filter((c) => c.url === '/api/auth/signup')).toEqual([]);
  });

  it("puts the server's 409 beside the field and in a danger alert, keeping every value", async () => {
    const message =
      'An account with this phone number already exists. Please login or recover your password.';
    stubApi({
      'POST /api/auth/signup': () =>
        jsonResponse(409, { code: 'conflict', message, details: [{ path: 'phone_number', message }] }),
    });
    await renderWithApp(routes, { path: '/signup' });
    await screen.findByRole('textbox', { name: /^First name/ });
    await fill(valid);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('textbox', { name: /^Phone number/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('Achieng');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Nyumba#Kumi2024');
  });

  it('sends the normalised values, then asks for the code sent to the masked phone', async () => {
    const pending = fakeJwt({ sub: 'u1', scope: 'otp', exp: nowSeconds() + 900 });
    const { calls } = stubApi({
      'POST /api/auth/signup': () =>
        jsonResponse(201, {
          token: pending,
          mobile_number: '254712345678',
          first_time_login: true,
          otp_sent: true,
          customer_no: 'NCC-0001001',
          identifier_type: 'passport',
        }),
      'GET /api/auth/config': () => jsonResponse(200, { sms_outbox: false }),
    });
    await renderWithApp(routes, { path: '/signup' });
    await screen.findByRole('textbox', { name: /^First name/ });
    await fill({ ...valid, 'ID number, passport': ' ak0123456 ' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const step = await screen.findByRole('region', { name: 'Enter the code' });
    expect(within(step).getByText('We sent a code to *********678.')).toBeVisible();
    // The code step's heading takes the focus (a screen reader hears where the user is).
    expect(within(step).getByRole('heading', { name: 'Enter the code' })).toHaveFocus();
    expect(calls.find((c) => c.url === '/api/auth/signup')?.body).toEqual({
      first_name: 'Achieng',
      middle_name: null,
      sur_name: 'Otieno',
      identifier: 'AK0123456',
      phone_number: '254712345678',
      email: 'achieng@example.co.ke',
      password: 'Nyumba#Kumi2024',
    });
    expect(readTokenCookie()).toBe(pending);
  });
});

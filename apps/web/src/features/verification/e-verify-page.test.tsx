import type { VerifyResponse } from '@kaunti/contract/api-verify';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../testing/render-with-app';
import { EVerifyPage } from './e-verify-page';

const TOKEN = 'eyJhbGciOiJFZERTQSIsImtpZCI6ImFiYyJ9.eyJqdGkiOiJ4In0.c2lnbmF0dXJl';

const receipt: NonNullable<VerifyResponse['document']> = {
  id: 'doc-1',
  kind: 'receipt',
  number: 'RCT-2025-000123',
  holder: 'W****** K******',
  amount_cents: 150_050,
  issued_at: '2025-03-14T09:12:00.000Z',
  issuer: 'Test City County',
  facts: { bill_no: 'BL-2025-000123', description: 'Daily parking' },
};

function answerWith(body: VerifyResponse | ((url: string) => VerifyResponse), status = 200) {
  const fetchMock = vi.fn(async (url: string) =>
    jsonResponse(status, typeof body === 'function' ? body(url) : body),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const page = (path = '/e-verify', language: 'en' | 'sw' = 'en') =>
  renderWithApp(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: [
          { path: '/e-verify', element: <EVerifyPage /> },
          { path: '*', element: <p>elsewhere</p> },
        ],
      },
    ],
    { path, language },
  );

afterEach(() => vi.unstubAllGlobals());

// Typing a whole code is slow when the whole suite shares two cores.
describe('E-Verify page', { timeout: 20_000 }, () => {
  it('checks the code in the link at once and shows a genuine document with its facts', async () => {
    const fetchMock = answerWith({
      status: 'valid',
      document: receipt,
      checked_at: '2025-03-15T07:00:00.000Z',
    });
    await page(`/e-verify?code=${TOKEN}`);
    const result = await screen.findByTestId('verify-result');
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/verify?code=${encodeURIComponent(TOKEN)}`);
    expect(result).toHaveAttribute('data-status', 'valid');
    expect(within(result).getByRole('heading', { name: 'Genuine document' })).toBeInTheDocument();
    expect(screen.getByTestId('verify-announcement')).toHaveTextContent(
      'Genuine document. This document was issued by Test City County and is in force.',
    );
    const facts = result.querySelector('dl')!;
    expect(facts).toHaveTextContent('DocumentReceipt');
    expect(facts).toHaveTextContent('NumberRCT-2025-000123');
    expect(facts).toHaveTextContent('Issued toW****** K******');
    expect(facts).toHaveTextContent('AmountKES 1,500.50');
    expect(facts).toHaveTextContent('Issued on14th March 2025');
    expect(facts).toHaveTextContent('Bill numberBL-2025-000123');
    expect(facts).toHaveTextContent('DescriptionDaily parking');
    expect(screen.getByLabelText('Verification code or link')).toHaveValue(TOKEN);
  });

  it('says plainly when a code is not genuine, and shows nothing it claims', async () => {
    answerWith({ status: 'tampered', checked_at: '2025-03-15T07:00:00.000Z' });
    await page(`/e-verify?code=${TOKEN}x`);
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveAttribute('data-status', 'tampered');
    expect(
      within(result).getByRole('heading', { name: 'Not a genuine county document' }),
    ).toBeInTheDocument();
    expect(result).toHaveTextContent('Do not accept the document');
    expect(screen.getByTestId('verify-announcement')).toHaveTextContent(
      /^Not a genuine county document\. .*Do not accept the document/,
    );
    expect(within(result).queryByRole('term')).toBeNull();
  });

  it('shows when and why a document was revoked', async () => {
    answerWith({
      status: 'revoked',
      document: {
        ...receipt,
        revoked_at: '2025-04-01T10:00:00.000Z',
        revocation_reason: 'Payment reversed by the bank',
      },
      checked_at: '2025-04-02T07:00:00.000Z',
    });
    await page(`/e-verify?code=${TOKEN}`);
    const result = await screen.findByTestId('verify-result');
    expect(within(result).getByRole('heading', { name: 'Revoked' })).toBeInTheDocument();
    expect(result).toHaveTextContent('Revoked on1st April 2025');
    expect(result).toHaveTextContent('ReasonPayment reversed by the bank');
  });

  it.each([
    ['expired', 'Expired'],
    ['unknown', 'Not in the county register'],
  ] as const)('names the %s state', async (status, title) => {
    answerWith({
      status,
      ...(status === 'expired' ? { document: receipt } : {}),
      checked_at: '2025-03-15T07:00:00.000Z',
    });
    await page(`/e-verify?code=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('checks a pasted link: only its code goes to the server', async () => {
    const fetchMock = answerWith({
      status: 'valid',
      document: receipt,
      checked_at: '2025-03-15T07:00:00.000Z',
    });
    await page();
    await userEvent.type(
      screen.getByLabelText('Verification code or link'),
      `https://eservices.example/e-verify?code=${TOKEN}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Genuine document' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/verify?code=${encodeURIComponent(TOKEN)}`);
    expect(screen.getByTestId('location')).toHaveTextContent(`/e-verify?code=${TOKEN}`);
  });

  it('asks for a code when the field is empty, and sends nothing', async () => {
    const fetchMock = answerWith({ status: 'valid', checked_at: '2025-03-15T07:00:00.000Z' });
    await page();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const field = screen.getByLabelText('Verification code or link');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      /Enter the verification code or link printed under the QR code/,
    );
    expect(field).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a staff ID link to the staff check', async () => {
    answerWith({ status: 'valid', checked_at: '2025-03-15T07:00:00.000Z' });
    await page();
    await userEvent.type(
      screen.getByLabelText('Verification code or link'),
      'https://x.example/everify/s/qid123/20114587',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/everify/s/qid123/20114587');
  });

  it('shows a server failure in a danger alert, keeps what was typed, and can try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(429, {
          message: 'Too many requests. Please try again in 1 minute.',
          code: 'rate_limited',
        }),
      ),
    );
    await page(`/e-verify?code=${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not check this code');
    expect(alert).toHaveTextContent('Too many requests. Please try again in 1 minute.');
    expect(screen.getByLabelText('Verification code or link')).toHaveValue(TOKEN);
    answerWith({ status: 'valid', document: receipt, checked_at: '2025-03-15T07:00:00.000Z' });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Genuine document' })).toBeInTheDocument();
    // "Try again" went with its alert: the answer has the focus, not the page's body.
    await waitFor(() => expect(screen.getByTestId('verify-result').parentElement).toHaveFocus());
  });

  it('announces each answer through a live region that was on the page before it, and Verify keeps the focus', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    await page();
    const region = screen.getByTestId('verify-announcement');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toBeEmptyDOMElement();
    await userEvent.click(screen.getByLabelText('Verification code or link'));
    await userEvent.paste(TOKEN);
    const verify = screen.getByRole('button', { name: 'Verify' });
    await userEvent.click(verify);
    await waitFor(() => expect(region).toHaveTextContent('Checking…'));
    expect(verify).toHaveFocus();
    answer(
      jsonResponse(200, { status: 'revoked', document: receipt, checked_at: '2025-03-15T07:00:00.000Z' }),
    );
    await waitFor(() => expect(region).toHaveTextContent(/^Revoked\./));
    expect(screen.getByTestId('verify-announcement')).toBe(region);
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveFocus();
  });

  it('opens the scanner only on demand, and says so when the browser has no camera', async () => {
    answerWith({ status: 'valid', checked_at: '2025-03-15T07:00:00.000Z' });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    await page();
    expect(screen.queryByRole('region', { name: 'QR code scanner' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Scan QR code' }));
    const scanner = await screen.findByRole('region', { name: 'QR code scanner' });
    // The button that opened it is gone: the scanner has the focus.
    await waitFor(() => expect(scanner).toHaveFocus());
    await waitFor(() =>
      expect(within(scanner).getByRole('alert')).toHaveTextContent('cannot use the camera'),
    );
    await userEvent.click(within(scanner).getByRole('button', { name: 'Stop scanning' }));
    expect(screen.queryByRole('region', { name: 'QR code scanner' })).toBeNull();
    // Closed: back on the button that opens it.
    expect(screen.getByRole('button', { name: 'Scan QR code' })).toHaveFocus();
  });

  it('speaks Kiswahili', async () => {
    answerWith({ status: 'valid', document: receipt, checked_at: '2025-03-15T07:00:00.000Z' });
    await page(`/e-verify?code=${TOKEN}`, 'sw');
    expect(await screen.findByRole('heading', { name: 'Hati halali' })).toBeInTheDocument();
    expect(screen.getByLabelText('Msimbo au kiungo cha uthibitisho')).toBeInTheDocument();
    expect(screen.getByTestId('verify-result')).toHaveTextContent('Risiti');
  });
});

describe('checking a business permit number', () => {
  it('asks for the number, then says whether the permit is in force, keeping what was typed', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      const typed = new URL(url, 'http://x').searchParams.get('permit_no') ?? '';
      const permitNo = typed.trim().toUpperCase();
      return jsonResponse(200, { permitNo, isValid: permitNo === 'SBP-2025-900101' });
    });
    vi.stubGlobal('fetch', fetchMock);
    await page();
    const user = userEvent.setup();
    const section = screen.getByRole('region', { name: 'Check a business permit number' });
    const field = within(section).getByRole('textbox', { name: 'Permit number' });
    const check = within(section).getByRole('button', { name: 'Check permit' });

    await user.click(check);
    expect(within(section).getByText('Enter the permit number')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(field, 'sbp-2025-900101');
    await user.click(check);
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Permit SBP-2025-900101 is valid: the county issued it and it is in force.',
    );
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/permits/validate?permit_no=sbp-2025-900101');

    await user.clear(field);
    await user.type(field, 'SBP-2025-000001');
    await user.click(check);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Permit SBP-2025-000001 is not valid: the county has no permit in force with this number',
    );
    expect(field).toHaveValue('SBP-2025-000001');
  });
});

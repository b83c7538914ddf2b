import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../testing/render-with-app';
import { IdentityVerifyPage } from './identity-verify-page';
import { StaffVerifyPage } from './staff-verify-page';

afterEach(() => vi.unstubAllGlobals());

function answer(body: unknown) {
  const fetchMock = vi.fn(async (_url: string) => jsonResponse(200, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const staffPage = (language: 'en' | 'sw' = 'en') =>
  renderWithApp([{ path: '/everify/s/:qid/:sid', element: <StaffVerifyPage /> }], {
    path: '/everify/s/Qid_123/20114587',
    language,
  });
const identityPage = () =>
  renderWithApp([{ path: '/everify/i/:qid/:id', element: <IdentityVerifyPage /> }], {
    path: '/everify/i/Qid_456/27845123',
  });

describe('staff ID check page', () => {
  it('asks the server with the QR id and staff number, and shows a serving officer in full', async () => {
    const fetchMock = answer({
      status: 'valid',
      staff: {
        staff_no: '20114587',
        name: 'Grace Wanjiru Mwangi',
        department: 'Finance and Economic Planning',
        designation: 'Senior Revenue Officer',
      },
      issuer: 'Test City County',
      checked_at: '2025-03-15T07:00:00.000Z',
    });
    await staffPage();
    const result = await screen.findByTestId('verify-result');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/verify/staff/Qid_123/20114587');
    expect(within(result).getByRole('heading', { name: 'Serving county officer' })).toBeInTheDocument();
    expect(result).toHaveTextContent('NameGrace Wanjiru Mwangi');
    expect(result).toHaveTextContent('DepartmentFinance and Economic Planning');
    expect(result).toHaveTextContent('DesignationSenior Revenue Officer');
    expect(result).not.toHaveTextContent('report a suspicious card');
  });

  it('warns about a card that matches no officer, with the county phones to report it', async () => {
    answer({ status: 'not_found', issuer: 'Test City County', checked_at: '2025-03-15T07:00:00.000Z' });
    await staffPage();
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveAttribute('data-status', 'not_found');
    expect(result).toHaveTextContent('No officer matches this card');
    // Announced through the page's live region, there before the answer came.
    expect(screen.getByRole('status')).toHaveTextContent(/^No officer matches this card\./);
    expect(result).toHaveTextContent('To report a suspicious card, call +254 700 000 111, +254 711 222 333.');
  });

  it('says a suspended officer must not be trusted, in Kiswahili too', async () => {
    answer({
      status: 'suspended',
      staff: {
        staff_no: '20085573',
        name: 'Samuel Mutua Musyoka',
        department: 'Security',
        designation: 'Inspector',
      },
      issuer: 'Test City County',
      checked_at: '2025-03-15T07:00:00.000Z',
    });
    await staffPage('sw');
    expect(await screen.findByRole('heading', { name: 'Afisa aliyesimamishwa kazi' })).toBeInTheDocument();
  });
});

describe('national ID check page', () => {
  it('shows a registered and verified ID with the name masked', async () => {
    const fetchMock = answer({
      status: 'registered_verified',
      person: { name: 'W****** K******', id_number: '27845123', registered_at: '2025-01-02T08:00:00.000Z' },
      issuer: 'Test City County',
      checked_at: '2025-03-15T07:00:00.000Z',
    });
    await identityPage();
    const result = await screen.findByTestId('verify-result');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/verify/identity/Qid_456/27845123');
    expect(within(result).getByRole('heading', { name: 'Registered and verified' })).toBeInTheDocument();
    expect(result).toHaveTextContent('NameW****** K******');
    expect(result).toHaveTextContent('Registered on2nd January 2025');
  });

  it('says not registered, naming the ID that was checked', async () => {
    answer({ status: 'not_registered', issuer: 'Test City County', checked_at: '2025-03-15T07:00:00.000Z' });
    await identityPage();
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveTextContent(
      'No portal account matches this QR code and national ID number 27845123.',
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'No portal account matches this QR code and national ID number 27845123.',
    );
  });
});

import ubpSw from '@kaunti/catalogue/services/business/unified-business-permit/sw.json';
import dogSw from '@kaunti/catalogue/services/health/dog-licence/sw.json';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { PermitsPage } from './permits-page';

/** The permit's name in Kiswahili, from its service folder. */
const SW_TITLE = ubpSw.title;

function permit(no: string, state: string, extra: Record<string, unknown> = {}) {
  return {
    permitNo: no,
    service_id: 'unified-business-permit',
    service_title: 'Unified Business Permit (Trade Licence)',
    business_name: 'Savannah Fresh Foods Limited',
    kra_pin: 'P051234567K',
    issued_at: '2025-12-07T09:00:00.000Z',
    expires_at: '2026-12-07T09:00:00.000Z',
    state,
    days_left: 10,
    renewable: state === 'expiring' || state === 'expired',
    renewable_from: '2026-11-07',
    short_code: 'YJRQ-4XXK-K8RU',
    document: {
      id: `doc-${no}`,
      number: no,
      status: 'issued',
      pdf_url: `http://portal.example/api/documents/doc-${no}/pdf?key=k`,
      print_url: `http://portal.example/downloads/ubp?id=doc-${no}&key=k`,
      url: 'http://portal.example/e-verify?code=abc',
    },
    ...extra,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('PermitsPage', () => {
  it('puts expiring permits first, then active, then past ones, each with print, PDF and verify', async () => {
    stubApi({
      'GET /api/permits': () =>
        jsonResponse(200, {
          data: [
            permit('UBP-2026-000010', 'active', { days_left: 300, renewable_from: '2027-09-01' }),
            permit('UBP-2025-900302', 'expiring'),
            permit('SBP-2025-900303', 'expired', { days_left: -35, service_title: 'Single Business Permit' }),
            permit('PCC-2025-900304', 'active', {
              renewable_from: null,
              service_title: 'Pest Control Certificate',
            }),
          ],
        }),
    });
    await renderWithApp(<PermitsPage />);
    const expiring = await screen.findByRole('region', { name: 'Expiring within 30 days (1)' });
    expect(expiring).toHaveTextContent('UBP-2025-900302');
    expect(expiring).toHaveTextContent('(10 days left)');
    expect(within(expiring).getByRole('button', { name: 'Renew and pay UBP-2025-900302' })).toBeEnabled();
    const active = screen.getByRole('region', { name: 'Active (2)' });
    expect(within(active).queryByRole('button', { name: /Renew/ })).toBeNull();
    expect(active).toHaveTextContent('You can renew it from 1st September 2027.');
    // A certificate is applied for again, not renewed: no renewal date.
    expect(within(active).getAllByText(/You can renew it from/)).toHaveLength(1);
    expect(within(active).getByRole('link', { name: 'Print permit UBP-2026-000010' })).toHaveAttribute(
      'href',
      '/downloads/ubp?id=doc-UBP-2026-000010&key=k',
    );
    const past = screen.getByRole('region', { name: 'Expired, revoked or renewed (1)' });
    expect(past).toHaveTextContent('35 days ago');
    expect(within(past).getByRole('button', { name: 'Renew and pay SBP-2025-900303' })).toBeEnabled();
  });

  it("names each permit and links its PDF in the reader's language (issue 36 item 23)", async () => {
    stubApi({
      'GET /api/permits': () => jsonResponse(200, { data: [permit('UBP-2025-900302', 'expiring')] }),
    });
    await renderWithApp(<PermitsPage />, { language: 'sw' });
    const card = await screen.findByTestId('permit-card');
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(
      `${SW_TITLE}: Savannah Fresh Foods Limited`,
    );
    expect(card).not.toHaveTextContent('Unified Business Permit');
    const pdf = within(card)
      .getAllByRole('link')
      .find((link) => link.getAttribute('href')?.includes('/pdf'));
    expect(pdf).toHaveAttribute('href', expect.stringMatching(/\/pdf\?key=k&lang=sw$/));
  });

  it('renews: the renewal bill opens for payment; a refusal is said and nothing else changes', async () => {
    const api = stubApi({
      'GET /api/permits': () => jsonResponse(200, { data: [permit('UBP-2025-900302', 'expiring')] }),
      'POST /api/permits/:id/renewal': ({ url }) =>
        url.includes('doc-UBP-2025-900302')
          ? jsonResponse(201, {
              success: true,
              message: 'ok',
              application: {},
              bill: { bill_no: 'NCCB12345678' },
            })
          : jsonResponse(409, { message: 'This permit has already been renewed.', code: 'conflict' }),
    });
    const { router } = await renderWithApp(<PermitsPage />, { path: '/permits' });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Renew and pay UBP-2025-900302' }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/payment?bill=NCCB12345678',
      ),
    );
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/permits/doc-UBP-2025-900302/renewal',
    ]);
  });

  it.each([
    ['en', 'Dog Licence: Simba', 'Renew and pay DOG-2025-000041', 'KRA PIN'],
    ['sw', `${dogSw.title}: Simba`, /DOG-2025-000041/, 'PIN ya KRA'],
  ] as const)(
    'lists a licence the account holds (decision 040), renewable, with no KRA PIN (%s)',
    async (language, heading, renew, pinLabel) => {
      stubApi({
        'GET /api/permits': () =>
          jsonResponse(200, {
            data: [
              permit('DOG-2025-000041', 'expiring', {
                service_id: 'dog-licence',
                service_title: 'Dog Licence',
                business_name: 'Simba',
                kra_pin: null,
              }),
            ],
          }),
      });
      await renderWithApp(<PermitsPage />, { language });
      const card = await screen.findByTestId('permit-card');
      expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(heading);
      expect(within(card).getByRole('button', { name: renew })).toBeEnabled();
      expect(card).not.toHaveTextContent(pinLabel);
      expect(card).not.toHaveTextContent('null');
    },
  );

  it('says what to do when there is no permit yet', async () => {
    stubApi({ 'GET /api/permits': () => jsonResponse(200, { data: [] }) });
    await renderWithApp(<PermitsPage />);
    expect(await screen.findByText(/You have no business permits yet/)).toBeInTheDocument();
  });
});

describe('PermitsPage: claims', () => {
  it("lists the user's claims to act for a business with the county's decision (issue 36 item 6)", async () => {
    stubApi({
      'GET /api/permits': () => jsonResponse(200, { data: [] }),
      'GET /api/businesses/claims': () =>
        jsonResponse(200, {
          data: [
            {
              id: 'c1',
              kra_pin: 'P066600066S',
              business_name: 'Kariakor Leather Works',
              status: 'rejected',
              application_no: null,
              created_at: '2026-11-24T09:00:00.000+03:00',
              decided_at: '2026-11-25T09:00:00.000+03:00',
              decision_reason: 'The certificate of registration names another person',
            },
          ],
        }),
    });
    await renderWithApp(<PermitsPage />);
    const claims = await screen.findByRole('region', { name: 'Your claims to act for a business (1)' });
    expect(claims).toHaveTextContent('Kariakor Leather Works (KRA PIN P066600066S)');
    expect(claims).toHaveTextContent('Rejected');
    expect(claims).toHaveTextContent(
      "The county's reason: The certificate of registration names another person",
    );
  });
});

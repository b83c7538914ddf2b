import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { ParkingPermits } from './parking-permits';

const permit = (overrides: Record<string, unknown>) => ({
  document_no: 'SPK-2026-000001',
  kind: 'season',
  service_id: 'seasonal-parking',
  service_title: 'Seasonal Parking',
  plates: ['KDA 123A', 'KBZ 777C'],
  zone_code: 'Z1',
  place: null,
  valid_from: '2026-11-01T09:00:00.000Z',
  valid_until: '2026-12-01T09:00:00.000Z',
  state: 'expiring',
  days_left: 4,
  renewable: true,
  short_code: 'ABCD-EFGH-JKLM',
  document: {
    id: 'doc-1',
    number: 'SPK-2026-000001',
    status: 'issued',
    pdf_url: 'http://portal.example/api/documents/doc-1/pdf?key=k',
    print_url: 'http://portal.example/downloads/tickets?id=doc-1&key=k',
    url: 'http://portal.example/e-verify?code=signed.code',
  },
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('parking permits on /permits', () => {
  it('lists each document with its plates and validity, and renews one ending soon into its payment', async () => {
    const api = stubApi({
      'GET /api/parking/permits': () =>
        jsonResponse(200, {
          data: [
            permit({}),
            permit({
              document_no: 'RPK-2026-000002',
              kind: 'reserved',
              plates: ['KCB 456B'],
              place: 'Kimathi Street, Kimathi House',
              state: 'active',
              days_left: 200,
              renewable: false,
              document: { ...permit({}).document, id: 'doc-2', number: 'RPK-2026-000002' },
            }),
          ],
        }),
      'POST /api/parking/permits/doc-1/renew': () =>
        jsonResponse(201, {
          success: true,
          message: 'ok',
          application: {},
          bill: { bill_no: 'NCCB00000042' },
        }),
    });
    const { router } = await renderWithApp(<ParkingPermits />, { path: '/permits' });
    const cards = await screen.findAllByTestId('parking-permit-card');
    expect(cards).toHaveLength(2);
    expect(
      within(cards[0]!).getByRole('heading', { name: 'Seasonal ticket: KDA 123A, KBZ 777C' }),
    ).toBeVisible();
    expect(cards[0]).toHaveTextContent('4 days left');
    expect(within(cards[1]!).getByText('Kimathi Street, Kimathi House')).toBeVisible();
    // Only the one ending soon may be renewed.
    expect(within(cards[1]!).queryByRole('button', { name: /Renew/ })).toBeNull();
    await userEvent
      .setup()
      .click(within(cards[0]!).getByRole('button', { name: 'Renew and pay SPK-2026-000001' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?bill=NCCB00000042'));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/parking/permits/doc-1/renew',
    ]);
  });

  it('says so when there is none, with the ways to get one', async () => {
    stubApi({ 'GET /api/parking/permits': () => jsonResponse(200, { data: [] }) });
    await renderWithApp(<ParkingPermits />, { path: '/permits' });
    expect(await screen.findByText(/You have no seasonal tickets/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Reserve parking bays' })).toHaveAttribute(
      'href',
      '/reserved-parking',
    );
  });
});

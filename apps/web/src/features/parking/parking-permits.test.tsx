import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/api-client';
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

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthToken(undefined);
});

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

describe('my vehicles on /permits', () => {
  it('adds a vehicle with its make and colour; a refused plate keeps what was typed, the error by its field', async () => {
    const vehicles: Record<string, unknown>[] = [];
    let refuse = true;
    const api = stubApi({
      'GET /api/parking/permits': () => jsonResponse(200, { data: [] }),
      'GET /api/parking/vehicles': () => jsonResponse(200, { data: vehicles }),
      'POST /api/parking/vehicles': ({ body }) => {
        if (refuse) {
          refuse = false;
          const message = 'Please enter the number plate as it is on the vehicle, e.g. KDA 123A';
          return jsonResponse(400, {
            message,
            code: 'validation_failed',
            details: [{ path: 'plate', message }],
          });
        }
        const vehicle = { id: 'v1', ...(body as object), plate: 'KDA 123A' };
        vehicles.push(vehicle);
        return jsonResponse(201, vehicle);
      },
    });
    setAuthToken('token');
    await renderWithApp(<ParkingPermits />, { path: '/permits' });
    const u = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Your vehicles' });
    const plate = within(section).getByRole('textbox', { name: /Number plate/ });
    await u.type(plate, 'KDA12');
    await u.selectOptions(within(section).getByRole('combobox', { name: /Vehicle type/ }), 'saloon');
    await u.type(within(section).getByRole('textbox', { name: /Make and model/ }), 'Toyota Axio');
    await u.type(within(section).getByRole('textbox', { name: /Colour/ }), 'Silver');
    await u.click(within(section).getByRole('button', { name: 'Add the vehicle' }));
    await vi.waitFor(() =>
      expect(plate).toHaveAccessibleDescription(expect.stringContaining('e.g. KDA 123A')),
    );
    expect(plate).toHaveValue('KDA12');
    expect(within(section).getByRole('textbox', { name: /Make and model/ })).toHaveValue('Toyota Axio');
    await u.clear(plate);
    await u.type(plate, 'kda123a');
    await u.click(within(section).getByRole('button', { name: 'Add the vehicle' }));
    expect(await within(section).findByText('KDA 123A', { selector: 'strong' })).toBeVisible();
    expect(section).toHaveTextContent('KDA 123A · Saloon car · Toyota Axio · Silver');
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      plate: 'kda123a',
      vehicle_type: 'saloon',
      make: 'Toyota Axio',
      colour: 'Silver',
    });
  });
});

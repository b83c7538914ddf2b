import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { AddSaccoVehiclePage, SaccoVehiclesPage } from './sacco-vehicles-page';
import { TransportSaccosPage } from './saccos-pages';

const SACCO = '11111111-1111-4111-8111-111111111111';
const summary = {
  id: SACCO,
  name: 'Kawangware Route 46 Matatu Sacco',
  registration_no: 'CS/12345',
  phone: '254722334455',
  email: null,
  year: 2026,
  vehicles: 3,
  stickers_paid: 1,
  stickers_pending: 0,
  stickers_due: 2,
  amount_due_cents: 2_000_000,
};

function vehicle(n: number, plate: string, seats: number, status: 'due' | 'paid', amount: number) {
  return {
    id: `2222222${n}-2222-4222-8222-222222222222`,
    sacco_id: SACCO,
    plate,
    seats,
    route: 'Route 46 Kawangware–CBD',
    owner_name: 'Peter Kamau',
    owner_phone: null,
    old_plate: null,
    active: true,
    sticker: {
      year: 2026,
      status,
      amount_cents: amount,
      bill_no: status === 'paid' ? 'NCCB1' : null,
      document: null,
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('Sacco pages', () => {
  it('offers to activate PSV services when the account has none, then shows the Saccos', async () => {
    let active = false;
    const api = stubApi({
      'GET /api/saccos': () =>
        active
          ? jsonResponse(200, { data: [summary] })
          : jsonResponse(403, {
              code: 'forbidden',
              message:
                'PSV services are not active on your account. Activate PSV services on your profile first.',
            }),
      'POST /api/profile/psv-activation': () => {
        active = true;
        return jsonResponse(200, { message: 'PSV activated successfully.', data: {} });
      },
    });
    await renderWithApp(<TransportSaccosPage />, { path: '/saccos' });
    await u().click(await screen.findByRole('button', { name: 'Activate PSV services' }));
    expect(await screen.findByRole('heading', { name: summary.name })).toBeInTheDocument();
    expect(screen.getByText('KES 20,000.00')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/profile/psv-activation'))).toBe(
      true,
    );
  });

  it('pays the selected due stickers in one bill and opens the payment page', async () => {
    const api = stubApi({
      'GET /api/saccos': () => jsonResponse(200, { data: [summary] }),
      [`GET /api/saccos/${SACCO}/vehicles`]: () =>
        jsonResponse(200, {
          sacco: summary,
          data: [
            vehicle(1, 'KCB 123A', 14, 'due', 800_000),
            vehicle(2, 'KCD 245B', 33, 'due', 1_200_000),
            vehicle(3, 'KCE 318C', 25, 'paid', 1_000_000),
          ],
        }),
      [`POST /api/saccos/${SACCO}/stickers`]: () =>
        jsonResponse(201, {
          bill_no: 'NCCB40213378',
          year: 2026,
          total_cents: 2_000_000,
          stickers: [],
          bill: {},
        }),
    });
    const { router } = await renderWithApp(<SaccoVehiclesPage />, { path: '/sacco-vehicles' });
    const user = u();
    expect(await screen.findByText('2 stickers due: select the ones to pay.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Pay the sticker of KCE 318C' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Pay the sticker of KCB 123A' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pay the sticker of KCD 245B' }));
    expect(screen.getByTestId('sticker-total')).toHaveTextContent('2 vehicles selected: KES 20,000.00');
    await user.click(screen.getByRole('button', { name: 'Pay selected stickers' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?bill=NCCB40213378'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      vehicle_ids: [vehicle(1, '', 0, 'due', 0).id, vehicle(2, '', 0, 'due', 0).id],
    });
  });

  it('keeps what was typed and shows each error beside its field when a vehicle is refused', async () => {
    const message = 'Please enter the number plate as it is on the vehicle, e.g. KDA 123A';
    stubApi({
      'GET /api/saccos': () => jsonResponse(200, { data: [summary] }),
      [`POST /api/saccos/${SACCO}/vehicles`]: () =>
        jsonResponse(400, { code: 'validation_failed', message, details: [{ path: 'plate', message }] }),
    });
    await renderWithApp(<AddSaccoVehiclePage />, { path: `/add?sacco=${SACCO}` });
    const user = u();
    await user.type(await screen.findByRole('textbox', { name: /Number plate/ }), 'ABC');
    await user.type(screen.getByRole('textbox', { name: /Seating capacity/ }), '14');
    await user.click(screen.getByRole('button', { name: 'Add the vehicle' }));
    const plate = screen.getByRole('textbox', { name: /Number plate/ });
    await vi.waitFor(() => expect(plate).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(plate).toHaveValue('ABC');
    expect(screen.getByRole('textbox', { name: /Seating capacity/ })).toHaveValue('14');
    expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
  });
});

const u = () => userEvent.setup();

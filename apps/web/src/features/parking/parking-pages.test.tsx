import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/api-client';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { ParkingPage } from './parking-page';
import { TicketPage } from './ticket-page';

const zones = [
  {
    zone_code: 'Z1',
    name: 'Zone I — Central Business District',
    description: 'CBD',
    fees: [
      { vehicle_type: 'saloon', label: 'Saloon car', amount_cents: 30_000 },
      { vehicle_type: 'van', label: 'Van or pick-up', amount_cents: 50_000 },
    ],
  },
];

function ticket(
  status: 'pending' | 'paid' | 'revoked',
  payment: { status: string; message: string | null; phone_hint: string | null } | null = null,
) {
  return {
    ticket_id: 'PT2345678ABCDE',
    ticket_no: 'PKT-2026-7QX4MZ2K9P',
    plate: 'KDA 123A',
    zone_code: 'Z1',
    zone_name: 'Zone I — Central Business District',
    vehicle_type: 'saloon',
    vehicle_type_label: 'Saloon car',
    day: '2026-11-27',
    amount_cents: 30_000,
    status,
    bill_no: 'NCCB12345678',
    paid_at: status === 'paid' ? '2026-11-27T08:00:00.000Z' : null,
    valid_until: '2026-11-27T20:59:59.999Z',
    short_code: status === 'pending' ? null : 'ABCD-EFGH-JKLM',
    revoked_at: status === 'revoked' ? '2026-11-27T10:00:00.000Z' : null,
    payment: payment ? { ...payment, at: '2026-11-27T08:00:00.000Z' } : null,
    document:
      status !== 'pending'
        ? {
            id: 'doc-1',
            number: 'PKT-2026-7QX4MZ2K9P',
            status: status === 'revoked' ? 'revoked' : 'issued',
            pdf_url: 'http://portal.example/api/documents/doc-1/pdf?key=k',
            print_url: 'http://portal.example/downloads/tickets?id=doc-1&key=k',
            url: 'http://portal.example/e-verify?code=signed.code',
          }
        : null,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthToken(undefined);
});

// Typing, and the checks' first load, are slow when the whole suite shares two cores.
describe('/parking', { timeout: 20_000 }, () => {
  it('shows the amount once zone and type are chosen, and keeps every answer when the server refuses one', async () => {
    const api = stubApi({
      'GET /api/parking/zones': () => jsonResponse(200, { data: zones }),
      'POST /api/parking/daily': () =>
        jsonResponse(400, {
          message: 'Please enter the number plate as it is on the vehicle, e.g. KDA 123A',
          code: 'validation_failed',
          details: [
            {
              path: 'plate',
              message: 'Please enter the number plate as it is on the vehicle, e.g. KDA 123A',
            },
          ],
        }),
    });
    await renderWithApp(<ParkingPage />, { path: '/parking' });
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: /Number plate/ }), 'KDA 123A');
    expect(screen.getByTestId('parking-amount')).toHaveTextContent('Choose the zone and the vehicle type');
    await u.selectOptions(screen.getByRole('combobox', { name: /Parking zone/ }), 'Z1');
    await u.selectOptions(screen.getByRole('combobox', { name: /Vehicle type/ }), 'van');
    expect(screen.getByTestId('parking-amount')).toHaveTextContent('KES 500.00');
    await u.type(screen.getByRole('textbox', { name: /M-Pesa phone number/ }), '0712345678');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    const plate = screen.getByRole('textbox', { name: /Number plate/ });
    // The form's checks load on the first submit: allow them time on a busy machine.
    await vi.waitFor(
      () =>
        expect(plate).toHaveAccessibleDescription(
          expect.stringContaining('Please enter the number plate as it is on the vehicle, e.g. KDA 123A'),
        ),
      { timeout: 5000 },
    );
    expect(plate).toHaveValue('KDA 123A');
    expect(screen.getByRole('combobox', { name: /Vehicle type/ })).toHaveValue('van');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      plate: 'KDA 123A',
      zone_code: 'Z1',
      vehicle_type: 'van',
      phone_number: '0712345678',
    });
  });

  it("asks the zones in the reader's language and shows them so (issue 36 item 23)", async () => {
    const zonesIn = (init: RequestInit) =>
      new Headers(init.headers).get('accept-language') === 'sw'
        ? zones.map((z) => ({
            ...z,
            name: 'Eneo la I — Katikati ya jiji',
            fees: z.fees.map((f) => ({
              ...f,
              label: f.vehicle_type === 'van' ? 'Gari dogo la mizigo' : 'Gari la saluni',
            })),
          }))
        : zones;
    stubApi({ 'GET /api/parking/zones': ({ init }) => jsonResponse(200, { data: zonesIn(init) }) });
    await renderWithApp(<ParkingPage />, { path: '/parking', language: 'sw' });
    expect(await screen.findByRole('option', { name: 'Eneo la I — Katikati ya jiji' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Central Business District/ })).toBeNull();
  });

  it('sends nothing while a field is empty or mistyped, and an error goes as soon as its field is fixed', async () => {
    const api = stubApi({ 'GET /api/parking/zones': () => jsonResponse(200, { data: zones }) });
    await renderWithApp(<ParkingPage />, { path: '/parking' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Pay with M-Pesa' }));
    const plate = screen.getByRole('textbox', { name: /Number plate/ });
    await vi.waitFor(
      () =>
        expect(plate).toHaveAccessibleDescription(expect.stringContaining('Please enter the number plate')),
      { timeout: 5000 },
    );
    expect(plate).toHaveFocus();
    const zone = screen.getByRole('combobox', { name: /Parking zone/ });
    expect(zone).toHaveAccessibleDescription(expect.stringContaining('Please choose the parking zone'));
    expect(screen.getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await u.type(plate, 'KDA 123A');
    await vi.waitFor(() => expect(plate).not.toHaveAttribute('aria-invalid'));
    expect(plate).not.toHaveAccessibleDescription(expect.stringContaining('Please enter the number plate'));
    await u.selectOptions(zone, 'Z1');
    await vi.waitFor(() => expect(zone).not.toHaveAttribute('aria-invalid'));
    // The others keep theirs until they are fixed.
    expect(screen.getByRole('combobox', { name: /Vehicle type/ })).toHaveAttribute('aria-invalid', 'true');
    await u.type(screen.getByRole('textbox', { name: /M-Pesa phone number/ }), '07123');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: /Vehicle type/ })).toHaveFocus());
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('opens the ticket once the prompt is sent', async () => {
    stubApi({
      'GET /api/parking/zones': () => jsonResponse(200, { data: zones }),
      'POST /api/parking/daily': () =>
        jsonResponse(201, {
          ticket_id: 'PT2345678ABCDE',
          bill_no: 'NCCB12345678',
          amount: 30_000,
          payment_id: 'p1',
          already_paid: false,
          ticket: ticket('pending'),
        }),
    });
    const { router } = await renderWithApp(<ParkingPage />, { path: '/parking' });
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: /Number plate/ }), 'KDA 123A');
    await u.selectOptions(screen.getByRole('combobox', { name: /Parking zone/ }), 'Z1');
    await u.selectOptions(screen.getByRole('combobox', { name: /Vehicle type/ }), 'saloon');
    await u.type(screen.getByRole('textbox', { name: /M-Pesa phone number/ }), '0712345678');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/parking/PT2345678ABCDE'), {
      timeout: 5000,
    });
  });
});

describe('/parking, signed in', { timeout: 20_000 }, () => {
  it("picks one of the motorist's vehicles in one tap, and remembers a new one when asked", async () => {
    setAuthToken('signed-in-token');
    const api = stubApi({
      'GET /api/parking/zones': () => jsonResponse(200, { data: zones }),
      'GET /api/parking/vehicles': () =>
        jsonResponse(200, {
          data: [{ id: 'v1', plate: 'KCA 001X', vehicle_type: 'van', make: null, colour: null }],
        }),
      'POST /api/parking/vehicles': () =>
        jsonResponse(201, { id: 'v2', plate: 'KCA 001X', vehicle_type: 'van', make: null, colour: null }),
      'POST /api/parking/daily': () =>
        jsonResponse(201, {
          ticket_id: 'PT2345678ABCDE',
          bill_no: 'NCCB12345678',
          amount: 50_000,
          payment_id: 'p1',
          already_paid: false,
          ticket: ticket('pending'),
        }),
    });
    await renderWithApp(<ParkingPage />, { path: '/parking' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Use KCA 001X' }));
    expect(screen.getByRole('textbox', { name: /Number plate/ })).toHaveValue('KCA 001X');
    expect(screen.getByRole('combobox', { name: /Vehicle type/ })).toHaveValue('van');
    await u.selectOptions(screen.getByRole('combobox', { name: /Parking zone/ }), 'Z1');
    await u.type(screen.getByRole('textbox', { name: /M-Pesa phone number/ }), '0712345678');
    await u.click(screen.getByRole('checkbox', { name: 'Remember this vehicle for next time' }));
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    await vi.waitFor(
      () =>
        expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
          '/api/parking/daily',
          '/api/parking/vehicles',
        ]),
      { timeout: 5000 },
    );
  });
});

describe('/parking/{id}', () => {
  it('says it waits for the payment, then shows the paid ticket with its QR code and printable link', async () => {
    let paid = false;
    stubApi({ 'GET /api/parking/tickets/:id': () => jsonResponse(200, ticket(paid ? 'paid' : 'pending')) });
    await renderWithApp([{ path: '/parking/:id', element: <TicketPage /> }], {
      path: '/parking/PT2345678ABCDE',
    });
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
    const region = screen.getByTestId('ticket-announcement');
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveTextContent('Waiting for your payment');
    expect(
      screen.getByText(/Check your phone and enter your M-Pesa PIN to pay KES 300.00/),
    ).toBeInTheDocument();
    paid = true;
    expect(
      await screen.findByRole('heading', { name: 'Paid: your parking is covered today' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // Announced in the region that was there while it waited (not a new one that came with it).
    expect(screen.getByTestId('ticket-announcement')).toBe(region);
    expect(region).toHaveTextContent('Paid: your parking is covered today');
    expect(screen.getByRole('img', { name: /QR code of the parking ticket/ })).toHaveAttribute(
      'src',
      '/api/documents/qr.svg?code=signed.code',
    );
    expect(screen.getByRole('link', { name: 'Print the ticket' })).toHaveAttribute(
      'href',
      '/downloads/tickets?id=doc-1&key=k',
    );
  });
});

describe('/parking/{id}, when the payment does not go through', () => {
  it('stops waiting when the payment fails, says why, and sends the prompt again', async () => {
    const failed = {
      status: 'failed',
      message: 'Your M-Pesa balance is not enough for this payment. Top up and try again.',
      phone_hint: '2547****0001',
    };
    const api = stubApi({
      'GET /api/parking/tickets/:id': () => jsonResponse(200, ticket('pending', failed)),
      'POST /api/parking/tickets/:id/pay': () =>
        jsonResponse(201, {
          ticket_id: 'PT2345678ABCDE',
          bill_no: 'NCCB12345678',
          amount: 30_000,
          payment_id: 'p2',
          already_paid: false,
          ticket: ticket('pending', { status: 'pending', message: null, phone_hint: '2547****0001' }),
        }),
    });
    await renderWithApp([{ path: '/parking/:id', element: <TicketPage /> }], {
      path: '/parking/PT2345678ABCDE',
    });
    expect(await screen.findByRole('heading', { name: 'Not paid yet' })).toBeInTheDocument();
    expect(screen.queryByText('Waiting for your payment')).not.toBeInTheDocument();
    expect(
      screen.getByText('Your M-Pesa balance is not enough for this payment. Top up and try again.'),
    ).toBeInTheDocument();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Send the prompt again to 2547****0001' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/parking/tickets/PT2345678ABCDE/pay',
      body: {},
    });
  });

  it('shows a revoked ticket as revoked, with its own number, and offers to pay the day again', async () => {
    stubApi({ 'GET /api/parking/tickets/:id': () => jsonResponse(200, ticket('revoked')) });
    await renderWithApp([{ path: '/parking/:id', element: <TicketPage /> }], {
      path: '/parking/PT2345678ABCDE',
    });
    expect(
      await screen.findByRole('heading', { name: 'Revoked: this ticket no longer covers the vehicle' }),
    ).toBeInTheDocument();
    expect(screen.getByText('PKT-2026-7QX4MZ2K9P')).toBeInTheDocument();
    expect(screen.queryByText('PT2345678ABCDE')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Pay this day's parking again" })).toHaveAttribute(
      'href',
      '/parking',
    );
  });
});

import { findService } from '@kaunti/catalogue/catalogue';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { TicketFormPage } from './ticket-form-page';
import { TicketPage } from './ticket-page';

/**
 * The engine's ticket pages (workflow "ticket"), shown with market cess: the public form drawn
 * from the definition, with the amount, posted to the service's path and opening its ticket; the
 * ticket pending, paid with its QR code and code, or ended with the prompt offered again.
 */
const markets = {
  data: [
    { code: 'WAK', name: 'Wakulima (Marikiti) Market', name_sw: 'Soko la Wakulima (Marikiti)', parent: null },
    { code: 'GIK', name: 'Gikomba Market', name_sw: 'Soko la Gikomba', parent: null },
  ],
};
const produce = {
  data: [{ code: 'POT', name: 'Irish potatoes', name_sw: 'Viazi', parent: null, unit: 'bag' }],
};
const quote = (complete: boolean) => ({
  complete,
  missing: complete ? [] : [{ field: 'quantity', label: 'Quantity' }],
  message: complete ? null : 'Please enter the quantity',
  lines: complete
    ? [{ description: 'Market cess: Irish potatoes, per bag × 40', amount_cents: 240_000 }]
    : [],
  total_cents: complete ? 240_000 : null,
});

function ticket(
  status: 'pending' | 'paid',
  payment: { status: string; message: string | null; phone_hint: string | null } | null = null,
) {
  return {
    ticket_id: 'T2345678ABCDEF',
    ticket_no: 'CESS-2026-7QX4MZ2K9P',
    service_id: 'market-cess',
    status,
    covers: [
      { field: 'plate', label: 'Number plate', value: 'KCB 442T' },
      { field: 'market_code', label: 'Market or barrier', value: 'Wakulima (Marikiti) Market (WAK)' },
      { field: 'produce_code', label: 'Produce', value: 'Irish potatoes (POT)' },
      { field: 'quantity', label: 'Quantity', value: '40' },
    ],
    values: { plate: 'KCB 442T', market_code: 'WAK', produce_code: 'POT', quantity: 40 },
    plate: 'KCB 442T',
    period: '2026-11-29',
    amount_cents: 240_000,
    bill_no: 'NCCB12345678',
    paid_at: status === 'paid' ? '2026-11-29T08:00:00.000Z' : null,
    valid_until: '2026-11-29T20:59:59.999Z',
    short_code: status === 'paid' ? 'ABCD-EFGH-JKLM' : null,
    document:
      status === 'paid'
        ? {
            id: 'doc-1',
            number: 'CESS-2026-7QX4MZ2K9P',
            status: 'issued',
            pdf_url: 'http://portal.example/api/documents/doc-1/pdf?key=k',
            print_url: 'http://portal.example/downloads/tickets?id=doc-1&key=k',
            url: 'http://portal.example/e-verify?code=signed.code',
          }
        : null,
    payment: payment ? { ...payment, at: '2026-11-29T08:00:00.000Z' } : null,
  };
}

afterEach(() => vi.unstubAllGlobals());

// As the page gets it: the folder's definition with its Kiswahili.
const marketCess = findService('market-cess')!;

const routes = [
  { path: '/markets/cess', element: <TicketFormPage service={marketCess} /> },
  { path: '/markets/cess/:ticket_id', element: <TicketPage service={marketCess} /> },
];

describe('/markets/cess, no account', { timeout: 30_000 }, () => {
  it('shows the amount, posts the load to the service’s path and opens its ticket', async () => {
    const api = stubApi({
      'GET /api/reference-data/markets': () => jsonResponse(200, markets),
      'GET /api/reference-data/cess-produce': () => jsonResponse(200, produce),
      'POST /api/catalogue/services/market-cess/quote': ({ body }) =>
        jsonResponse(200, quote(Boolean((body as { values: { quantity?: unknown } }).values.quantity))),
      'POST /api/markets/cess': () =>
        jsonResponse(201, {
          ticket_id: 'T2345678ABCDEF',
          bill_no: 'NCCB12345678',
          amount_cents: 240_000,
          payment_id: 'p-1',
          already_paid: false,
          ticket: ticket('pending'),
        }),
      'GET /api/markets/cess/:id': () => jsonResponse(200, ticket('pending')),
    });
    const { router } = await renderWithApp(routes, { path: '/markets/cess' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Market Cess' })).toBeInTheDocument();
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: /Number plate/ }), 'KCB 442T');
    await u.selectOptions(await screen.findByRole('combobox', { name: /Market or barrier/ }), 'WAK');
    await u.selectOptions(await screen.findByRole('combobox', { name: /Produce/ }), 'POT');
    await u.type(screen.getByRole('textbox', { name: /Quantity/ }), '40');
    await u.type(screen.getByRole('textbox', { name: /M-Pesa phone number/ }), '0712345678');
    expect((await screen.findAllByText('KES 2,400.00')).length).toBeGreaterThan(0);
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/markets/cess/T2345678ABCDEF'), {
      timeout: 10_000,
    });
    expect(api.calls.find((c) => c.method === 'POST' && c.url.endsWith('/api/markets/cess'))?.body).toEqual({
      plate: 'KCB 442T',
      market_code: 'WAK',
      produce_code: 'POT',
      quantity: 40,
      // As the catalogue's check leaves it.
      phone_number: '254712345678',
    });
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
  });

  it('shows the server’s refusal beside its field and keeps every answer', async () => {
    stubApi({
      'GET /api/reference-data/markets': () => jsonResponse(200, markets),
      'GET /api/reference-data/cess-produce': () => jsonResponse(200, produce),
      'POST /api/catalogue/services/market-cess/quote': () => jsonResponse(200, quote(true)),
      'POST /api/markets/cess': () =>
        jsonResponse(400, {
          message: 'Please choose a market or barrier from the list',
          code: 'validation_failed',
          details: [{ path: 'market_code', message: 'Please choose a market or barrier from the list' }],
        }),
    });
    await renderWithApp(routes, { path: '/markets/cess' });
    const u = userEvent.setup();
    await u.type(await screen.findByRole('textbox', { name: /Number plate/ }), 'KCB 442T');
    await u.selectOptions(await screen.findByRole('combobox', { name: /Market or barrier/ }), 'GIK');
    await u.selectOptions(await screen.findByRole('combobox', { name: /Produce/ }), 'POT');
    await u.type(screen.getByRole('textbox', { name: /Quantity/ }), '4');
    await u.type(screen.getByRole('textbox', { name: /M-Pesa phone number/ }), '0712345678');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    const market = screen.getByRole('combobox', { name: /Market or barrier/ });
    await vi.waitFor(
      () =>
        expect(market).toHaveAccessibleDescription(
          expect.stringContaining('Please choose a market or barrier from the list'),
        ),
      { timeout: 10_000 },
    );
    expect(screen.getByRole('textbox', { name: /Number plate/ })).toHaveValue('KCB 442T');
  });

  it('is in Kiswahili for a Kiswahili reader', async () => {
    stubApi({
      'GET /api/reference-data/markets': () => jsonResponse(200, markets),
      'GET /api/reference-data/cess-produce': () => jsonResponse(200, produce),
      'POST /api/catalogue/services/market-cess/quote': () => jsonResponse(200, quote(false)),
    });
    await renderWithApp(routes, { path: '/markets/cess', language: 'sw' });
    expect(await screen.findByRole('textbox', { name: /Nambari ya gari/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lipa kwa M-Pesa' })).toBeInTheDocument();
    // The service's own name and sentence too (its folder's Kiswahili), not the English.
    expect(screen.getByRole('heading', { level: 1, name: 'Ushuru wa Soko' })).toBeInTheDocument();
    expect(screen.queryByText(/Pay cess on produce/)).toBeNull();
  });

  it('names its ticket page in Kiswahili for a Kiswahili reader', async () => {
    stubApi({ 'GET /api/markets/cess/:id': () => jsonResponse(200, ticket('paid')) });
    await renderWithApp(routes, { path: '/markets/cess/T2345678ABCDEF', language: 'sw' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tiketi ya Ushuru wa Soko' }),
    ).toBeInTheDocument();
  });
});

describe('/markets/cess/{ticket_id}', { timeout: 30_000 }, () => {
  it('shows a paid ticket with what it covers, its code and its QR code', async () => {
    stubApi({ 'GET /api/markets/cess/:id': () => jsonResponse(200, ticket('paid')) });
    await renderWithApp(routes, { path: '/markets/cess/T2345678ABCDEF' });
    expect(
      await screen.findByRole('heading', { name: 'Paid: show this ticket or its code at the gate' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Wakulima (Marikiti) Market (WAK)')).toBeInTheDocument();
    expect(screen.getByText('ABCD-EFGH-JKLM')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of the ticket, for E-Verify' })).toHaveAttribute(
      'src',
      '/api/documents/qr.svg?code=signed.code',
    );
    expect(screen.getByRole('link', { name: 'Print the ticket' })).toBeInTheDocument();
  });

  it('ends the wait when the prompt was cancelled, and sends it again on request', async () => {
    let current = ticket('pending', {
      status: 'cancelled',
      message: 'Request cancelled by user',
      phone_hint: '*******678',
    });
    const api = stubApi({
      'GET /api/markets/cess/:id': () => jsonResponse(200, current),
      'POST /api/markets/cess/:id/pay': () => {
        current = ticket('pending', { status: 'pending', message: null, phone_hint: '*******678' });
        return jsonResponse(201, {
          ticket_id: 'T2345678ABCDEF',
          bill_no: 'NCCB12345678',
          amount_cents: 240_000,
          payment_id: 'p-2',
          already_paid: false,
          ticket: current,
        });
      },
    });
    await renderWithApp(routes, { path: '/markets/cess/T2345678ABCDEF' });
    expect(await screen.findByRole('heading', { name: 'Not paid yet' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-ended')).toHaveTextContent('The payment did not go through');
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Send the prompt again to *******678' }));
    expect(await screen.findByRole('heading', { name: 'Waiting for your payment' })).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/pay'))).toBe(true);
  });
});

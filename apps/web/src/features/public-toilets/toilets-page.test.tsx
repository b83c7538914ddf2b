import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { byDistance } from './toilets-api';
import { ToiletsPage } from './toilets-page';

const toilets = [
  {
    id: 'KEN',
    name: 'Kencom public toilet',
    location: 'Moi Avenue, by the Kencom bus stop',
    sub_county: 'Starehe',
    fee_cents: 1_000,
    monthly_fee_cents: 20_000,
    hours: '06:00–22:00',
    accessible: true,
    lat: -1.2857,
    lng: 36.8258,
    open_faults: 0,
  },
  {
    id: 'WLD',
    name: 'Westlands market toilet',
    location: 'Westlands Market, Mpaka Road',
    sub_county: 'Westlands',
    fee_cents: 2_000,
    monthly_fee_cents: 30_000,
    hours: '06:00–21:00',
    accessible: true,
    lat: -1.2655,
    lng: 36.804,
    open_faults: 1,
  },
  {
    id: 'G45',
    name: 'Githurai 45 stage toilet',
    location: 'Githurai 45 matatu stage',
    sub_county: 'Roysambu',
    fee_cents: 1_000,
    monthly_fee_cents: 15_000,
    hours: '05:00–22:00',
    accessible: false,
    lat: null,
    lng: null,
    open_faults: 0,
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('byDistance', () => {
  it('puts the nearest first and those with no coordinates last', () => {
    const near = byDistance(toilets, { lat: -1.266, lng: 36.805 });
    expect(near.map((t) => t.id)).toEqual(['WLD', 'KEN', 'G45']);
    expect(near[0]!.metres).toBeLessThan(200);
    expect(near[2]!.metres).toBeNull();
  });
});

describe('/public-toilets', { timeout: 30_000 }, () => {
  it('lists the toilets with where, hours, fee and access, and pays an entry with no account', async () => {
    const api = stubApi({
      'GET /api/public-toilets': () => jsonResponse(200, toilets),
      'POST /api/public-toilets/:id/pay': () =>
        jsonResponse(201, {
          ticket_id: 'T2345678ABCDEF',
          bill_no: 'NCCB1',
          amount_cents: 20_000,
          payment_id: 'p',
        }),
    });
    const { router } = await renderWithApp(<ToiletsPage />, { path: '/public-toilets' });
    const kencom = await screen.findByRole('listitem', { name: 'Kencom public toilet' });
    expect(kencom).toHaveTextContent('Moi Avenue, by the Kencom bus stop, Starehe');
    expect(kencom).toHaveTextContent('06:00–22:00');
    expect(kencom).toHaveTextContent('KES 10.00');
    expect(screen.getByRole('listitem', { name: 'Westlands market toilet' })).toHaveTextContent(
      'Fault reported',
    );
    const u = userEvent.setup();
    await u.click(within(kencom).getByRole('button', { name: 'Pay' }));
    await u.click(within(kencom).getByRole('radio', { name: /Monthly pass/ }));
    await u.click(within(kencom).getByRole('button', { name: 'Pay KES 200.00 with M-Pesa' }));
    expect(within(kencom).getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveAccessibleDescription(
      expect.stringContaining('Please enter the M-Pesa phone number'),
    );
    await u.type(within(kencom).getByRole('textbox', { name: /M-Pesa phone number/ }), '0712345678');
    await u.click(within(kencom).getByRole('button', { name: 'Pay KES 200.00 with M-Pesa' }));
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/public-toilets/tickets/T2345678ABCDEF'),
    );
    expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/public-toilets/KEN/pay',
      body: { pass: 'monthly', phone_number: '0712345678' },
    });
  });

  it('reports a fault', async () => {
    const api = stubApi({
      'GET /api/public-toilets': () => jsonResponse(200, toilets),
      'POST /api/public-toilets/:id/faults': () =>
        jsonResponse(201, {
          id: 'f',
          toilet_id: 'G45',
          toilet_name: 'Githurai 45 stage toilet',
          kind: 'dirty',
          note: null,
          status: 'open',
          reported_at: '2026-11-29T08:00:00.000Z',
          closed_at: null,
        }),
    });
    await renderWithApp(<ToiletsPage />, { path: '/public-toilets' });
    const githurai = await screen.findByRole('listitem', { name: 'Githurai 45 stage toilet' });
    const u = userEvent.setup();
    await u.click(within(githurai).getByRole('button', { name: 'Report a fault' }));
    await u.selectOptions(within(githurai).getByRole('combobox', { name: /What is wrong/ }), 'dirty');
    await u.click(within(githurai).getByRole('button', { name: 'Send the report' }));
    expect(await within(githurai).findByText(/The county's officers have your report/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'dirty' });
  });

  it('is in Kiswahili for a Kiswahili reader', async () => {
    stubApi({ 'GET /api/public-toilets': () => jsonResponse(200, toilets) });
    await renderWithApp(<ToiletsPage />, { path: '/public-toilets', language: 'sw' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vyoo vya umma' })).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: 'Ripoti hitilafu' })).toHaveLength(3);
  });
});

import type { Stall, StallDetail } from '@kaunti/contract/api-markets';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBill } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { MarketsPage } from './markets-page';

const stall: Stall = {
  stall_no: 'GIK-K-004',
  market_code: 'GIK',
  market: 'Gikomba Market',
  sub_county: 'Kamukunji',
  stall_type: 'kiosk',
  goods_sold: 'Second-hand clothes (mitumba)',
  trader_name: 'Otieno Odhiambo',
  allocated_on: '2019-03-04',
  application_no: null,
  monthly_rent_cents: 350_000,
  balance_cents: 717_500,
  credit_cents: 0,
  months_in_arrears: 2,
};

const detail: StallDetail = {
  ...stall,
  statement: [
    {
      period: '2026-10-01',
      month: 'October 2026',
      charge_cents: 350_000,
      penalty_cents: 17_500,
      paid_cents: 0,
      due_date: '2026-10-10',
    },
    {
      period: '2026-11-01',
      month: 'November 2026',
      charge_cents: 350_000,
      penalty_cents: 0,
      paid_cents: 0,
      due_date: '2026-11-10',
    },
  ],
  payments: [],
};

const page = (
  <MarketsPage>
    <p>The stall application</p>
  </MarketsPage>
);

afterEach(() => vi.unstubAllGlobals());

describe('MarketsPage: your stalls', () => {
  it("lists the trader's stall with its rent, balance, arrears and statement, above the application", async () => {
    stubApi({
      'GET /api/markets/stalls': () => jsonResponse(200, { data: [stall] }),
      'GET /api/markets/stalls/:no': () => jsonResponse(200, detail),
    });
    await renderWithApp(page);
    const yours = await screen.findByRole('region', { name: 'Your stalls' });
    expect(
      await within(yours).findByRole('heading', { name: 'Gikomba Market, stall GIK-K-004' }),
    ).toBeInTheDocument();
    expect(within(yours).getByText('Kiosk')).toBeInTheDocument();
    expect(within(yours).getByText('KES 3,500.00')).toBeInTheDocument();
    expect(within(yours).getByTestId('stall-balance')).toHaveTextContent('KES 7,175.00');
    const table = await within(yours).findByRole('table', { name: 'Rent statement of stall GIK-K-004' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'MonthRent (KES)Penalty (KES)Paid (KES)',
      'October 20263,500.00175.000.00',
      'November 20263,500.000.000.00',
    ]);
    // The application follows, under its own heading.
    const apply = screen.getByRole('region', { name: 'Apply for a stall' });
    expect(within(apply).getByText('The stall application')).toBeInTheDocument();
  });

  it("bills the stall's balance and months ahead, and links the bill to the payment page", async () => {
    const bill = testBill({
      bill_no: 'NCCB41100007',
      description: 'Stall rent, Gikomba Market stall GIK-K-004: October 2026 to December 2026',
      total_cents: 1_067_500,
      balance_cents: 1_067_500,
      service_id: null,
    });
    const api = stubApi({
      'GET /api/markets/stalls': () => jsonResponse(200, { data: [stall] }),
      'GET /api/markets/stalls/:no': () => jsonResponse(200, detail),
      'POST /api/markets/stalls/:no/bill': () => jsonResponse(200, bill),
    });
    await renderWithApp(page);
    const form = await screen.findByRole('form', { name: 'Pay the rent of stall GIK-K-004' });
    const u = userEvent.setup();
    await u.selectOptions(within(form).getByRole('combobox', { name: 'Pay ahead' }), '1 month ahead');
    await u.click(within(form).getByRole('button', { name: 'Get the rent bill' }));
    expect(await screen.findByRole('heading', { name: 'Rent bill NCCB41100007' })).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.url).toContain('/api/markets/stalls/GIK-K-004/bill');
    expect(post?.body).toEqual({ months: 1 });
    expect(screen.getByRole('link', { name: 'Pay now with M-Pesa' })).toHaveAttribute(
      'href',
      '/payment?bill=NCCB41100007',
    );
  });

  it('shows the stall and its statement in Kiswahili', async () => {
    stubApi({
      'GET /api/markets/stalls': () => jsonResponse(200, { data: [{ ...stall, market: 'Soko la Gikomba' }] }),
      'GET /api/markets/stalls/:no': () => jsonResponse(200, detail),
    });
    await renderWithApp(page, { language: 'sw' });
    const yours = await screen.findByRole('region', { name: 'Vibanda vyako' });
    expect(
      await within(yours).findByRole('heading', { name: 'Soko la Gikomba, kibanda GIK-K-004' }),
    ).toBeInTheDocument();
    expect(within(yours).getByText('Kibanda (kioski)')).toBeInTheDocument();
    expect(
      await within(yours).findByRole('table', { name: 'Taarifa ya kodi ya kibanda GIK-K-004' }),
    ).toBeInTheDocument();
    expect(within(yours).getByRole('button', { name: 'Pata bili ya kodi' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Omba kibanda' })).toBeInTheDocument();
  });

  it('says in both languages that the account holds no stall yet', async () => {
    stubApi({ 'GET /api/markets/stalls': () => jsonResponse(200, { data: [] }) });
    await renderWithApp(page);
    expect(await screen.findByText(/You have no market stall yet/)).toBeInTheDocument();
    stubApi({ 'GET /api/markets/stalls': () => jsonResponse(200, { data: [] }) });
    await renderWithApp(page, { language: 'sw' });
    expect(await screen.findByText(/Bado huna kibanda cha soko/)).toBeInTheDocument();
  });
  it("shows the server's refusal of a rent bill in Kiswahili, announced", async () => {
    stubApi({
      'GET /api/markets/stalls': () =>
        jsonResponse(200, { data: [{ ...stall, balance_cents: 0, months_in_arrears: 0 }] }),
      'GET /api/markets/stalls/:no': () => jsonResponse(200, { ...detail, statement: [] }),
      'POST /api/markets/stalls/:no/bill': () =>
        jsonResponse(400, { message: 'There is nothing to pay.', code: 'bad_request' }),
    });
    await renderWithApp(page, { language: 'sw' });
    const form = await screen.findByRole('form', { name: 'Lipa kodi ya kibanda GIK-K-004' });
    const u = userEvent.setup();
    await u.selectOptions(
      within(form).getByRole('combobox', { name: 'Lipa mapema' }),
      'Bila miezi ya mapema: salio pekee',
    );
    await u.click(within(form).getByRole('button', { name: 'Pata bili ya kodi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hakuna cha kulipa.');
  });
});

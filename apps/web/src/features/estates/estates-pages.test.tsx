import type { Tenancy, TenancyDetail } from '@kaunti/contract/api-estates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBill } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { CountyRentPage } from './county-rent-page';
import { PropertiesPage } from './properties-page';

const tenancy: Tenancy = {
  tenancy_no: 'NCC-KAL-0114',
  estate: 'Kaloleni',
  block: 'Block D',
  house_no: '114',
  unit_type: 'residential, 2 rooms',
  tenant_name: 'Wanjiku Njeri Kamau',
  start_date: '2011-07-01',
  status: 'active',
  monthly_rent_cents: 350_000,
  balance_cents: 1_085_000,
  credit_cents: 0,
  months_in_arrears: 3,
  next_of_kin: null,
};

const detail: TenancyDetail = {
  ...tenancy,
  statement: [
    {
      period: '2026-09-01',
      month: 'September 2026',
      charge_cents: 350_000,
      penalty_cents: 17_500,
      paid_cents: 0,
      due_date: '2026-09-10',
    },
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

afterEach(() => vi.unstubAllGlobals());

describe('PropertiesPage', () => {
  it("lists the tenant's house with its rent, balance, arrears and statement", async () => {
    stubApi({
      'GET /api/estates/tenancies': () => jsonResponse(200, { data: [tenancy] }),
      'GET /api/estates/tenancies/:no': () => jsonResponse(200, detail),
    });
    await renderWithApp(<PropertiesPage />);
    expect(await screen.findByRole('heading', { name: 'Kaloleni, Block D, house 114' })).toBeInTheDocument();
    expect(screen.getByText('NCC-KAL-0114')).toBeInTheDocument();
    expect(screen.getByText('KES 3,500.00')).toBeInTheDocument();
    expect(screen.getByText('KES 10,850.00')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Rent statement of NCC-KAL-0114' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'MonthRent (KES)Penalty (KES)Paid (KES)',
      'September 20263,500.00175.000.00',
      'October 20263,500.00175.000.00',
      'November 20263,500.000.000.00',
    ]);
    expect(screen.getByRole('link', { name: 'Pay rent' })).toHaveAttribute(
      'href',
      '/county-rent?tenancy=NCC-KAL-0114',
    );
    expect(screen.getByRole('link', { name: 'Register your next of kin' })).toHaveAttribute(
      'href',
      '/next-of-kin',
    );
    expect(screen.getByRole('link', { name: 'Transfer the tenancy' })).toHaveAttribute(
      'href',
      '/tenancy-transfer',
    );
  });

  it("shows the places on the waiting lists, in the reader's language", async () => {
    const entry = {
      application_no: 'PMG-2026-000003',
      estate: 'Mbotela',
      estate_code: 'MBO',
      unit_use: 'commercial',
      place: 2,
      status: 'issued',
    };
    stubApi({
      'GET /api/estates/tenancies': () => jsonResponse(200, { data: [] }),
      'GET /api/estates/waiting-list': () => jsonResponse(200, { data: [entry] }),
    });
    await renderWithApp(<PropertiesPage />, { language: 'sw' });
    const section = await screen.findByRole('region', { name: 'Nafasi zako kwenye orodha za kusubiri' });
    expect(within(section).getByRole('listitem')).toHaveTextContent(
      'Mbotela, duka au chumba cha biashara: nafasi ya 2 (ombi PMG-2026-000003)',
    );
  });

  it('names the next of kin recorded on the tenancy', async () => {
    const kin = {
      name: 'Kevin Mwangi Kamau',
      id_number: '31245678',
      relationship: 'child',
      phone: '254733445566',
      application_no: 'NOK-2026-000001',
    };
    stubApi({
      'GET /api/estates/tenancies': () => jsonResponse(200, { data: [{ ...tenancy, next_of_kin: kin }] }),
      'GET /api/estates/tenancies/:no': () => jsonResponse(200, { ...detail, next_of_kin: kin }),
    });
    await renderWithApp(<PropertiesPage />, { language: 'sw' });
    expect(await screen.findByText('Kevin Mwangi Kamau (mwana au binti)')).toBeInTheDocument();
  });

  it('says so in Kiswahili when the account holds no tenancy', async () => {
    stubApi({ 'GET /api/estates/tenancies': () => jsonResponse(200, { data: [] }) });
    await renderWithApp(<PropertiesPage />, { language: 'sw' });
    expect(await screen.findByText(/Hakuna upangaji wa kaunti kwenye akaunti yako/)).toBeInTheDocument();
  });

  it('shows the statement in Kiswahili', async () => {
    stubApi({
      'GET /api/estates/tenancies': () => jsonResponse(200, { data: [tenancy] }),
      'GET /api/estates/tenancies/:no': () => jsonResponse(200, detail),
    });
    await renderWithApp(<PropertiesPage />, { language: 'sw' });
    expect(await screen.findByRole('heading', { name: 'Kaloleni, Block D, nyumba 114' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Taarifa ya kodi ya NCC-KAL-0114' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lipa kodi' })).toBeInTheDocument();
  });
});

describe('CountyRentPage', () => {
  it('asks for a bill of the balance and months ahead, and links it to the payment page', async () => {
    const bill = testBill({
      bill_no: 'NCCB40300001',
      description: 'County rent, Kaloleni house 114 (NCC-KAL-0114): September 2026 to December 2026',
      total_cents: 1_435_000,
      balance_cents: 1_435_000,
      service_id: null,
      lines: [
        {
          Amount: '3500.00',
          amount_cents: 350_000,
          Description: 'County rent, Kaloleni house 114, September 2026',
          Parcel: null,
          code: '2026-09',
          quantity: 1,
        },
        {
          Amount: '3500.00',
          amount_cents: 350_000,
          Description: 'County rent, Kaloleni house 114, December 2026 (in advance)',
          Parcel: null,
          code: '2026-12',
          quantity: 1,
        },
      ],
    });
    const api = stubApi({
      'GET /api/estates/tenancies': () => jsonResponse(200, { data: [tenancy] }),
      'POST /api/estates/tenancies/:no/bill': () => jsonResponse(200, bill),
    });
    await renderWithApp(<CountyRentPage />, { path: '/county-rent?tenancy=NCC-KAL-0114' });
    expect(await screen.findByTestId('rent-balance')).toHaveTextContent(
      'You owe KES 10,850.00 (3 months in arrears).',
    );
    const u = userEvent.setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Pay ahead' }), '1 month ahead');
    await u.click(screen.getByRole('button', { name: 'Get the bill' }));
    expect(await screen.findByRole('heading', { name: 'Rent bill NCCB40300001' })).toBeInTheDocument();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.url).toContain('/api/estates/tenancies/NCC-KAL-0114/bill');
    expect(post?.body).toEqual({ months: 1 });
    expect(screen.getByTestId('rent-bill-total')).toHaveTextContent('KES 14,350.00');
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/payment?bill=NCCB40300001',
    );
  });

  it("shows the server's refusal in Kiswahili's page, in a danger alert", async () => {
    stubApi({
      'GET /api/estates/tenancies': () =>
        jsonResponse(200, { data: [{ ...tenancy, balance_cents: 0, months_in_arrears: 0 }] }),
      'POST /api/estates/tenancies/:no/bill': () =>
        jsonResponse(400, { message: 'There is nothing to pay.', code: 'bad_request' }),
    });
    await renderWithApp(<CountyRentPage />, { language: 'sw' });
    expect(await screen.findByTestId('rent-balance')).toHaveTextContent(
      'Unadaiwa KES 0.00 (miezi 0 ya malimbikizo).',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pata bili' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

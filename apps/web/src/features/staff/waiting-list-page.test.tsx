import type { Allocation, OfficerWaitingList } from '@kaunti/contract/api-estates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { WaitingListPage } from './waiting-list-page';

const estates = {
  data: [
    { code: 'BAH', name: 'Bahati', name_sw: 'Bahati', parent: null },
    { code: 'KAL', name: 'Kaloleni', name_sw: 'Kaloleni', parent: null },
  ],
};
const list: OfficerWaitingList = {
  estate_code: 'BAH',
  estate: 'Bahati',
  unit_use: 'residential',
  waiting: [
    {
      place: 1,
      application_no: 'PMG-2026-000101',
      applicant_name: 'Akinyi Ouma',
      household_size: 4,
      applied_on: '2026-10-02T08:00:00.000Z',
      status: 'issued',
      registered: true,
    },
    {
      place: 2,
      application_no: 'PMG-2026-000102',
      applicant_name: 'Baraka Mwangi',
      household_size: 2,
      applied_on: '2026-10-05T08:00:00.000Z',
      status: 'under_review',
      registered: false,
    },
  ],
  next_cursor: null,
  vacant: [{ house_no: '101', block: 'Block A', size: '2 rooms', monthly_rent_cents: 300_000 }],
};
const allocation: Allocation = {
  tenancy_no: 'NCC-BAH-0001',
  application_no: 'PMG-2026-000101',
  tenant_name: 'Akinyi Ouma',
  estate_code: 'BAH',
  estate: 'Bahati',
  block: 'Block A',
  house_no: '101',
  unit_use: 'residential',
  monthly_rent_cents: 300_000,
  start_date: '2026-11-29',
  rent_from: '2026-12-01',
  letter: {
    print_url: 'https://example/downloads/official-letter?id=x&key=y',
    pdf_url: 'https://example/pdf',
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('WaitingListPage', () => {
  it('shows the list in order beside the vacant houses; allocating sends the house and announces the tenant', async () => {
    let shown = list;
    const api = stubApi({
      'GET /api/reference-data/county-estates': () => jsonResponse(200, estates),
      'GET /api/staff/estates/waiting-list': () => jsonResponse(200, shown),
      'POST /api/staff/estates/allocations': () => {
        shown = { ...list, waiting: list.waiting.slice(1), vacant: [] };
        return jsonResponse(201, allocation);
      },
    });
    await renderWithApp(<WaitingListPage />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Akinyi Ouma');
    expect(rows[2]).toHaveTextContent('In review (passed over)');
    expect(screen.getByText(/KES 3,000.00 a month/)).toBeInTheDocument();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Allocate 101 to the first registered applicant' }));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.url).toContain('/api/staff/estates/allocations');
    expect(post?.body).toEqual({ estate_code: 'BAH', house_no: '101' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      '101, Bahati is allocated to Akinyi Ouma: tenancy NCC-BAH-0001.',
    );
    expect(await screen.findByText('None is vacant.')).toBeInTheDocument();
  });

  it('shows every page of the waiting list in order (decision 038), the houses once', async () => {
    const api = stubApi({
      'GET /api/reference-data/county-estates': () => jsonResponse(200, estates),
      'GET /api/staff/estates/waiting-list': ({ url }) =>
        url.includes('cursor=page-2')
          ? jsonResponse(200, { ...list, waiting: list.waiting.slice(1), next_cursor: null })
          : jsonResponse(200, { ...list, waiting: list.waiting.slice(0, 1), next_cursor: 'page-2' }),
    });
    await renderWithApp(<WaitingListPage />);
    const table = await screen.findByRole('table');
    await vi.waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Akinyi Ouma');
    expect(rows[2]).toHaveTextContent('Baraka Mwangi');
    expect(screen.getAllByRole('button', { name: /^Allocate 101/ })).toHaveLength(1);
    expect(
      api.calls.filter((c) => c.url.startsWith('/api/staff/estates/waiting-list')).map((c) => c.url),
    ).toEqual([
      '/api/staff/estates/waiting-list?estate_code=BAH&unit_use=residential&limit=500',
      '/api/staff/estates/waiting-list?estate_code=BAH&unit_use=residential&limit=500&cursor=page-2',
    ]);
  });

  it("in Kiswahili, with the server's refusal in words", async () => {
    stubApi({
      'GET /api/reference-data/county-estates': () => jsonResponse(200, estates),
      'GET /api/staff/estates/waiting-list': () => jsonResponse(200, list),
      'POST /api/staff/estates/allocations': () =>
        jsonResponse(409, {
          message: 'Block A, house 101, Bahati is not vacant (tenancy NCC-BAH-0001).',
          code: 'conflict',
        }),
    });
    await renderWithApp(<WaitingListPage />, { language: 'sw' });
    expect(await screen.findByText('Linakaguliwa (linarukwa)')).toBeInTheDocument();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Mpe 101 mwombaji wa kwanza aliyesajiliwa' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});

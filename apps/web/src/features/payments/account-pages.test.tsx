import type { Obligations, Payment } from '@kaunti/contract/api-payments';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/api-client';
import { removeTokenCookie, writeTokenCookie } from '../../lib/session-token';
import { testBill } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { BillsPage } from './bills-page';
import { ObligationsPage } from './obligations-page';
import { PrintableSignInGate } from './printable-sign-in-gate';
import { TransactionsPage } from './transactions-page';

const bills = [
  testBill({}),
  testBill({
    bill_no: 'NCCB11112226',
    status: 'partially_paid',
    description: 'Rates search: 209/10004',
    total_cents: 100_000,
    paid_cents: 40_000,
    balance_cents: 60_000,
    service_id: 'rates-search',
  }),
  testBill({
    bill_no: 'NCCB99990007',
    status: 'paid',
    description: 'Ground rent 2026',
    total_cents: 250_050,
    paid_cents: 250_050,
    balance_cents: 0,
    credit_cents: 50,
    paid_at: '2026-11-23T08:00:00.000Z',
  }),
];

afterEach(() => {
  vi.unstubAllGlobals();
  removeTokenCookie();
  setAuthToken(undefined);
});

describe('BillsPage', () => {
  it('lists bills to pay (with the total due) and paid ones, with Pay, invoice and receipt links', async () => {
    stubApi({ 'GET /api/bills': () => jsonResponse(200, { data: bills }) });
    await renderWithApp(<BillsPage />);

    const toPay = await screen.findByRole('region', { name: 'To pay (2)' });
    expect(within(toPay).getByTestId('total-due')).toHaveTextContent('Total due: KES 76,071.50');
    const cards = within(toPay).getAllByTestId('bill-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByText('Partly paid')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('KES 600.00')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Pay NCCB40213378' })).toHaveAttribute(
      'href',
      '/payment?bill=NCCB40213378',
    );
    expect(within(cards[0]!).getByRole('link', { name: 'Invoice NCCB40213378' })).toHaveAttribute(
      'href',
      '/downloads/Invoice?bill_no=NCCB40213378&type=invoice',
    );
    expect(within(cards[0]!).queryByRole('link', { name: /Receipt/ })).not.toBeInTheDocument();

    const paid = screen.getByRole('region', { name: 'Paid (1)' });
    expect(within(paid).getByRole('link', { name: 'Receipt NCCB99990007' })).toHaveAttribute(
      'href',
      '/downloads/Invoice?bill_no=NCCB99990007&type=receipt',
    );
    expect(within(paid).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(paid).getByText('KES 0.50')).toBeInTheDocument(); // credit
    expect(within(paid).getByText('23rd November 2026')).toBeInTheDocument();
  });

  it('downloads a PDF with the session token (the API reads the Authorization header)', async () => {
    // A signed-in session, as the app keeps it: the cookie, and the token for the API client.
    writeTokenCookie('header.payload.signature');
    setAuthToken('header.payload.signature');
    const api = stubApi({
      'GET /api/bills': () => jsonResponse(200, { data: bills }),
      'GET /api/bills/:no/invoice.pdf': () => new Response(new Blob(['%PDF-1.7']), { status: 200 }),
    });
    const createObjectURL = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    // The browser would save the file; happy-dom would navigate away instead.
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    await renderWithApp(<BillsPage />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Invoice (PDF) NCCB40213378' }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/invoice.pdf'));
    expect(String(call?.[0])).toBe('/api/bills/NCCB40213378/invoice.pdf');
    expect((call?.[1]?.headers as Record<string, string> | undefined)?.authorization).toBe(
      'Bearer header.payload.signature',
    );
    expect(api.calls.filter((c) => c.url.endsWith('.pdf'))).toHaveLength(1);
    await vi.waitFor(() => expect(saved).toEqual(['invoice-NCCB40213378.pdf blob:invoice']));
    click.mockRestore();
  });

  it("lists a bill asked for on another account under 'Bills you asked for', not 'no bills' (issue 36 item 21)", async () => {
    const asked = {
      ...testBill({ bill_no: 'NCCB55550003', description: 'Land rates 2026: 209/10003' }),
      customer_name: 'O***** O*******',
      asked_at: '2026-11-24T09:00:00.000Z',
    };
    stubApi({
      'GET /api/bills/asked': () => jsonResponse(200, { data: [asked] }),
      'GET /api/bills': () => jsonResponse(200, { data: [] }),
    });
    await renderWithApp(<BillsPage />);
    const region = await screen.findByRole('region', { name: 'Bills you asked for (1)' });
    expect(screen.queryByText(/You have no bills yet/)).not.toBeInTheDocument();
    const [card] = within(region).getAllByTestId('bill-card');
    expect(within(card!).getByText('Land rates 2026: 209/10003')).toBeInTheDocument();
    expect(within(card!).getByText('O***** O*******')).toBeInTheDocument();
    expect(within(card!).getByText('24th November 2026')).toBeInTheDocument();
    expect(within(card!).getByRole('link', { name: 'Pay NCCB55550003' })).toHaveAttribute(
      'href',
      '/payment?bill=NCCB55550003',
    );
    expect(within(card!).getByRole('link', { name: 'Invoice NCCB55550003' })).toBeInTheDocument();
  });

  it('lists every page of the bills asked for (decision 038): the second page after the first', async () => {
    const asked = (billNo: string, at: string) => ({
      ...testBill({ bill_no: billNo, description: `Land rates 2026: ${billNo}` }),
      customer_name: 'O***** O*******',
      asked_at: at,
    });
    const api = stubApi({
      'GET /api/bills/asked': ({ url }) =>
        url.includes('cursor=page-2')
          ? jsonResponse(200, {
              data: [asked('NCCB55550001', '2026-11-20T09:00:00.000Z')],
              next_cursor: null,
            })
          : jsonResponse(200, {
              data: [asked('NCCB55550003', '2026-11-24T09:00:00.000Z')],
              next_cursor: 'page-2',
            }),
      'GET /api/bills': () => jsonResponse(200, { data: [], next_cursor: null }),
    });
    await renderWithApp(<BillsPage />);
    const region = await screen.findByRole('region', { name: 'Bills you asked for (2)' });
    expect(within(region).getAllByTestId('bill-card')).toHaveLength(2);
    expect(within(region).getByText('Land rates 2026: NCCB55550003')).toBeInTheDocument();
    expect(within(region).getByText('Land rates 2026: NCCB55550001')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.startsWith('/api/bills/asked')).map((c) => c.url)).toEqual([
      '/api/bills/asked?limit=500',
      '/api/bills/asked?limit=500&cursor=page-2',
    ]);
  });

  it('says so when there are no bills', async () => {
    stubApi({
      'GET /api/bills/asked': () => jsonResponse(200, { data: [] }),
      'GET /api/bills': () => jsonResponse(200, { data: [] }),
    });
    await renderWithApp(<BillsPage />, { language: 'sw' });
    expect(await screen.findByText(/Bado huna bili/)).toBeInTheDocument();
  });
});

describe('ObligationsPage', () => {
  it('groups what is owed by service area, with subtotals, the total, Pay links and credit', async () => {
    const obligations: Obligations = {
      groups: [
        { area: 'land', bills: [bills[0]!, bills[1]!], balance_cents: 7_607_150 },
        {
          area: 'other',
          bills: [
            testBill({
              bill_no: 'NCCB22223336',
              description: 'Old bill',
              service_id: null,
              total_cents: 5_000,
              balance_cents: 5_000,
            }),
          ],
          balance_cents: 5_000,
        },
      ],
      balance_cents: 7_612_150,
      credit_cents: 50,
      credits: [{ bill_no: 'NCCB99990007', credit_cents: 50 }],
    };
    stubApi({ 'GET /api/account/obligations': () => jsonResponse(200, { data: obligations }) });
    await renderWithApp(<ObligationsPage />);
    expect(await screen.findByTestId('obligations-total')).toHaveTextContent('Total owed: KES 76,121.50');
    const land = screen.getByRole('region', { name: 'Land services' });
    expect(within(land).getByText('Subtotal:')).toHaveTextContent('Subtotal: KES 76,071.50');
    expect(within(land).getAllByTestId('obligation')).toHaveLength(2);
    expect(within(land).getByRole('link', { name: 'Pay NCCB11112226' })).toHaveAttribute(
      'href',
      '/payment?bill=NCCB11112226',
    );
    expect(screen.getByRole('region', { name: 'Other bills' })).toHaveTextContent('KES 50.00');
    expect(screen.getByRole('region', { name: 'Credit on your account' })).toHaveTextContent('NCCB99990007');
  });

  it('says there is nothing owed', async () => {
    stubApi({
      'GET /api/account/obligations': () =>
        jsonResponse(200, { data: { groups: [], balance_cents: 0, credit_cents: 0, credits: [] } }),
    });
    await renderWithApp(<ObligationsPage />);
    expect(await screen.findByText('You owe nothing. Thank you!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Credit on your account' })).not.toBeInTheDocument();
  });
});

describe('TransactionsPage', () => {
  const base: Payment = {
    payment_id: '11111111-1111-4111-8111-111111111111',
    bill_no: 'NCCB40213378',
    bill_description: 'Land rates 2026: 209/10001',
    bill_status: 'paid',
    method: 'mpesa_stk',
    status: 'paid',
    amount_cents: 105_100,
    amount_paid_cents: 105_100,
    phone_number: '254712345678',
    mpesa_receipt_number: 'QKH94M1Z11',
    result_code: 0,
    message: 'Payment received. Thank you.',
    held_for_refund: false,
    created_at: '2026-11-22T07:15:00.000Z',
    completed_at: '2026-11-22T07:15:20.000Z',
  };

  it('shows date, bill, amount, method, status and receipt number of each payment', async () => {
    stubApi({
      'GET /api/payments': () =>
        jsonResponse(200, {
          data: [
            base,
            {
              ...base,
              payment_id: '22222222-2222-4222-8222-222222222222',
              status: 'cancelled',
              amount_paid_cents: null,
              mpesa_receipt_number: null,
              result_code: 1032,
              message: 'You cancelled the M-Pesa prompt.',
            },
            {
              ...base,
              payment_id: '33333333-3333-4333-8333-333333333333',
              mpesa_receipt_number: null,
              method: 'mpesa_c2b',
            },
          ],
        }),
    });
    await renderWithApp(<TransactionsPage />, { language: 'sw' });
    const rows = await screen.findAllByTestId('transaction');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('22nd November 2026, 10:15');
    expect(rows[0]).toHaveTextContent('KES 1,051.00');
    expect(rows[0]).toHaveTextContent('QKH94M1Z11');
    expect(rows[0]).toHaveTextContent('Imelipwa');
    expect(rows[1]).toHaveTextContent('Imeghairiwa');
    expect(rows[1]).toHaveTextContent('Umeghairi ombi la M-Pesa.');
    expect(rows[2]).toHaveTextContent('M-Pesa paybill');
    expect(rows[2]).toHaveTextContent('Inasubiriwa');
    // A paid payment links the county's receipt of the bill it paid (issue 36 item 21).
    expect(within(rows[0]!).getByRole('link', { name: 'Risiti ya bili NCCB40213378' })).toHaveAttribute(
      'href',
      '/downloads/Invoice?bill_no=NCCB40213378&type=receipt',
    );
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('PrintableSignInGate', () => {
  it('lets a signed-in user through, and not an expired session', async () => {
    const token = (exp: number) => `x.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.y`;
    writeTokenCookie(token(Math.floor(Date.now() / 1000) + 600));
    const { unmount } = await renderWithApp(<PrintableSignInGate rememberPath={() => {}} />);
    expect(screen.queryByRole('heading', { name: 'Sign in to see this document' })).not.toBeInTheDocument();
    unmount();
    writeTokenCookie(token(Math.floor(Date.now() / 1000) - 1));
    await renderWithApp(<PrintableSignInGate rememberPath={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Sign in to see this document' })).toBeInTheDocument();
  });
  it('asks to sign in when there is no session, remembering the document to come back to', async () => {
    const rememberPath = vi.fn();
    await renderWithApp(<PrintableSignInGate rememberPath={rememberPath} />, {
      path: '/downloads/Invoice?bill_no=NCCB40213378&type=receipt',
    });
    expect(screen.getByRole('heading', { name: 'Sign in to see this document' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign in' }));
    expect(rememberPath).toHaveBeenCalledWith('/downloads/Invoice?bill_no=NCCB40213378&type=receipt');
  });
  it("lets anyone holding a document's public printable link through, with no session", async () => {
    await renderWithApp(<PrintableSignInGate rememberPath={() => {}} />, {
      path: '/downloads/Invoice?id=Qm9vdHN0cmFw&key=abcdefghijklmnopqrstuv',
    });
    expect(screen.queryByRole('heading', { name: 'Sign in to see this document' })).not.toBeInTheDocument();
    // An id without its key is not a link: the sign-in prompt again.
    cleanup();
    await renderWithApp(<PrintableSignInGate rememberPath={() => {}} />, {
      path: '/downloads/Invoice?id=Qm9vdHN0cmFw',
    });
    expect(screen.getByRole('heading', { name: 'Sign in to see this document' })).toBeInTheDocument();
  });
});

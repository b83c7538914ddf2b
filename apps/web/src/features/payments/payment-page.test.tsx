import type { Bill } from '@kaunti/contract/api-bills';
import type { Payment } from '@kaunti/contract/api-payments';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBill } from '../../testing/fixtures';
import { fakeApi, jsonResponse, renderWithApp } from '../../testing/render-with-app';
import { PaymentPage } from './payment-page';

/** A bill of KES 1,050.50 (one that a test pays in whole shillings). */
const bill = (overrides: Partial<Bill> = {}) =>
  testBill({ total_cents: 105_050, balance_cents: 105_050, ...overrides });

const other = bill({
  bill_no: 'NCCB11112226',
  description: 'Ground rent 2026',
  total_cents: 500_000,
  balance_cents: 500_000,
});
const paidBill = bill({ bill_no: 'NCCB99990007', status: 'paid', paid_cents: 105_050, balance_cents: 0 });

const profile = {
  data: { id: 'u1', first_name: 'Achieng', phone_number: '254712345678' },
  erp_data: null,
};

function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    payment_id: '7d0f7c1e-6a4c-4d7e-9a51-6c2d9c1c0a11',
    bill_no: 'NCCB40213378',
    bill_description: 'Land rates 2026: 209/10001',
    bill_status: 'unpaid',
    method: 'mpesa_stk',
    status: 'pending',
    amount_cents: 105_100,
    amount_paid_cents: null,
    phone_number: '254712345678',
    mpesa_receipt_number: null,
    result_code: null,
    message: 'Check your phone and enter your M-Pesa PIN to pay.',
    held_for_refund: false,
    created_at: '2026-11-22T10:05:00.000Z',
    completed_at: null,
    ...overrides,
  };
}

const pushAnswer = {
  payment_id: '7d0f7c1e-6a4c-4d7e-9a51-6c2d9c1c0a11',
  checkout_request_id: 'ws_CO_1',
  status: 'pending',
  bill_no: 'NCCB40213378',
  amount_cents: 105_100,
  phone_number: '254712345678',
  message: 'Check your phone and enter your M-Pesa PIN to pay.',
};

function setup(
  polls: Payment[],
  push: () => Response | Promise<Response> = () => jsonResponse(200, pushAnswer),
) {
  let poll = 0;
  const api = fakeApi({
    'GET /api/bills/asked': () => jsonResponse(200, { data: [] }),
    'GET /api/bills': () => jsonResponse(200, { data: [bill(), other, paidBill] }),
    'GET /api/profile': () => jsonResponse(200, profile),
    'POST /api/payments/mpesa/stk-push': push,
    'GET /api/payments/:id': () => jsonResponse(200, polls[Math.min(poll++, polls.length - 1)]),
    'GET /api/bills/:no': () =>
      jsonResponse(200, bill({ status: 'paid', paid_cents: 105_050, balance_cents: 0, credit_cents: 50 })),
  });
  const fetchMock = vi.fn(api.fetch);
  vi.stubGlobal('fetch', fetchMock);
  return { api, fetchMock };
}

const keyOf = (fetchMock: ReturnType<typeof vi.fn>, index: number) => {
  const pushes = fetchMock.mock.calls.filter(
    ([url, init]) => String(url).includes('stk-push') && init?.method === 'POST',
  );
  return (pushes[index]?.[1] as RequestInit | undefined)?.headers as Record<string, string>;
};

afterEach(() => vi.unstubAllGlobals());

describe('PaymentPage', () => {
  it('pays the bill named in ?bill=: phone from the profile, the balance rounded up, a live wait, then the receipt', async () => {
    const { api, fetchMock } = setup([
      payment(),
      payment({
        status: 'paid',
        bill_status: 'paid',
        amount_paid_cents: 105_100,
        mpesa_receipt_number: 'QKH94M1Z11',
        result_code: 0,
        message: 'Payment received. Thank you.',
      }),
    ]);
    await renderWithApp(<PaymentPage />, { path: '/payment?bill=nccb40213378' });
    const u = userEvent.setup();

    const select = await screen.findByRole('combobox', { name: /Bill to pay/ });
    expect(select).toHaveValue('NCCB40213378');
    // Only bills with something to pay are offered.
    expect(screen.queryByRole('option', { name: /NCCB99990007/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveValue('0712345678');
    expect(screen.getByRole('textbox', { name: /Amount in shillings/ })).toHaveValue('1051');
    expect(
      screen.getByText(/M-Pesa takes whole shillings, so the full balance is KES 1,051.00/),
    ).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(await screen.findByRole('heading', { name: 'Check your phone' })).toHaveFocus();
    expect(
      screen.getByText(
        'We sent a request for KES 1,051.00 to 0712345678 for bill NCCB40213378. Enter your M-Pesa PIN on your phone to pay.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('countdown')).toHaveTextContent(/^(1:00|0:[0-5]\d)$/);
    expect(screen.getByTestId('payment-announcement')).toHaveTextContent('Waiting for your M-Pesa PIN…');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      bill_no: 'NCCB40213378',
      phone_number: '254712345678',
      amount: 1051,
    });
    expect(keyOf(fetchMock, 0)['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);

    expect(await screen.findByRole('heading', { name: 'Payment received' }, { timeout: 6000 })).toHaveFocus();
    expect(screen.getByTestId('payment-announcement')).toHaveTextContent('Payment received');
    expect(screen.getByTestId('mpesa-receipt')).toHaveTextContent('QKH94M1Z11');
    expect(screen.getByText('The bill is fully paid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the receipt' })).toHaveAttribute(
      'href',
      '/downloads/Invoice?bill_no=NCCB40213378&type=receipt',
    );
    expect(screen.getByRole('button', { name: /Receipt \(PDF\)/ })).toBeInTheDocument();
  }, 10_000);

  it('a bill cancelled while the prompt was open: the money is held for a refund, with the reference to quote', async () => {
    setup([
      payment(),
      payment({
        status: 'paid',
        bill_status: 'cancelled',
        amount_paid_cents: 105_100,
        mpesa_receipt_number: 'QKH94M1Z12',
        result_code: 0,
        held_for_refund: true,
        message:
          'This bill was cancelled before your payment reached it, so nothing was credited to it. The county holds your money for a refund: quote the reference below when you contact the county.',
      }),
    ]);
    await renderWithApp(<PaymentPage />, { path: '/payment?bill=NCCB40213378', language: 'sw' });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Lipa kwa M-Pesa' }));
    expect(
      await screen.findByRole('heading', { name: 'Malipo yameshikiliwa ili urudishiwe' }, { timeout: 6000 }),
    ).toHaveFocus();
    expect(screen.getByTestId('payment-announcement')).toHaveTextContent(
      'Malipo yameshikiliwa ili urudishiwe',
    );
    expect(screen.getByTestId('payment-message')).toHaveTextContent(/Kaunti inashikilia pesa zako/);
    expect(screen.getByTestId('refund-reference')).toHaveTextContent('QKH94M1Z12');
    expect(screen.queryByText(/Malipo yamepokelewa/)).toBeNull();
    expect(screen.queryByRole('link', { name: /risiti/i })).toBeNull();
  }, 10_000);

  it("a bill above M-Pesa's limit on one payment: paid in parts (the first KES 150,000 offered), or at the bank with its invoice", async () => {
    const big = bill({ bill_no: 'NCCB55556666', total_cents: 110_000_000, balance_cents: 110_000_000 });
    const api = fakeApi({
      'GET /api/bills': () => jsonResponse(200, { data: [big] }),
      'GET /api/profile': () => jsonResponse(200, profile),
      'POST /api/payments/mpesa/stk-push': () =>
        jsonResponse(200, { ...pushAnswer, bill_no: big.bill_no, amount_cents: 15_000_000 }),
      'GET /api/payments/:id': () =>
        jsonResponse(200, payment({ bill_no: big.bill_no, amount_cents: 15_000_000 })),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    await renderWithApp(<PaymentPage />, { path: '/payment?bill=NCCB55556666' });
    const u = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /Amount in shillings/ });
    expect(amount).toHaveValue('150000');
    expect(screen.getByTestId('pay-in-parts')).toHaveTextContent(
      "M-Pesa takes at most KES 150,000.00 in one payment, and this bill's balance is KES 1,100,000.00. Pay it in parts",
    );
    expect(screen.getByRole('link', { name: 'Open the invoice to pay at the bank' })).toHaveAttribute(
      'href',
      '/downloads/Invoice?bill_no=NCCB55556666&type=invoice',
    );
    await u.clear(amount);
    await u.type(amount, '150001');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(
      await screen.findByText('You can pay at most KES 150,000.00 in one M-Pesa payment', { selector: 'a' }),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await u.clear(amount);
    await u.type(amount, '150000');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(await screen.findByRole('heading', { name: 'Check your phone' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ amount: 150_000 });
  }, 10_000);

  it('checks the form before sending: the spec phone message, whole shillings, not above the balance', async () => {
    const { api } = setup([payment()]);
    await renderWithApp(<PaymentPage />, { path: '/payment?bill=NCCB40213378' });
    const u = userEvent.setup();
    const phone = await screen.findByRole('textbox', { name: /M-Pesa phone number/ });
    const amount = screen.getByRole('textbox', { name: /Amount in shillings/ });
    await u.clear(phone);
    await u.type(phone, '0812 345 678');
    await u.clear(amount);
    await u.type(amount, '1052');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('There is a problem');
    expect(summary).toHaveTextContent(
      'Phone number must be in format +2547******** or 2547******** or 07******** or 7********',
    );
    expect(summary).toHaveTextContent('You can pay at most KES 1,051.00 for this bill');
    expect(phone).toHaveValue('0812 345 678');
    expect(amount).toHaveValue('1052');
    expect(phone).toHaveAttribute('aria-invalid', 'true');

    // A field fixed loses its error at once; the other keeps its own.
    await u.clear(phone);
    await u.type(phone, '0712 345 678');
    await waitFor(() => expect(phone).not.toHaveAttribute('aria-invalid'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await u.clear(amount);
    await u.type(amount, '10.5');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(
      await screen.findByText('Enter an amount of whole shillings, at least KES 1', { selector: 'a' }),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('checks the choice too: no bill chosen, then "another bill" with no number and no amount', async () => {
    const { api } = setup([payment()]);
    await renderWithApp(<PaymentPage />, { path: '/payment' });
    const u = userEvent.setup();
    const choice = await screen.findByRole('combobox', { name: /Bill to pay/ });
    expect(choice).toHaveValue('');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Choose the bill to pay');
    expect(summary).toHaveTextContent('Enter the amount to pay');
    expect(choice).toHaveAttribute('aria-invalid', 'true');

    await u.selectOptions(choice, '__other__');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(await screen.findByText('Please enter the bill number', { selector: 'a' })).toBeInTheDocument();
    // Another bill's amount may be left empty (its balance is paid).
    expect(screen.queryByText('Enter the amount to pay', { selector: 'a' })).toBeNull();
    expect(screen.queryByText('Choose the bill to pay', { selector: 'a' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Bill number/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a cancelled prompt is said in plain words; Try again keeps the details and sends with a new key', async () => {
    const { fetchMock } = setup([
      payment({ status: 'cancelled', result_code: 1032, message: 'You cancelled the M-Pesa prompt.' }),
    ]);
    await renderWithApp(<PaymentPage />, { path: '/payments' });
    const u = userEvent.setup();
    // Two bills to pay and no ?bill=: the user chooses.
    const select = await screen.findByRole('combobox', { name: /Bill to pay/ });
    expect(select).toHaveValue('');
    await u.selectOptions(select, 'NCCB11112226');
    expect(screen.getByRole('textbox', { name: /Amount in shillings/ })).toHaveValue('5000');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));

    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-message')).toHaveTextContent('You cancelled the M-Pesa prompt.');
    await u.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: /Bill to pay/ })).toHaveValue('NCCB11112226');
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    await screen.findByRole('heading', { name: 'Payment cancelled' });
    expect(keyOf(fetchMock, 1)['idempotency-key']).not.toBe(keyOf(fetchMock, 0)['idempotency-key']);
  });

  it('retries a submission that got no answer with the same key; a refused one gets a new key', async () => {
    let attempt = 0;
    const { fetchMock } = setup([payment()], () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return jsonResponse(409, {
        code: 'conflict',
        message:
          'A payment prompt is already on its way to your phone. Answer it, or wait two minutes and try again.',
      });
    });
    await renderWithApp(<PaymentPage />, { path: '/payment?bill=NCCB40213378' });
    const u = userEvent.setup();
    const pay = await screen.findByRole('button', { name: 'Pay with M-Pesa' });
    await u.click(pay);
    expect(await screen.findByText(/unable to process your request right now/)).toBeInTheDocument();
    await u.click(pay);
    expect(await screen.findByText(/already on its way to your phone/)).toBeInTheDocument();
    expect(keyOf(fetchMock, 1)['idempotency-key']).toBe(keyOf(fetchMock, 0)['idempotency-key']);
    await u.click(pay);
    await waitFor(() => expect(keyOf(fetchMock, 2)).toBeDefined());
    expect(keyOf(fetchMock, 2)['idempotency-key']).not.toBe(keyOf(fetchMock, 1)['idempotency-key']);
  });

  it('a typed bill number that is not found is shown beside the field', async () => {
    setup([payment()], () =>
      jsonResponse(404, { code: 'not_found', message: 'We could not find that bill.' }),
    );
    await renderWithApp(<PaymentPage />, { path: '/payment?bill=NCCB55555551' });
    const u = userEvent.setup();
    const typed = await screen.findByRole('textbox', { name: /^Bill number/ });
    expect(typed).toHaveValue('NCCB55555551');
    expect(screen.getByRole('combobox', { name: /Bill to pay/ })).toHaveValue('__other__');
    // A bill asked for on another account is not "no bills" (issue 36 item 21).
    expect(
      screen.getByText(/^Bill NCCB55555551 is on another account: you can pay it here/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/You have no unpaid bills/)).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Pay with M-Pesa' }));
    expect(await screen.findByText('We could not find that bill.', { selector: 'a' })).toBeInTheDocument();
    expect(typed).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when the bill in ?bill= is already paid, in Kiswahili too', async () => {
    setup([payment()]);
    await renderWithApp(<PaymentPage />, { path: '/payment?bill=NCCB99990007', language: 'sw' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lipa bili' })).toBeInTheDocument();
    expect(await screen.findByText(/Bili NCCB99990007 imeshalipwa/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lipa kwa M-Pesa' })).toBeInTheDocument();
  });

  it('offers a bill asked for on another account without ?bill=, instead of "no unpaid bills" (issue 36 item 21)', async () => {
    const asked = {
      ...bill({ bill_no: 'NCCB55550003', description: 'Land rates 2026: 209/10003' }),
      customer_name: 'O***** O*******',
      asked_at: '2026-11-24T09:00:00.000Z',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeApi({
          'GET /api/bills/asked': () => jsonResponse(200, { data: [asked] }),
          'GET /api/bills': () => jsonResponse(200, { data: [paidBill] }),
          'GET /api/profile': () => jsonResponse(200, profile),
        }).fetch,
      ),
    );
    await renderWithApp(<PaymentPage />, { path: '/payment' });
    const select = await screen.findByRole('combobox', { name: /Bill to pay/ });
    expect(select).toHaveValue('NCCB55550003');
    expect(screen.getByRole('group', { name: 'Bills you asked for' })).toContainElement(
      screen.getByRole('option', { name: /NCCB55550003 – Land rates 2026: 209\/10003/ }),
    );
    expect(screen.queryByText(/You have no unpaid bills/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Amount in shillings/ })).toHaveValue('1051');
  });
});

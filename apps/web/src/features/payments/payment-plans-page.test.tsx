import type { Arrears, PaymentPlan } from '@kaunti/contract/api-payment-plans';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { estimateOf, PaymentPlansPage } from './payment-plans-page';

const limits = {
  min_arrears_cents: 500_000,
  min_instalments: 2,
  max_instalments: 12,
  instant_max_instalments: 6,
  instant_max_cents: 20_000_000,
};

const arrears: Arrears = {
  arrears_cents: 1_085_000,
  items: [
    {
      kind: 'standing',
      reference: 'NCC-KAL-0114',
      description: 'County rent, Kaloleni house 114',
      amount_cents: 1_085_000,
    },
  ],
  eligible: true,
  open_plan_no: null,
  limits,
};

const granted: PaymentPlan = {
  plan_no: 'PP-2026-123456',
  status: 'active',
  arrears_cents: 1_085_000,
  instalment_count: 3,
  items: arrears.items,
  instalments: [
    { number: 1, due_date: '2026-12-28', amount_cents: 361_600, status: 'billed', bill_no: 'NCCB41000001' },
    { number: 2, due_date: '2027-01-28', amount_cents: 361_600, status: 'scheduled', bill_no: null },
    { number: 3, due_date: '2027-02-28', amount_cents: 361_800, status: 'scheduled', bill_no: null },
  ],
  missed_count: 0,
  decided_by_officer: false,
  reason: null,
  rest_bill_no: null,
  document: {
    id: 'doc1',
    number: 'PP-2026-123456',
    print_url: 'http://localhost/downloads/template?id=doc1&key=k',
    pdf_url: 'http://localhost/api/documents/doc1/pdf?key=k',
    url: 'http://localhost/e-verify?code=abc',
  },
  created_at: '2026-11-29T10:00:00.000Z',
  granted_at: '2026-11-29T10:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('PaymentPlansPage', () => {
  it('asks for a plan of 3 instalments, announces it granted and shows its schedule with a Pay link', async () => {
    let plans: PaymentPlan[] = [];
    let current = arrears;
    const api = stubApi({
      'GET /api/payment-plans/arrears': () => jsonResponse(200, current),
      'GET /api/payment-plans': () => jsonResponse(200, { data: plans }),
      'POST /api/payment-plans': () => {
        plans = [granted];
        current = { ...arrears, arrears_cents: 0, items: [], eligible: false, open_plan_no: granted.plan_no };
        return jsonResponse(201, granted);
      },
    });
    await renderWithApp(<PaymentPlansPage />);
    expect(await screen.findByTestId('plans-arrears-total')).toHaveTextContent('Arrears now: KES 10,850.00');
    expect(screen.getByText('You have no payment plans.')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Number of monthly instalments' });
    expect(within(select).getAllByRole('option')).toHaveLength(11);
    expect(screen.getByTestId('plan-estimate')).toHaveTextContent(
      '2 instalments of KES 3,616.00, then the last of KES 3,618.00. It is granted at once.',
    );
    const u = userEvent.setup();
    await u.selectOptions(select, '8 months');
    expect(screen.getByTestId('plan-estimate')).toHaveTextContent('A revenue officer decides on it.');
    await u.selectOptions(select, '3 months');
    await u.click(screen.getByRole('button', { name: 'Ask for the plan' }));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ instalments: 3 });
    expect(await screen.findByTestId('plans-status')).toHaveTextContent(
      'Payment plan PP-2026-123456 is granted. Its schedule is below.',
    );
    const table = await screen.findByRole('table', { name: 'Schedule of payment plan PP-2026-123456' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: /Pay instalment 1/ })).toHaveAttribute(
      'href',
      '/payment?bill=NCCB41000001',
    );
    expect(screen.getByRole('link', { name: 'Print the schedule PP-2026-123456' })).toHaveAttribute(
      'href',
      '/downloads/template?id=doc1&key=k',
    );
    expect(
      screen.getByText('You already have payment plan PP-2026-123456 open: see it below.'),
    ).toBeInTheDocument();
  });

  it('in Kiswahili: the arrears, why no plan is offered under KES 5,000, and a plan waiting for an officer', async () => {
    stubApi({
      'GET /api/payment-plans/arrears': () =>
        jsonResponse(200, { ...arrears, arrears_cents: 200_000, eligible: false, items: [] }),
      'GET /api/payment-plans': () =>
        jsonResponse(200, {
          data: [
            {
              ...granted,
              status: 'pending_review',
              instalment_count: 8,
              instalments: [],
              document: null,
              decided_by_officer: true,
            },
            { ...granted, plan_no: 'PP-2025-000002', status: 'completed' },
          ],
        }),
    });
    await renderWithApp(<PaymentPlansPage />, { language: 'sw' });
    expect(await screen.findByRole('heading', { name: 'Mipango ya malipo', level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('plans-arrears-total')).toHaveTextContent(
      'Malimbikizo sasa: KES 2,000.00',
    );
    expect(
      screen.getByText('Mpango wa malipo hutolewa kwa malimbikizo ya angalau KES 5,000.00.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Omba mpango' })).toBeNull();
    expect(await screen.findByText('Inasubiri afisa wa mapato')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ondoa ombi/ })).toBeInTheDocument();
    // The schedule's dates and states in Kiswahili.
    const table = screen.getByRole('table', { name: 'Ratiba ya mpango wa malipo PP-2025-000002' });
    expect(within(table).getByText('28 Desemba 2026')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: /Lipa awamu ya 1 \(Ya kulipa\)/ })).toBeInTheDocument();
    expect(screen.getByText('Umekamilika')).toBeInTheDocument();
  });

  it("shows the server's refusal in the reader's language, in an alert", async () => {
    stubApi({
      'GET /api/payment-plans/arrears': () => jsonResponse(200, arrears),
      'GET /api/payment-plans': () => jsonResponse(200, { data: [] }),
      'POST /api/payment-plans': () =>
        jsonResponse(409, {
          message: 'You already have a payment plan open. See it below.',
          code: 'conflict',
        }),
    });
    await renderWithApp(<PaymentPlansPage />, { language: 'sw' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Omba mpango' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tayari una mpango wa malipo unaoendelea. Uone hapa chini.',
    );
  });

  it('estimates instalments as the server schedules them: whole shillings, the last the rest', () => {
    expect(estimateOf(1_085_000, 3)).toEqual({ each: 361_600, last: 361_800 });
    expect(estimateOf(600_000, 2)).toEqual({ each: 300_000, last: 300_000 });
  });
});

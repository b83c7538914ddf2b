import type { PaymentPlan } from '@kaunti/contract/api-payment-plans';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { StaffPaymentPlansPage } from './payment-plans-page';

const waiting: PaymentPlan & { customer_name: string; own: boolean } = {
  plan_no: 'PP-2026-654321',
  status: 'pending_review',
  arrears_cents: 1_200_000,
  instalment_count: 8,
  items: [
    {
      kind: 'standing',
      reference: 'GKM-A-012',
      description: 'Stall rent, Gikomba A-12',
      amount_cents: 1_200_000,
    },
  ],
  instalments: [],
  missed_count: 0,
  decided_by_officer: true,
  reason: null,
  rest_bill_no: null,
  document: null,
  created_at: '2026-11-29T10:00:00.000Z',
  granted_at: null,
  customer_name: 'Achieng Atieno',
  own: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('StaffPaymentPlansPage', () => {
  it('grants a plan waiting above the limits and announces it', async () => {
    let list = [waiting];
    const api = stubApi({
      'GET /api/staff/payment-plans': () => jsonResponse(200, { data: list }),
      'POST /api/staff/payment-plans/:no/decision': () => {
        list = [];
        return jsonResponse(200, { ...waiting, status: 'active' });
      },
    });
    await renderWithApp(<StaffPaymentPlansPage />);
    expect(await screen.findByRole('heading', { name: 'Payment plan PP-2026-654321' })).toBeInTheDocument();
    expect(screen.getByText('Achieng Atieno')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Grant PP-2026-654321' }));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ decision: 'grant' });
    expect(await screen.findByTestId('staff-plans-status')).toHaveTextContent(
      'Payment plan PP-2026-654321 is granted.',
    );
    expect(await screen.findByText('No payment plan is waiting for a decision.')).toBeInTheDocument();
  });

  it("in Kiswahili: an officer's own plan has no buttons, and a refusal without a reason shows the server's words", async () => {
    stubApi({
      'GET /api/staff/payment-plans': () =>
        jsonResponse(200, { data: [waiting, { ...waiting, plan_no: 'PP-2026-000001', own: true }] }),
      'POST /api/staff/payment-plans/:no/decision': () =>
        jsonResponse(400, { message: 'Say why the plan is refused.', code: 'bad_request' }),
    });
    await renderWithApp(<StaffPaymentPlansPage />, { language: 'sw' });
    expect(
      await screen.findByText(
        'Huu ni mpango wako mwenyewe wa malipo: afisa mwingine wa mapato ndiye ataamua.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kubali PP-2026-000001' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Kataa PP-2026-654321' }));
    expect(await screen.findByText('Sema kwa nini mpango umekataliwa.')).toBeInTheDocument();
  });
});

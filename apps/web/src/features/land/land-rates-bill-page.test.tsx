import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testBill } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { LandRatesBillPage } from './land-rates-bill-page';

const bill = testBill({
  lines: [
    {
      Amount: '32775.00',
      amount_cents: 3_277_500,
      Description: 'Land rates 2026',
      Parcel: '209/10001',
      code: null,
      quantity: 1,
    },
    {
      Amount: '42350.00',
      amount_cents: 4_235_000,
      Description: 'Rates arrears',
      Parcel: '209/10001',
      code: null,
      quantity: 1,
    },
    {
      Amount: '346.50',
      amount_cents: 34_650,
      Description: 'Penalty on arrears',
      Parcel: '209/10001',
      code: null,
      quantity: 1,
    },
  ],
});

function setup(handler: () => Response) {
  const api = stubApi({ 'POST /api/lands/rates/current-bill': handler });
  return api;
}

afterEach(() => vi.unstubAllGlobals());

describe('LandRatesBillPage', () => {
  it('raises the bill of a parcel and shows its lines, total and a Pay now link', async () => {
    const api = setup(() => jsonResponse(200, bill));
    await renderWithApp(<LandRatesBillPage />);
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: /LR number/ }), ' 209 / 10001 ');
    await u.click(screen.getByRole('button', { name: 'Get the bill' }));

    expect(await screen.findByRole('heading', { name: 'Land rates bill NCCB40213378' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ lr_number: '209/10001' });
    const table = screen.getByRole('table', { name: 'What the bill is made of' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DescriptionParcelAmount (KES)',
      'Land rates 2026209/1000132,775.00',
      'Rates arrears209/1000142,350.00',
      'Penalty on arrears209/10001346.50',
      'TotalKES 75,471.50',
    ]);
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/payment?bill=NCCB40213378',
    );
    expect(screen.getByText('Your land rates bill is ready')).toBeInTheDocument();
    expect(screen.getByText('31st December 2026')).toBeInTheDocument();
    // Addressed to the rated owner, as the server masked it for this requester.
    expect(screen.getByText('Billed to (rated owner)')).toBeInTheDocument();
    expect(screen.getByText('W****** N**** K****')).toBeInTheDocument();
  });

  it("shows the server's message for an unknown parcel in a danger alert, keeping the number", async () => {
    setup(() =>
      jsonResponse(404, {
        message:
          'We could not find a parcel with LR number 209/99999. Please check the number on your title deed.',
        code: 'not_found',
      }),
    );
    await renderWithApp(<LandRatesBillPage />);
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: /LR number/ }), '209/99999');
    await u.click(screen.getByRole('button', { name: 'Get the bill' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find a parcel with LR number 209/99999. Please check the number on your title deed.',
    );
    expect(screen.getByRole('textbox', { name: /LR number/ })).toHaveValue('209/99999');
  });

  it("says a parcel's rates are fully paid as good news (an info alert, not an error)", async () => {
    const year = new Date().getFullYear();
    setup(() =>
      jsonResponse(409, {
        message: `The land rates of parcel 209/10004 for ${year} are fully paid. There is nothing more to pay this year.`,
        code: 'conflict',
      }),
    );
    await renderWithApp(<LandRatesBillPage />);
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: /LR number/ }), '209/10004');
    await u.click(screen.getByRole('button', { name: 'Get the bill' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(`The land rates of parcel 209/10004 for ${year} are fully paid.`);
    expect(status).toHaveAttribute('data-variant', 'info');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so in Kiswahili', async () => {
    setup(() =>
      jsonResponse(404, {
        message:
          'We could not find a parcel with LR number 209/99999. Please check the number on your title deed.',
        code: 'not_found',
      }),
    );
    await renderWithApp(<LandRatesBillPage />, { language: 'sw' });
    const u = userEvent.setup();
    await u.type(screen.getByRole('textbox', { name: /nambari ya LR/ }), '209/99999');
    await u.click(screen.getByRole('button', { name: 'Pata bili' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hatukupata kiwanja chenye nambari ya LR 209/99999. Tafadhali kagua nambari iliyo kwenye hati miliki yako.',
    );
  });

  it('asks for the LR number before calling the server', async () => {
    const api = setup(() => jsonResponse(200, bill));
    await renderWithApp(<LandRatesBillPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Get the bill' }));
    expect(
      await screen.findByRole('link', { name: 'Please enter your land / parcel number' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /LR number/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it('fills the LR number in from ?lr=', async () => {
    setup(() => jsonResponse(200, bill));
    await renderWithApp(<LandRatesBillPage />, { path: '/land-rates-bill?lr=209%2F10002' });
    expect(screen.getByRole('textbox', { name: /LR number/ })).toHaveValue('209/10002');
  });
});

import { defineService } from '@kaunti/catalogue/definition';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { freshStart } from './resume-draft';
import { ServiceWizard } from './service-wizard';

const service = defineService({
  id: 'quote-test',
  route: '/quote-test',
  area: 'parking',
  title: 'Quote test',
  description: 'A service priced by zone.',
  menu: false,
  order: 99,
  application_prefix: 'QTE',
  steps: [
    {
      id: 'zone',
      title: 'Zone',
      fields: [
        {
          name: 'zone_code',
          kind: 'select',
          label: 'Parking zone',
          options: { static: [{ value: 'Z1', label: 'Zone 1 (CBD)' }] },
        },
      ],
    },
  ],
  fee: { rule: 'schedule', params: { schedule: 'parking', key_fields: ['zone_code'] } },
  workflow: 'instant',
  produces: 'none',
  submit: { method: 'POST', success_message: 'Paid' },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the fee before Finish', () => {
  it('asks the server for the fee of the answers given, and shows each line and the total', async () => {
    const api = stubApi({
      'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, body),
      'POST /api/catalogue/services/:id/quote': ({ body }) => {
        const values = (body as { values: Record<string, unknown> }).values;
        return jsonResponse(
          200,
          values.zone_code
            ? {
                service_id: 'quote-test',
                complete: true,
                lines: [{ description: 'Daily parking, zone 1', amount_cents: 30_000 }],
                total_cents: 30_000,
                missing: [],
                message: null,
              }
            : {
                service_id: 'quote-test',
                complete: false,
                lines: [],
                total_cents: null,
                missing: [{ field: 'zone_code', label: 'Parking zone' }],
                message: 'The fee is shown once you have answered: parking zone.',
              },
        );
      },
    });
    await renderWithApp(<ServiceWizard service={service} start={freshStart()} />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Fee to pay' })).toBeInTheDocument();
    expect(
      await screen.findByText('The fee is shown once you have answered: Parking zone.'),
    ).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: /Parking zone/ }), 'Z1');
    expect(await screen.findByText('Daily parking, zone 1')).toBeInTheDocument();
    expect(screen.getByText('Total').closest('div')).toHaveTextContent('KES 300.00');
    const quoted = api.calls.filter((c) => c.url === '/api/catalogue/services/quote-test/quote');
    expect(quoted.at(-1)?.body).toEqual({ values: { zone_code: 'Z1' } });
  });
});

import { defineService } from '@kaunti/catalogue/definition';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { freshStart } from './resume-draft';
import { ServiceWizard } from './service-wizard';

/** A throw-away definition with a repeating group and a field shown only for one answer. */
const service = defineService({
  id: 'fleet-test',
  route: '/fleet-test',
  area: 'parking',
  title: 'Fleet test',
  description: 'Vehicles and a conditional field.',
  menu: false,
  order: 99,
  application_prefix: 'FLT',
  steps: [
    {
      id: 'fleet',
      title: 'Your vehicles',
      fields: [
        {
          name: 'vehicles',
          kind: 'group',
          label: 'Vehicles',
          min: 1,
          max: 2,
          add_label: 'Add another vehicle',
          required_message: 'Please add at least one vehicle',
          fields: [
            {
              name: 'plate',
              kind: 'plate',
              label: 'Number plate',
              required_message: 'Please enter the number plate',
            },
          ],
        },
        { name: 'is_psv', kind: 'checkbox', label: 'These are public service vehicles', required: false },
        {
          name: 'sacco_name',
          kind: 'text',
          label: 'Sacco name',
          required_message: 'Please enter the Sacco name',
          show_when: { field: 'is_psv' },
        },
      ],
    },
  ],
  fee: { rule: 'none' },
  workflow: 'instant',
  produces: 'none',
  submit: { method: 'POST', path: '/api/test/fleet', success_message: 'Registered' },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('repeating groups and conditional fields in the wizard', () => {
  it('adds entries up to the maximum, checks each, asks the Sacco only for PSVs, and sends what was typed', async () => {
    const api = stubApi({
      'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, body),
      'POST /api/test/fleet': () =>
        jsonResponse(201, {
          success: true,
          message: 'Registered',
          application: {
            application_no: 'FLT-2026-000001',
            service_id: 'fleet-test',
            service_title: 'Fleet test',
            route: '/fleet-test',
            status: 'issued',
            reference: null,
            values: {},
            fee_cents: 0,
            bill_no: null,
            produces: null,
            document: null,
            created_at: '2026-11-25T10:00:00.000+03:00',
            updated_at: '2026-11-25T10:00:00.000+03:00',
          },
          bill: null,
        }),
    });
    await renderWithApp(<ServiceWizard service={service} start={freshStart()} />);
    const u = userEvent.setup();
    const group = await screen.findByRole('group', { name: /Vehicles/ });
    // One entry to begin with (min 1); a second can be added, then the limit is said instead.
    expect(within(group).getAllByRole('textbox', { name: /Number plate/ })).toHaveLength(1);
    await u.click(within(group).getByRole('button', { name: 'Add another vehicle' }));
    expect(within(group).getAllByRole('textbox', { name: /Number plate/ })).toHaveLength(2);
    expect(within(group).queryByRole('button', { name: 'Add another vehicle' })).toBeNull();
    expect(within(group).getByText('You can add at most 2 vehicles.')).toBeInTheDocument();
    // The Sacco is not asked until the box is ticked.
    expect(screen.queryByRole('textbox', { name: /Sacco name/ })).toBeNull();
    await u.click(screen.getByRole('checkbox', { name: /public service vehicles/ }));
    expect(screen.getByRole('textbox', { name: /Sacco name/ })).toBeInTheDocument();

    const [first, second] = within(group).getAllByRole('textbox', { name: /Number plate/ });
    await u.type(first!, 'kda 123a');
    await u.type(second!, 'not a plate');
    await u.click(screen.getByRole('button', { name: 'Finish' }));
    // Each problem is named in the summary, with the entry it is in; nothing typed is lost.
    const summary = await screen.findByRole('alert');
    const plateLink = within(summary).getByRole('link', { name: /Please enter the number plate as it is/ });
    expect(plateLink).toHaveAttribute('href', '#wizard-vehicles-1-plate');
    expect(second).toHaveAttribute('id', 'wizard-vehicles-1-plate');
    expect(summary).toHaveTextContent('Please enter the Sacco name');
    expect(first).toHaveValue('kda 123a');

    await u.clear(second!);
    await u.type(second!, 'KCB 456X');
    await u.type(screen.getByRole('textbox', { name: /Sacco name/ }), 'Super Metro');
    await u.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Registered')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.url === '/api/test/fleet')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      vehicles: [{ plate: 'KDA 123A' }, { plate: 'KCB 456X' }],
      is_psv: true,
      sacco_name: 'Super Metro',
    });
  });
});

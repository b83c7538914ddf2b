import { findService, services } from '@kaunti/catalogue/catalogue';
import { defineService } from '@kaunti/catalogue/definition';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import type { CustomStepProps } from './custom-step-props';
import { customSteps } from './custom-steps';
import { freshStart } from './resume-draft';
import { ServiceWizard } from './service-wizard';

const service = defineService({
  id: 'custom-test',
  route: '/custom-test',
  area: 'land',
  title: 'Custom test',
  description: 'A service with custom steps.',
  menu: false,
  order: 99,
  application_prefix: 'TST',
  steps: [
    {
      id: 'plot',
      title: 'Your plot',
      component: 'plot-picker',
      fields: [
        { name: 'plot_no', kind: 'text', label: 'Plot number', required_message: 'Please pick a plot' },
      ],
    },
    {
      id: 'purpose',
      title: 'Purpose',
      fields: [
        {
          name: 'purpose',
          kind: 'select',
          label: 'Purpose',
          options: { static: [{ value: 'sale', label: 'Sale' }] },
          required_message: 'Please select the purpose',
        },
      ],
    },
    { id: 'review', title: 'Check your answers', component: 'check-answers', fields: [] },
  ],
  fee: { rule: 'none' },
  workflow: 'review-and-issue',
  produces: 'none',
  submit: { method: 'POST', path: '/api/test/apply', success_message: 'Submitted' },
});

/** A custom step: picks a plot with buttons instead of a text box. */
function PlotPicker({ form }: CustomStepProps) {
  return (
    <fieldset>
      <legend>Pick your plot</legend>
      {['A-1', 'B-7'].map((plot) => (
        <button key={plot} type="button" onClick={() => form.setValue('plot_no', plot)}>
          Plot {plot}
        </button>
      ))}
      <p>{form.formState.errors.plot_no?.message as string | undefined}</p>
    </fieldset>
  );
}

function setup() {
  stubApi({ 'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, body) });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('custom steps', () => {
  it("renders a step's custom component, validated by the step's schema", async () => {
    setup();
    await renderWithApp(
      <ServiceWizard
        service={service}
        start={freshStart()}
        customSteps={{ ...customSteps, 'plot-picker': lazy(async () => ({ default: PlotPicker })) }}
      />,
    );
    expect(await screen.findByRole('group', { name: 'Pick your plot' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Plot number/ })).toBeNull();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('Please pick a plot')).not.toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Plot B-7' }));
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Purpose' })).toBeInTheDocument();
  });

  it('"check-answers" lists every answer, and Change goes back to its step', async () => {
    setup();
    await renderWithApp(
      <ServiceWizard
        service={service}
        start={{ ...freshStart(), step: 2, values: { plot_no: 'A-1', purpose: 'sale' } }}
        customSteps={{ ...customSteps, 'plot-picker': lazy(async () => ({ default: PlotPicker })) }}
      />,
    );
    expect(await screen.findByRole('heading', { level: 3, name: 'Your plot' })).toBeInTheDocument();
    expect(screen.getByText('Plot number').nextElementSibling).toHaveTextContent('A-1');
    expect(screen.getByText('Sale')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change Purpose' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Purpose' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Purpose/ })).toHaveValue('sale');
  });

  it('"check-answers" leaves out the answers a choice did not ask for', async () => {
    setup();
    const withCondition = defineService({
      ...service,
      steps: [
        {
          id: 'plot',
          title: 'Your plot',
          fields: [
            {
              name: 'purpose',
              kind: 'select',
              label: 'Purpose',
              options: {
                static: [
                  { value: 'sale', label: 'Sale' },
                  { value: 'gift', label: 'Gift' },
                ],
              },
            },
            {
              name: 'price',
              kind: 'integer',
              label: 'Sale price',
              required: false,
              show_when: { field: 'purpose', equals: 'sale' },
            },
          ],
        },
        { id: 'review', title: 'Check your answers', component: 'check-answers' },
      ],
    });
    await renderWithApp(
      <ServiceWizard
        service={withCondition}
        start={{ ...freshStart(), step: 1, values: { purpose: 'gift' } }}
      />,
    );
    expect(await screen.findByText('Gift')).toBeInTheDocument();
    expect(screen.queryByText('Sale price')).toBeNull();
  });

  describe.each([
    {
      language: 'en' as const,
      entry: 'Vehicle',
      plate: 'Number plate',
      type: 'Vehicle type',
      saloon: 'Saloon car',
      van: 'Van or pick-up',
    },
    {
      language: 'sw' as const,
      entry: 'Gari',
      plate: 'Nambari ya gari',
      type: 'Aina ya gari',
      saloon: 'Gari dogo (saloon)',
      van: 'Gari la mizigo dogo au pick-up',
    },
  ])(
    '"check-answers" with a repeating group ($language)',
    ({ language, entry, plate, type, saloon, van }) => {
      it("lists each entry by what it is, with its plate and type in words, never '[object Object]'", async () => {
        stubApi({
          'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, body),
          'GET /api/parking/zones': () =>
            jsonResponse(200, {
              data: [
                { zone_code: 'Z1', name: 'Zone I — Central Business District', description: '', fees: [] },
              ],
            }),
        });
        const seasonal = findService('seasonal-parking')!;
        await renderWithApp(
          <ServiceWizard
            service={seasonal}
            start={{
              ...freshStart(),
              step: seasonal.steps.findIndex((s) => s.component === 'check-answers'),
              values: {
                zone_code: 'Z1',
                period: 'monthly',
                vehicles: [
                  { plate: 'KDA 123A', vehicle_type: 'saloon' },
                  { plate: 'KBZ 999Y', vehicle_type: 'van' },
                ],
              },
            }}
          />,
          { language },
        );
        const first = await screen.findByText(`${entry} 1`);
        const firstEntry = first.closest('li')!;
        expect(within(firstEntry).getByText(plate).nextElementSibling).toHaveTextContent('KDA 123A');
        expect(within(firstEntry).getByText(type).nextElementSibling).toHaveTextContent(saloon);
        const secondEntry = screen.getByText(`${entry} 2`).closest('li')!;
        expect(within(secondEntry).getByText(plate).nextElementSibling).toHaveTextContent('KBZ 999Y');
        expect(within(secondEntry).getByText(type).nextElementSibling).toHaveTextContent(van);
        expect(document.body).not.toHaveTextContent('[object Object]');
        expect(document.body).not.toHaveTextContent(/Vehicles 1|Magari 1/);
      });
    },
  );

  it('every custom step a catalogue definition names is registered', () => {
    const named = services.flatMap((s) =>
      s.steps.map((step) => ('component' in step ? step.component : undefined)),
    );
    for (const name of named.filter((n): n is string => typeof n === 'string')) {
      expect(customSteps[name], name).toBeDefined();
    }
  });
});

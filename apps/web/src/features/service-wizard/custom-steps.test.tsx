import { services } from '@kaunti/catalogue/catalogue';
import { defineService } from '@kaunti/catalogue/definition';
import { cleanup, screen } from '@testing-library/react';
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

  it('every custom step a catalogue definition names is registered', () => {
    const named = services.flatMap((s) =>
      s.steps.map((step) => ('component' in step ? step.component : undefined)),
    );
    for (const name of named.filter((n): n is string => typeof n === 'string')) {
      expect(customSteps[name], name).toBeDefined();
    }
  });
});

import { landSurvey } from '@kaunti/catalogue/services/land/land-survey/definition';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiHandlers, jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { ServiceWizardPage } from './service-wizard-page';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const subCounties = {
  data: [{ code: '274', name: 'Westlands', wards: [{ code: '1', name: 'Kitisuru' }] }],
};

function setup(handlers: ApiHandlers = {}) {
  const api = stubApi({
    'GET /api/county/sub-counties': () => jsonResponse(200, subCounties),
    'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, { ...(body as object), kept: true }),
    'GET /api/drafts': () => jsonResponse(200, { data: [] }),
    ...handlers,
  });
  return api;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  // Unmount first: leaving the form sends what is still waiting, to the fake API.
  cleanup();
  vi.unstubAllGlobals();
});

describe('ServiceWizardPage', () => {
  it('starts a fresh form and puts its draft id in the address at the first change', async () => {
    setup();
    const { router } = await renderWithApp(<ServiceWizardPage service={landSurvey} />, {
      path: '/land-survey',
    });
    await userEvent.setup().type(screen.getByRole('textbox', { name: /Land \/ parcel number/ }), '209/1');
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?draft=[0-9a-f-]{36}$/));
    expect(screen.queryByText(/We could not find that saved form/)).toBeNull();
    expect(screen.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveValue('209/1');
  });

  it('offers to continue the saved draft of this service, named by its parcel and when it was saved', async () => {
    setup({
      'GET /api/drafts': () =>
        jsonResponse(200, {
          data: [
            {
              id: '0f8fad5b-d9cb-469f-a165-70867728950e',
              service_id: 'land-survey',
              service_title: 'Land Survey',
              label: '209/10002',
              kept: true,
              route: '/land-survey',
              step: 0,
              values: { lr_number: '209/10002' },
              created_at: '2026-11-20T08:00:00.000+03:00',
              updated_at: '2026-11-22T14:05:00.000+03:00',
            },
          ],
        }),
    });
    await renderWithApp(<ServiceWizardPage service={landSurvey} />, { path: '/land-survey' });
    expect(
      await screen.findByText(
        'You have a draft of this form for 209/10002, saved 22nd November 2026, 14:05.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue where you left off' })).toHaveAttribute(
      'href',
      '/land-survey?draft=0f8fad5b-d9cb-469f-a165-70867728950e',
    );
  });

  it('an empty form gets no draft address until something is typed', async () => {
    const api = setup();
    const { router } = await renderWithApp(<ServiceWizardPage service={landSurvey} />, {
      path: '/land-survey',
    });
    const lr = screen.getByRole('textbox', { name: /Land \/ parcel number/ });
    await userEvent.setup().type(lr, 'x');
    await userEvent.setup().clear(lr);
    await new Promise((r) => setTimeout(r, 50));
    // Typed, then cleared: the address got the draft at the first letter; nothing is kept on the device once empty.
    expect(router.state.location.search).toMatch(/^\?draft=/);
    expect(Object.keys(localStorage).filter((k) => k.includes('draft'))).toEqual([]);
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('resumes the draft named in the address', async () => {
    setup({
      'GET /api/drafts/:id': () =>
        jsonResponse(200, {
          id: ID,
          service_id: 'land-survey',
          service_title: 'Land Survey',
          route: '/land-survey',
          step: 0,
          values: { lr_number: '209/10002', sub_county_code: '274', ward_code: '1' },
          created_at: '2026-11-22T10:00:00.000+03:00',
          updated_at: '2026-11-22T10:00:00.000+03:00',
        }),
    });
    await renderWithApp(<ServiceWizardPage service={landSurvey} />, { path: `/land-survey?draft=${ID}` });
    expect(await screen.findByRole('textbox', { name: /Land \/ parcel number/ })).toHaveValue('209/10002');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Ward/ })).toHaveValue('1'));
  });

  it('says when the draft is gone, and offers a fresh form', async () => {
    setup({
      'GET /api/drafts/:id': () =>
        jsonResponse(404, { message: 'We could not find that draft.', code: 'not_found' }),
    });
    await renderWithApp(<ServiceWizardPage service={landSurvey} />, { path: `/land-survey?draft=${ID}` });
    expect(await screen.findByText(/We could not find that saved form/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Land \/ parcel number/ })).toHaveValue('');
  });
});

import { findService } from '@kaunti/catalogue/catalogue';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { freshStart } from './resume-draft';
import { ServiceWizard } from './service-wizard';

const seasonal = findService('seasonal-parking')!;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('my vehicles in a vehicles step', () => {
  it("adds the user's vehicles to the group in one tap each, with their type, and offers none twice", async () => {
    const start = { ...freshStart(), step: 1, values: { zone_code: 'Z1', period: 'monthly', vehicles: [] } };
    stubApi({
      'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, { id: start.draftId, ...(body as object) }),
      'GET /api/parking/zones': () => jsonResponse(200, { data: [] }),
      'GET /api/parking/vehicles': () =>
        jsonResponse(200, {
          data: [
            { id: 'v1', plate: 'KDA 123A', vehicle_type: 'saloon', make: null, colour: null },
            { id: 'v2', plate: 'KBZ 777C', vehicle_type: 'lorry-over-5t', make: null, colour: null },
          ],
        }),
    });
    await renderWithApp(<ServiceWizard service={seasonal} start={start} />);
    const u = userEvent.setup();
    const helper = await screen.findByRole('region', { name: 'Your vehicles' });
    await u.click(await within(helper).findByRole('button', { name: 'Add KDA 123A (Saloon car)' }));
    expect(screen.getByRole('status')).toHaveTextContent('KDA 123A is on the form.');
    await u.click(within(helper).getByRole('button', { name: 'Add KBZ 777C (Lorry over 5 tonnes)' }));
    const second = screen.getByRole('region', { name: 'Vehicle 2' });
    expect(within(second).getByRole('textbox', { name: /Number plate/ })).toHaveValue('KBZ 777C');
    expect(within(second).getByRole('combobox', { name: /Vehicle type/ })).toHaveValue('lorry-over-5t');
    expect(
      within(screen.getByRole('region', { name: 'Vehicle 1' })).getByRole('textbox', {
        name: /Number plate/,
      }),
    ).toHaveValue('KDA 123A');
    expect(within(helper).queryByRole('button', { name: /^Add / })).toBeNull();
    expect(helper).toHaveTextContent('All your vehicles are on the form.');
  });
});

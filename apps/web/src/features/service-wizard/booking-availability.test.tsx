import { findService } from '@kaunti/catalogue/catalogue';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { freshStart } from './resume-draft';
import { ServiceWizard } from './service-wizard';

const ambulance = findService('ambulance-services')!;
const step = ambulance.steps.findIndex((s) => s.id === 'booking');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the free slots of a booking', () => {
  it.each([
    {
      language: 'en' as const,
      title: 'Free and booked times',
      item: '09:00 to 12:00: Booked',
      free: ': Free',
    },
    {
      language: 'sw' as const,
      title: 'Nyakati zilizo wazi na zilizochukuliwa',
      item: 'Imechukuliwa',
      free: ': Wazi',
    },
  ])(
    'lists the chosen ambulance’s slots that day, free or booked, in a live region ($language)',
    async (c) => {
      stubApi({
        'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, body),
        'GET /api/reference-data/ambulances': () =>
          jsonResponse(200, {
            data: [
              {
                code: 'NCC-AMB-01',
                name: "NCC-AMB-01, Lang'ata",
                name_sw: "NCC-AMB-01, Lang'ata",
                parent: null,
              },
            ],
          }),
        'GET /api/catalogue/services/:id/availability': () =>
          jsonResponse(200, {
            service_id: 'ambulance-services',
            resource: 'NCC-AMB-01',
            unit: 'slot',
            days: [
              {
                date: '2026-12-01',
                free: true,
                slots: [
                  { slot: '06-09', free: true },
                  { slot: '09-12', free: false },
                ],
              },
            ],
          }),
      });
      await renderWithApp(
        <ServiceWizard
          service={ambulance}
          start={{ ...freshStart(), step, values: { ambulance_code: 'NCC-AMB-01', trip_date: '2026-12-01' } }}
        />,
        { language: c.language },
      );
      const region = await screen.findByRole('region', { name: c.title });
      const list = await within(region).findByRole('list');
      const items = within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(items).toHaveLength(2);
      expect(items[0]).toContain(c.free);
      expect(items[1]).toContain(c.item);
      expect(list.closest('[aria-live="polite"]')).not.toBeNull();
    },
  );
});

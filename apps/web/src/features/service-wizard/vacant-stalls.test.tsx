import { findService } from '@kaunti/catalogue/catalogue';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '../../testing/render-with-app';
import { freshStart } from './resume-draft';
import { ServiceWizard } from './service-wizard';

const stalls = findService('market-stalls')!;
const trade = stalls.steps.findIndex((s) => s.helper === 'vacant-stalls');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const vacant = Array.from({ length: 10 }, (_, i) => ({
  stall_no: `WAK-K-${String(i + 3).padStart(3, '0')}`,
  stall_type: 'kiosk',
  monthly_rent_cents: 350_000,
}));

describe('the vacant stalls of a stall application', () => {
  it.each([
    {
      language: 'en' as const,
      title: 'Vacant stalls',
      count: '10 stalls of this kind (Kiosk) are vacant at this market, at KES 3,500.00 a month.',
      more: 'and 2 more',
      first: /the first vacant one \(WAK-K-003 now\)/,
    },
    {
      language: 'sw' as const,
      title: 'Vibanda vilivyo wazi',
      count:
        'Vibanda 10 vya aina hii (Kibanda (kioski)) viko wazi katika soko hili, kwa KES 3,500.00 kwa mwezi.',
      more: 'na 2 zaidi',
      first: /kibanda cha kwanza kilicho wazi \(WAK-K-003 sasa\)/,
    },
  ])('lists the market’s vacant stalls of the kind chosen, and which is allocated ($language)', async (c) => {
    const api = stubApi({
      'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, body),
      'GET /api/markets/stall-markets': () => jsonResponse(200, { data: [] }),
      'GET /api/markets/vacant-stalls': () => jsonResponse(200, { data: vacant }),
    });
    await renderWithApp(
      <ServiceWizard
        service={stalls}
        start={{ ...freshStart(), step: trade, values: { market_code: 'WAK', stall_type: 'kiosk' } }}
      />,
      { language: c.language },
    );
    const helper = await screen.findByRole('region', { name: c.title });
    expect(await within(helper).findByText(c.count)).toBeInTheDocument();
    const list = within(helper).getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...vacant.slice(0, 8).map((s) => s.stall_no), c.more]);
    expect(helper).toHaveTextContent(c.first);
    expect(api.calls.find((call) => call.url.includes('vacant-stalls'))?.url).toContain(
      'market_code=WAK&stall_type=kiosk',
    );
  });

  it('says when none of the kind is vacant, so another can be chosen', async () => {
    stubApi({
      'PUT /api/drafts/:id': ({ body }) => jsonResponse(200, body),
      'GET /api/markets/vacant-stalls': () => jsonResponse(200, { data: [] }),
    });
    await renderWithApp(
      <ServiceWizard
        service={stalls}
        start={{ ...freshStart(), step: trade, values: { market_code: 'TOI', stall_type: 'cold-room' } }}
      />,
    );
    expect(
      await screen.findByText(/No stall of this kind \(Cold room\) is vacant at this market now/),
    ).toBeInTheDocument();
  });
});

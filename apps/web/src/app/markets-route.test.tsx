import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAuth } from '../features/accounts/auth-store';
import { wizardRoutesOf } from '../features/service-wizard/routes';
import { setAuthToken } from '../lib/api-client';
import { removeTokenCookie, writeTokenCookie } from '../lib/session-token';
import { fakeJwt, jsonResponse, nowSeconds, renderWithApp, stubApi } from '../testing/render-with-app';
import { WIZARD_SURROUNDS } from './portal-routes';
import { RouteGuard } from './route-guard';
import { AreaServicesLayout } from './services-layout/services-layout';

afterEach(() => {
  cleanup();
  removeTokenCookie();
  setAuthToken(undefined);
  resetAuth();
  vi.unstubAllGlobals();
});

/** /markets as the router composes it: the trader's stalls above the stall application's wizard. */
describe('/markets', () => {
  it("shows the trader's stalls, then the application for a stall", async () => {
    stubApi({
      'GET /api/drafts': () => jsonResponse(200, { data: [] }),
      'GET /api/markets/stalls': () => jsonResponse(200, { data: [] }),
      'GET /api/markets/stall-markets': () =>
        jsonResponse(200, {
          data: [{ code: 'WAK', name: 'Wakulima (Marikiti) Market', sub_county: 'Starehe', vacant: 61 }],
        }),
      'POST /api/catalogue/services/:id/quote': () =>
        jsonResponse(200, { total_cents: 100_000, lines: [], missing: [] }),
    });
    writeTokenCookie(fakeJwt({ sub: 'u1', scope: 'full', exp: nowSeconds() + 3600 }));
    await renderWithApp(
      [
        {
          path: '/',
          element: <RouteGuard />,
          children: [
            {
              element: <AreaServicesLayout area="markets" />,
              children: wizardRoutesOf('markets', WIZARD_SURROUNDS),
            },
          ],
        },
      ],
      { path: '/markets' },
    );
    const yours = await screen.findByRole('region', { name: 'Your stalls' }, { timeout: 15_000 });
    expect(await within(yours).findByText(/You have no market stall yet/)).toBeInTheDocument();
    const apply = screen.getByRole('region', { name: 'Apply for a stall' });
    expect(await within(apply).findByRole('combobox', { name: /Market/ })).toBeVisible();
    expect(within(apply).getByRole('combobox', { name: /Kind of stall/ })).toBeVisible();
  });
});

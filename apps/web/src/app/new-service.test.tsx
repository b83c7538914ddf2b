import { addService } from '@kaunti/catalogue/catalogue';
import { cleanup, screen, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { resetAuth } from '../features/accounts/auth-store';
import { SERVICE_AREAS } from '../features/public-pages/service-areas';
import { wizardRoutesOf } from '../features/service-wizard/routes';
import { setAuthToken } from '../lib/api-client';
import { removeTokenCookie, writeTokenCookie } from '../lib/session-token';
import { fakeJwt, jsonResponse, nowSeconds, renderWithApp, stubApi } from '../testing/render-with-app';
import { portalRoutes } from './portal-routes';
import { RouteGuard } from './route-guard';
import { routeTable } from './router';
import { AreaServicesLayout } from './services-layout/services-layout';

/** The whole table, as the router has it once the portal's pages are patched in. */
const routes = routeTable(portalRoutes);

/**
 * "A new service is one definition", in the browser's half: a throw-away definition, added to the
 * catalogue and to the index the build makes from it, and nothing else, gets its route, its entry
 * in its area's menu, its landing page link and its wizard. (The server's half —
 * quote, submit, bill, issue, PDF, E-Verify — is apps/server/test/api/new-service.test.ts.)
 */
const { fixture } = await vi.hoisted(async () => {
  const { defineService } = await import('@kaunti/catalogue/definition');
  return {
    fixture: defineService({
      id: 'dog-licence-fixture',
      route: '/dog-licence-fixture',
      area: 'licensing',
      title: 'Dog licence (fixture)',
      description: 'Licence a dog kept in the county, with its rabies vaccination.',
      menu: true,
      order: 1,
      application_prefix: 'DGF',
      reference_field: 'dog_name',
      steps: [
        {
          id: 'dog',
          title: 'The dog',
          fields: [
            {
              name: 'dog_name',
              kind: 'text',
              label: "Dog's name",
              required_message: "Please enter the dog's name",
              example: 'Simba',
            },
          ],
        },
      ],
      fee: { rule: 'flat', params: { schedule: 'fixture-licensing', item: 'dog' } },
      workflow: 'instant',
      produces: 'dog-licence',
      submit: { method: 'POST', success_message: 'Dog licence application submitted' },
    }),
  };
});

// The index the build would make (catalogue-index-plugin.ts) from the catalogue with the fixture.
vi.mock('virtual:kaunti-catalogue-index', async () => {
  const { services } = await import('@kaunti/catalogue/catalogue');
  const { catalogueIndexOf } = await import('@kaunti/catalogue/catalogue-index');
  return { default: catalogueIndexOf([...services, fixture]) };
});

const removeFixture = addService(fixture);
afterAll(() => removeFixture());
afterEach(() => {
  cleanup();
  removeTokenCookie();
  setAuthToken(undefined);
  resetAuth();
  vi.unstubAllGlobals();
});

describe('a new service from one definition, in the web app', () => {
  it('has its route (not the 404, not "coming soon") and a link on the landing page', () => {
    const deepest = matchRoutes(routes, '/dog-licence-fixture')?.at(-1)?.route;
    expect(deepest?.path).toBe('dog-licence-fixture');
    const links = SERVICE_AREAS.flatMap((area) => area.links);
    expect(links).toContainEqual(
      expect.objectContaining({
        to: '/dog-licence-fixture',
        english: { label: fixture.title, description: fixture.description },
      }),
    );
  });

  it('is a page behind sign-in, in a menu of its own area, with its entry and its wizard', async () => {
    stubApi({
      'GET /api/drafts': () => jsonResponse(200, { data: [] }),
      'POST /api/catalogue/services/:id/quote': () =>
        jsonResponse(200, { total_cents: 50_000, lines: [], missing: [] }),
    });
    writeTokenCookie(fakeJwt({ sub: 'u1', scope: 'full', exp: nowSeconds() + 3600 }));
    // The router's composition of an area (app/portal-routes.tsx): its layout and menu, its wizard routes.
    await renderWithApp(
      [
        {
          path: '/',
          element: <RouteGuard />,
          children: [
            { element: <AreaServicesLayout area="licensing" />, children: wizardRoutesOf('licensing') },
          ],
        },
      ],
      { path: '/dog-licence-fixture' },
    );
    // The wizard's page is a lazy chunk: the first load takes a moment.
    const nav = await screen.findByRole('navigation', { name: /Licensing/ }, { timeout: 15_000 });
    expect(within(nav).getByRole('link', { name: /Dog licence \(fixture\)/ })).toHaveAttribute(
      'href',
      '/dog-licence-fixture',
    );
    expect(await screen.findByRole('textbox', { name: /Dog's name/ })).toBeVisible();
  });
});

import { act, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { matchRoutes, Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_AREAS } from '../features/public-pages/service-areas';
import { ChunkLoadError, loadChunk } from '../lib/chunk-loader';
import { lazyElement } from '../lib/lazy-route';
import { renderWithApp, stubApi } from '../testing/render-with-app';
import { routeEntries } from '../testing/route-table';
import { PLANNED_PATHS } from './planned-routes';
import { portalRoutes } from './portal-routes';
import { PROTECTED_PATHS } from './protected-paths';
import { matchTable, PortalRoutes, portalTable, routeTable } from './router';

vi.mock('../lib/chunk-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/chunk-loader')>();
  return { ...actual, loadChunk: vi.fn(actual.loadChunk) };
});

/** The spec's public routes (section 2), verbatim but for the path parameters' names. */
const SPEC_PUBLIC_PATHS = [
  '/',
  '/login',
  '/signup',
  '/recover-password',
  '/parking/:id',
  '/public-toilets',
  '/markets/cess',
  '/social/event/:id',
  '/contact',
  '/faqs',
  '/terms-and-conditions/:id',
  '/reserved-parking-terms-and-conditions',
  '/data-privacy-policy',
  '/e-verify',
  '/everify/s/:qid/:sid',
  '/everify/i/:qid/:id',
  '/coming-soon',
];

/** The whole table, as the router has it once the portal's pages are patched in. */
const routes = routeTable(portalRoutes);

/** The path pattern of the deepest route that answers `path` ('*' is the not-found page). */
function answeringPattern(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  const deepest = matches.at(-1)?.route;
  return deepest?.index ? matches.at(-2)?.route.path : deepest?.path;
}

describe('matching before a hydration (decision 042)', () => {
  it('gives the render the table and the matches made before it, matching a path once', () => {
    const table = portalTable(portalRoutes);
    expect(portalTable(portalRoutes)).toBe(table);
    const first = matchTable(table, '/signup');
    expect(first.at(-1)?.route.path).toBe('signup');
    expect(matchTable(table, '/signup')).toBe(first);
    // Another path is matched afresh.
    expect(matchTable(table, '/login').at(-1)?.route.path).toBe('login');
  });
});

describe('route table', () => {
  // Every entry, the ones marked coming soon included (their address still answers).
  const landingLinks = SERVICE_AREAS.flatMap((area) => area.links.map((link) => link.to));

  it.each(landingLinks)('answers the landing page link %s with a page, not the 404', (to) => {
    expect(answeringPattern(to)).not.toBe('*');
  });

  // Spec section 2 is checked here, apart from the catalogue (a service may have any route): every
  // route of the spec is a page of the portal, a service's wizard, or (until built) coming soon.
  it.each([...PROTECTED_PATHS, ...SPEC_PUBLIC_PATHS])('serves the spec route %s', (path) => {
    const id = path.startsWith('/terms-and-conditions') ? 'general' : 'demo-1';
    expect(answeringPattern(path.replace(':id', id).replace(':qid', 'q').replace(':sid', 's'))).not.toBe('*');
  });

  it('answers an unknown path with the not-found page', () => {
    expect(answeringPattern('/no-such-page')).toBe('*');
  });

  it('lists a planned (coming soon) path only where no built page has it', () => {
    const all = routeEntries(routes).map((entry) => entry.path);
    for (const path of PLANNED_PATHS) {
      expect(
        all.filter((full) => full === `/${path}`),
        path,
      ).toHaveLength(1);
    }
  });
});

describe('the portal routes', () => {
  const fetchedPages = () =>
    vi.mocked(loadChunk).mock.calls.filter(([importer]) => String(importer).includes('portal-routes'));

  beforeEach(() => {
    vi.mocked(loadChunk).mockClear();
    stubApi({});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the landing page alone, and fetches the other pages on the first other path', async () => {
    const { router } = await renderWithApp(<PortalRoutes />, { bare: true, path: '/' });
    // Waits for the landing page as long as a busy machine may take to draw it.
    expect(
      await screen.findByRole('heading', { level: 1, name: /Nairobi|county|services/i }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(fetchedPages()).toHaveLength(0);

    await router.navigate('/e-verify');
    // The first other path fetches (here: transforms) the whole route table: allow it time on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'E-Verify' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(fetchedPages()).toHaveLength(1);
    await router.navigate('/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that page' }),
    ).toBeVisible();
    expect(fetchedPages()).toHaveLength(1);
  });

  it('shows a failed fetch of the pages as a load error inside the layout, and tries again on the next navigation', async () => {
    const { router } = await renderWithApp(<PortalRoutes />, { bare: true, path: '/' });
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    // The next fetch of the pages fails (other chunks load as usual).
    const actual = vi.mocked(loadChunk).getMockImplementation()!;
    let failures = 1;
    vi.mocked(loadChunk).mockImplementation((importer, ...rest) =>
      String(importer).includes('portal-routes') && failures-- > 0
        ? Promise.reject(new ChunkLoadError('other', undefined, new Error('offline')))
        : actual(importer, ...rest),
    );
    await router.navigate('/e-verify');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeVisible();
    // The header is still there around the error.
    expect(screen.getByRole('banner')).toBeVisible();

    await router.navigate('/e-verify');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'E-Verify' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'This page could not be loaded' })).toBeNull();
  });

  it('starts a new page at the top, and leaves the scroll to the browser on Back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    try {
      const { router } = await renderWithApp(<PortalRoutes />, { bare: true, path: '/' });
      await screen.findByRole('heading', { level: 1 });
      expect(scrollTo).not.toHaveBeenCalled();
      await router.navigate('/e-verify');
      await screen.findByRole('heading', { level: 1, name: 'E-Verify' });
      expect(scrollTo).toHaveBeenCalledWith(0, 0);
      scrollTo.mockClear();
      await router.navigate(-1);
      await screen.findByRole('heading', { level: 1, name: /Nairobi|county|services/i });
      expect(scrollTo).not.toHaveBeenCalled();
    } finally {
      scrollTo.mockRestore();
    }
  });

  it('opens a page linked to directly (not the landing page) once the pages are fetched', async () => {
    await renderWithApp(<PortalRoutes />, { bare: true, path: '/coming-soon' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This service is coming soon' }),
    ).toBeVisible();
    // The title follows in an effect after the page is drawn.
    await vi.waitFor(() => expect(document.title).toBe('Coming soon | Test City County e-Services'));
  });
});

describe('lazy elements on a path', () => {
  it("fetches a layout's code and its page's side by side, then shows both", async () => {
    let layoutArrives: (value: null) => void = () => undefined;
    const layout = vi.fn(() => new Promise<null>((resolve) => (layoutArrives = resolve)));
    const page = vi.fn(async () => 'The page');
    const routes: RouteObject[] = [
      {
        path: '/',
        element: (
          <Suspense fallback={<p>Loading</p>}>
            {lazyElement(layout, () => (
              <section aria-label="Layout">
                <Outlet />
              </section>
            ))}
          </Suspense>
        ),
        children: [{ path: 'inner', element: lazyElement(page, (text) => <p>{text}</p>) }],
      },
    ];
    await renderWithApp(routes, { path: '/inner' });
    expect(layout).toHaveBeenCalledTimes(1);
    // The page's code was asked for before the layout's arrived.
    expect(page).toHaveBeenCalledTimes(1);
    await act(async () => layoutArrives(null));
    expect(within(await screen.findByRole('region', { name: 'Layout' })).getByText('The page')).toBeVisible();
    expect(page).toHaveBeenCalledTimes(1);
  });
});

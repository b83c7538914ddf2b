import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SERVICE_AREAS } from '../features/public-pages/service-areas';
import { ChunkLoadError, loadChunk } from '../lib/chunk-loader';
import { routeEntries } from '../testing/route-table';
import { PLANNED_PATHS } from './planned-routes';
import { portalRoutes } from './portal-routes';
import { createRouter, PAGES, routeTable } from './router';

vi.mock('../lib/chunk-loader', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/chunk-loader')>();
  return { ...actual, loadChunk: vi.fn(actual.loadChunk) };
});

/** The whole table, as the router has it once the portal's pages are patched in. */
const routes = routeTable(portalRoutes);

/** The path pattern of the deepest route that answers `path` ('*' is the not-found page). */
function answeringPattern(path: string): string | undefined {
  const matches = matchRoutes(routes, path) ?? [];
  const deepest = matches.at(-1)?.route;
  return deepest?.index ? matches.at(-2)?.route.path : deepest?.path;
}

describe('route table', () => {
  const landingLinks = SERVICE_AREAS.flatMap((area) => area.links.map((link) => link.to));

  it.each(landingLinks)('answers the landing page link %s with a page, not the 404', (to) => {
    expect(answeringPattern(to)).not.toBe('*');
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

describe('the router', () => {
  const deepest = (router: ReturnType<typeof createRouter>) => router.state.matches.at(-1)?.route;

  it('starts with the landing page alone, and fetches the other pages on the first other path', async () => {
    window.history.replaceState(null, '', '/');
    const router = createRouter();
    try {
      await vi.waitFor(() => expect(router.state.initialized).toBe(true));
      expect(deepest(router)?.index).toBe(true);
      const pages = router.routes[0]?.children?.[0];
      expect(pages?.id).toBe(PAGES);
      expect(pages?.children?.map((route) => route.path ?? (route.index ? '(index)' : ''))).toEqual([
        '(index)',
        '*',
      ]);

      await router.navigate('/e-verify');
      expect(deepest(router)?.path).toBe('e-verify');
      await router.navigate('/no-such-page');
      expect(deepest(router)?.path).toBe('*');
    } finally {
      router.dispose();
    }
  });

  it('shows a failed fetch of the pages as a load error around the page, and tries again on the next path', async () => {
    window.history.replaceState(null, '', '/');
    const router = createRouter();
    try {
      await vi.waitFor(() => expect(router.state.initialized).toBe(true));
      vi.mocked(loadChunk).mockRejectedValueOnce(
        new ChunkLoadError('other', undefined, new Error('offline')),
      );
      await router.navigate('/e-verify');
      const errors = Object.values(router.state.errors ?? {});
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(ChunkLoadError);
      // The root route's error element: the layout around the error.
      expect(router.routes[0]?.errorElement).toBeTruthy();

      await router.navigate('/e-verify');
      expect(router.state.errors).toBeNull();
      expect(deepest(router)?.path).toBe('e-verify');
    } finally {
      router.dispose();
    }
  });

  it('opens a page linked to directly (not the landing page) once the pages are fetched', async () => {
    window.history.replaceState(null, '', '/coming-soon');
    const router = createRouter();
    try {
      await vi.waitFor(() => expect(router.state.initialized).toBe(true));
      expect(deepest(router)?.path).toBe('coming-soon');
      expect(router.state.errors).toBeNull();
    } finally {
      router.dispose();
    }
  });
});

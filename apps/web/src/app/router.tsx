import { createBrowserRouter, type RouteObject } from 'react-router';
import { landingRoutes } from '../features/public-pages/landing-routes';
import { loadChunk } from '../lib/chunk-loader';
import { NotFoundPage } from './errors/not-found-page';
import { RouteErrorPage } from './errors/route-error-page';
import { RootLayout } from './root-layout';

/**
 * The route table. The landing page's JavaScript carries only the shell's part: the root layout,
 * the landing page and the not-found page. Every other page is in app/portal-routes.tsx, fetched
 * the first time the router meets another path (a link followed, or a page opened directly) and
 * patched in under the pathless child `PAGES`, which carries the error element, so a page that
 * fails keeps the header and footer around its error.
 */
function FirstLoad() {
  return null;
}

/** The route the portal's pages are patched into. */
export const PAGES = 'pages';

/** The table with these pages under `PAGES` (the router starts with none; tests pass them all). */
export function routeTable(pages: RouteObject[] = []): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      // A failure above the pages (the route table itself could not be fetched): the same page
      // around the error, with the header's links to try again.
      errorElement: <RootLayout main={<RouteErrorPage />} />,
      // The first page's lazy chunk is loading: nothing yet (the header and footer come with the
      // layout as soon as it is there). Without it React Router warns on every first load.
      HydrateFallback: FirstLoad,
      children: [
        {
          id: PAGES,
          errorElement: <RouteErrorPage />,
          children: [
            ...landingRoutes,
            ...pages,
            { path: '*', element: <NotFoundPage />, handle: { title: 'titles.notFound' } },
          ],
        },
      ],
    },
  ];
}

export function createRouter() {
  let patched = false;
  return createBrowserRouter(routeTable(), {
    // Called for a path that only the not-found page answers (or none): the portal's pages are
    // fetched once (a failure reaches the error element as a ChunkLoadError, and the next
    // navigation tries again) and patched in; the router then matches the path again.
    async patchRoutesOnNavigation({ patch, signal }) {
      if (patched) return;
      const { portalRoutes } = await loadChunk(() => import('./portal-routes'));
      if (patched || signal.aborted) return;
      patch(PAGES, portalRoutes);
      patched = true;
    },
  });
}

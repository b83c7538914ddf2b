import { type ReactElement, startTransition, useEffect, useMemo, useState } from 'react';
import {
  matchRoutes,
  Outlet,
  type RouteMatch,
  type RouteObject,
  renderMatches,
  useLocation,
} from 'react-router';
import { landingRoutes } from '../features/public-pages/landing-routes';
import { loadChunk } from '../lib/chunk-loader';
import { lazyElement, preloadElement } from '../lib/lazy-route';
import { NotFoundPage } from './errors/not-found-page';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { RootLayout } from './root-layout';
import { RouteMatchesContext } from './route-handle';

/**
 * The route table. The landing page's JavaScript carries only the shell's part: the root layout,
 * the landing page and the not-found page. Every other page is in app/portal-routes.tsx, fetched
 * the first time the app meets another path (a link followed, or a page opened directly): until
 * then that path's element is the fetch itself. The pages sit in the root layout inside one error
 * boundary, so a page that fails keeps the header and footer around its error.
 *
 * The router runs in React Router's declarative mode (BrowserRouter, and this table rendered with
 * `matchRoutes` and `renderMatches`; docs/decisions/018-declarative-router.md): the portal uses
 * no loaders or actions.
 */
export function routeTable(pages: RouteObject[] = [], elsewhere?: ReactElement): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      children: [
        {
          element: (
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          ),
          children: [
            ...landingRoutes,
            ...pages,
            elsewhere
              ? { path: '*', element: elsewhere }
              : { path: '*', element: <NotFoundPage />, handle: { title: 'titles.notFound' } },
          ],
        },
      ],
    },
  ];
}

/** The whole table around the portal's pages, made once per list of pages. */
const tables = new WeakMap<RouteObject[], RouteObject[]>();
export function portalTable(pages: RouteObject[]): RouteObject[] {
  let table = tables.get(pages);
  if (!table) {
    table = routeTable(pages);
    tables.set(pages, table);
  }
  return table;
}

/**
 * The routes a path matches in a table, kept for the table's last path: matching ranks every
 * route of the table, which on a phone costs more than the rest of a navigation's rendering, so
 * a hydration matches its path before it renders (start.tsx, a task of its own) and the render
 * finds the answer here.
 */
const lastMatch = new WeakMap<RouteObject[], { pathname: string; matches: RouteMatch[] }>();
export function matchTable(routes: RouteObject[], pathname: string): RouteMatch[] {
  const last = lastMatch.get(routes);
  if (last?.pathname === pathname) return last.matches;
  const matches = matchRoutes(routes, pathname) ?? [];
  lastMatch.set(routes, { pathname, matches });
  return matches;
}

/**
 * Renders the routes a path matches in a table, and gives them to the shell's title and back
 * button (route-handle.ts). The table is matched once per path (`matchTable`).
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  const matches = useMemo(() => matchTable(routes, pathname), [routes, pathname]);
  // Every lazy element on the path starts fetching now (a layout and its page side by side).
  for (const match of matches) preloadElement(match.route.element);
  return <RouteMatchesContext value={matches}>{renderMatches(matches)}</RouteMatchesContext>;
}

/**
 * The portal: the landing page's table, and for any other path the fetch of the portal's pages;
 * once they are here, the whole table (a failed fetch reaches the error boundary as a
 * ChunkLoadError, and the next navigation tries again). `initialPages`: the table is already
 * here (a page rendered on the server, and its hydration).
 */
export function PortalRoutes({ initialPages }: { initialPages?: RouteObject[] }) {
  // A page rendered on the server is hydrated with the whole table already here (start.tsx).
  const [pages, setPages] = useState<RouteObject[] | undefined>(initialPages);
  const fetchPages = useMemo(
    () =>
      lazyElement(
        () => loadChunk(() => import('./portal-routes')),
        (m) => <PagesArrived pages={m.portalRoutes} onArrival={setPages} />,
      ),
    [],
  );
  const routes = useMemo(
    () => (pages ? portalTable(pages) : routeTable(undefined, fetchPages)),
    [pages, fetchPages],
  );
  return <AppRoutes routes={routes} />;
}

function PagesArrived({
  pages,
  onArrival,
}: {
  pages: RouteObject[];
  onArrival: (pages: RouteObject[]) => void;
}) {
  // A transition: the page renders in slices that leave the phone's main thread free between them.
  useEffect(() => startTransition(() => onArrival(pages)), [pages, onArrival]);
  return null;
}

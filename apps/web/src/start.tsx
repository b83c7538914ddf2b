import type { PageState } from '@kaunti/contract/page-render';
import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, type RouteObject } from 'react-router';
import { AppRoot } from './app/app-root';
import { queryClient } from './app/providers';
import { matchTable, PortalRoutes, portalTable } from './app/router';
import { setAuthToken } from './lib/api-client';
import { loadChunk } from './lib/chunk-loader';
import { preferredLanguageOtherThan, startI18n } from './lib/i18n';
import { preloadElement } from './lib/lazy-route';
import { readRenderedPage } from './lib/rendered-page';
import { startServiceWorkerAfterLoad } from './lib/service-worker';
import { readTokenCookie } from './lib/session-token';

// The app's start, imported by main.tsx once the page is on the screen (docs/decisions/042): the
// token, the service worker, then the page the server rendered hydrated, or the app drawn.

// The service worker (docs/decisions/039), once the page has loaded; removed by the kill switch.
startServiceWorkerAfterLoad();
// Spec: the token from the cookie is sent as a Bearer header when present at start-up.
const token = readTokenCookie();
setAuthToken(token);

const container = document.getElementById('root')!;
// A page the server rendered (docs/decisions/020) is hydrated: the same components take over the
// HTML already on the screen. Drawn afresh instead when the reader chose another language on
// this device than the page's.
const rendered = readRenderedPage(token);
const hydrate = rendered && !preferredLanguageOtherThan(rendered.language) ? rendered : undefined;

async function start(): Promise<void> {
  // The route table (for a hydration) and the common texts are fetched side by side.
  const table = hydrate ? portalPages(hydrate) : undefined;
  const translator = await startI18n(hydrate?.language);
  // What the server said in words (lists, fee lines) is asked again in the new language.
  translator.subscribe(() => void queryClient.invalidateQueries());
  const pages = await table;
  if (hydrate && pages) await beforeHydration(pages);
  const app = (children: ReactNode) => (
    <AppRoot translator={translator} posted={hydrate?.form}>
      {children}
    </AppRoot>
  );
  // A transition: the first render comes in slices that leave a phone's main thread free between
  // them (its Suspense fallbacks still show at once: nothing was on the screen before).
  startTransition(() => {
    const routes = (
      <BrowserRouter>
        <PortalRoutes initialPages={pages} />
      </BrowserRouter>
    );
    if (hydrate && (pages || window.location.pathname === '/')) hydrateRoot(container, app(routes));
    else createRoot(container).render(app(routes));
  });
}

/** The next task: what was done so far is one task, what follows another. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The path matched in the route table, then its pages' code asked for, each in a task of its own
 * before the hydration: matching ranks every route of the table, and asking for a page's code
 * adds a preload for each of its chunks, each several milliseconds on a phone. Within the
 * hydration's first render (one task: React slices a render between components, not within
 * one) they made the page's longest task. The render finds both done (`matchTable`, and the
 * elements' own state).
 */
async function beforeHydration(pages: RouteObject[]): Promise<void> {
  await nextTask();
  const matches = matchTable(portalTable(pages), window.location.pathname);
  await nextTask();
  for (const match of matches) preloadElement(match.route.element);
  await nextTask();
}

/**
 * The portal's route table for a hydration (the landing page's own table needs none), and the
 * server's queries put in the query cache, so the first render matches the HTML.
 */
async function portalPages(page: PageState): Promise<RouteObject[] | undefined> {
  for (const query of page.queries)
    queryClient.setQueryData(query.key, query.data, { updatedAt: query.updatedAt });
  if (window.location.pathname === '/') return undefined;
  try {
    return (await loadChunk(() => import('./app/portal-routes'))).portalRoutes;
  } catch {
    // Drawn afresh then: the router fetches the table again and shows what failed.
    return undefined;
  }
}

void start();

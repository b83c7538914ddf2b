import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/**
 * "/": the landing page. No `handle.title`: its document title is the portal name alone
 * (spec: "the default title is the portal name"). Its own module: the app's shell imports it,
 * and the other public pages' routes (routes.tsx) come later with the rest of the portal.
 */
export const landingRoutes: RouteObject[] = [
  {
    index: true,
    // Rendered to HTML on the server (lib/page-render.ts): the same for every visitor.
    handle: { serverRender: {} },
    element: lazyPage(
      () => import('./landing-page'),
      (m) => m.LandingPage,
    ),
  },
];

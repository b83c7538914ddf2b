import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/**
 * The land pages of their own (the other land services are the generic wizard's). Protected;
 * the app wraps them in the services layout with the Land services menu, which renders the
 * page's h1 from the route title.
 */
export const landRoutes: RouteObject[] = [
  {
    path: 'land-rates-bill',
    handle: { title: 'titles.landRatesBill' },
    element: lazyPage(
      () => import('./land-rates-bill-page'),
      (m) => m.LandRatesBillPage,
    ),
  },
  {
    path: 'add-land',
    handle: { title: 'titles.addLand', back: true },
    element: lazyPage(
      () => import('./add-land-page'),
      (m) => m.AddLandPage,
    ),
  },
];

import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/**
 * The business area's own pages (its applications are the generic wizard's: /sbp,
 * /trade-license/apply, /pest-control/apply). Protected, in the business services layout.
 */
export const businessRoutes: RouteObject[] = [
  {
    path: 'permits',
    handle: { title: 'titles.permits' },
    lazy: lazyPage(
      () => import('./permits-page'),
      (m) => m.PermitsPage,
    ),
  },
];

import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/**
 * County estates (decision 034): the tenant's houses and their rent statement, and paying the
 * rent. Protected; the app puts them in the Property services layout.
 */
export const estatesRoutes: RouteObject[] = [
  {
    path: 'properties',
    handle: { title: 'titles.properties' },
    element: lazyPage(
      () => import('./properties-page'),
      (m) => m.PropertiesPage,
    ),
  },
  {
    path: 'county-rent',
    handle: { title: 'titles.countyRent' },
    element: lazyPage(
      () => import('./county-rent-page'),
      (m) => m.CountyRentPage,
    ),
  },
];

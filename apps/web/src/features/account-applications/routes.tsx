import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/** The user's drafts and service applications (protected: the app puts them behind the guard). */
export const accountApplicationsRoutes: RouteObject[] = [
  {
    path: 'account/drafts',
    handle: { title: 'titles.drafts' },
    element: lazyPage(
      () => import('./drafts-page'),
      (m) => m.DraftsPage,
    ),
  },
  {
    path: 'account/service-applications',
    handle: { title: 'titles.serviceApplications' },
    element: lazyPage(
      () => import('./applications-page'),
      (m) => m.ApplicationsPage,
    ),
  },
];

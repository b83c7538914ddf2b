import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/**
 * The back office, under /staff (the app puts these behind the route guard, whose sign-in is
 * /staff/login). Its own lazy chunks: nothing of it is in a citizen's first load.
 */
export const staffRoutes: RouteObject[] = [
  {
    path: 'staff',
    lazy: lazyPage(
      () => import('./staff-layout'),
      (m) => m.StaffLayout,
    ),
    children: [
      {
        index: true,
        handle: { title: 'titles.staffQueue' },
        lazy: lazyPage(
          () => import('./queue-page'),
          (m) => m.QueuePage,
        ),
      },
      {
        path: 'applications/:applicationNo',
        handle: { title: 'titles.staffApplication' },
        lazy: lazyPage(
          () => import('./application-page'),
          (m) => m.StaffApplicationPage,
        ),
      },
      {
        path: 'revenue',
        handle: { title: 'titles.staffRevenue' },
        lazy: lazyPage(
          () => import('./revenue-page'),
          (m) => m.RevenuePage,
        ),
      },
      {
        path: 'parking',
        handle: { title: 'titles.staffParking' },
        lazy: lazyPage(
          () => import('./plate-check-page'),
          (m) => m.PlateCheckPage,
        ),
      },
      {
        path: 'claims',
        handle: { title: 'titles.staffClaims' },
        lazy: lazyPage(
          () => import('./claims-page'),
          (m) => m.ClaimsPage,
        ),
      },
      {
        path: 'officers',
        handle: { title: 'titles.staffOfficers' },
        lazy: lazyPage(
          () => import('./officers-page'),
          (m) => m.OfficersPage,
        ),
      },
      {
        path: 'audit',
        handle: { title: 'titles.staffAudit' },
        lazy: lazyPage(
          () => import('./audit-page'),
          (m) => m.AuditPage,
        ),
      },
      {
        path: 'password',
        handle: { title: 'titles.staffPassword' },
        lazy: lazyPage(
          () => import('./password-page'),
          (m) => m.StaffPasswordPage,
        ),
      },
    ],
  },
];

import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/**
 * The back office, under /staff (the app puts these behind the route guard, whose sign-in is
 * /staff/login). Its own lazy chunks: nothing of it is in a citizen's first load.
 */
export const staffRoutes: RouteObject[] = [
  {
    path: 'staff',
    element: lazyPage(
      () => import('./staff-layout'),
      (m) => m.StaffLayout,
    ),
    children: [
      {
        index: true,
        handle: { title: 'titles.staffQueue' },
        element: lazyPage(
          () => import('./queue-page'),
          (m) => m.QueuePage,
        ),
      },
      {
        path: 'applications/:applicationNo',
        handle: { title: 'titles.staffApplication' },
        element: lazyPage(
          () => import('./application-page'),
          (m) => m.StaffApplicationPage,
        ),
      },
      {
        path: 'revenue',
        handle: { title: 'titles.staffRevenue' },
        element: lazyPage(
          () => import('./revenue-page'),
          (m) => m.RevenuePage,
        ),
      },
      {
        path: 'parking',
        handle: { title: 'titles.staffParking' },
        element: lazyPage(
          () => import('./plate-check-page'),
          (m) => m.PlateCheckPage,
        ),
      },
      {
        path: 'claims',
        handle: { title: 'titles.staffClaims' },
        element: lazyPage(
          () => import('./claims-page'),
          (m) => m.ClaimsPage,
        ),
      },
      {
        path: 'payment-plans',
        handle: { title: 'titles.staffPaymentPlans' },
        element: lazyPage(
          () => import('./payment-plans-page'),
          (m) => m.StaffPaymentPlansPage,
        ),
      },
      {
        path: 'toilet-faults',
        handle: { title: 'titles.staffToiletFaults' },
        element: lazyPage(
          () => import('./toilet-faults-page'),
          (m) => m.ToiletFaultsPage,
        ),
      },
      {
        path: 'waiting-list',
        handle: { title: 'titles.staffWaitingList' },
        element: lazyPage(
          () => import('./waiting-list-page'),
          (m) => m.WaitingListPage,
        ),
      },
      {
        path: 'fees',
        handle: { title: 'titles.staffFees' },
        element: lazyPage(
          () => import('./fees-page'),
          (m) => m.FeesPage,
        ),
      },
      {
        path: 'officers',
        handle: { title: 'titles.staffOfficers' },
        element: lazyPage(
          () => import('./officers-page'),
          (m) => m.OfficersPage,
        ),
      },
      {
        path: 'audit',
        handle: { title: 'titles.staffAudit' },
        element: lazyPage(
          () => import('./audit-page'),
          (m) => m.AuditPage,
        ),
      },
      {
        path: 'password',
        handle: { title: 'titles.staffPassword' },
        element: lazyPage(
          () => import('./password-page'),
          (m) => m.StaffPasswordPage,
        ),
      },
    ],
  },
];

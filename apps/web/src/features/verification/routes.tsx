import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/** The public E-Verify pages: documents, staff ID cards and national IDs. */
export const verificationRoutes: RouteObject[] = [
  {
    path: 'e-verify',
    handle: { title: 'titles.eVerify' },
    element: lazyPage(
      () => import('./e-verify-page'),
      (m) => m.EVerifyPage,
    ),
  },
  {
    path: 'everify/s/:qid/:sid',
    handle: { title: 'titles.verifyStaff' },
    element: lazyPage(
      () => import('./staff-verify-page'),
      (m) => m.StaffVerifyPage,
    ),
  },
  {
    path: 'everify/i/:qid/:id',
    handle: { title: 'titles.verifyIdentity' },
    element: lazyPage(
      () => import('./identity-verify-page'),
      (m) => m.IdentityVerifyPage,
    ),
  },
];

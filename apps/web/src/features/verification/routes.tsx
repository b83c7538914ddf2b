import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';
import type { PageQuery, PageRequestInfo } from '../../lib/page-render';

/**
 * /e-verify is rendered on the server (lib/page-render.ts) with what its address asks: a
 * document's code (`?code=`, what a QR code opens, or the form sent before the script arrived) and
 * a permit number (`?permit_no=`).
 */
async function eVerifyQueries({ search }: { search: URLSearchParams }): Promise<PageQuery[]> {
  const { verifyQuery, permitQuery } = await import('./verify-api');
  const code = search.get('code')?.trim() ?? '';
  const permit = search.get('permit_no')?.trim() ?? '';
  return [...(code ? [verifyQuery(code)] : []), ...(permit ? [permitQuery(permit)] : [])];
}

/** The public E-Verify pages: documents, staff ID cards, national IDs, and an issued event's page. */
export const verificationRoutes: RouteObject[] = [
  {
    path: 'e-verify',
    handle: { title: 'titles.eVerify', serverRender: { queries: eVerifyQueries } },
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
    path: 'social/event/:id',
    // Rendered on the server with the event as the register says now (for this request only: a
    // revoked permit shows as revoked on the next visit).
    handle: {
      title: 'titles.eventPage',
      serverRender: {
        queries: ({ params }: PageRequestInfo) =>
          import('./verify-api').then((m) => [m.eventQuery(params.id ?? '')]),
      },
    },
    element: lazyPage(
      () => import('./event-page'),
      (m) => m.EventPage,
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

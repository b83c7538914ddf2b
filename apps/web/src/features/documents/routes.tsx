import { PRINTABLE_NAMES } from '@kaunti/contract/printables';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

const issuedDocumentPage = lazyPage(
  () => import('./issued-document-page'),
  (m) => m.IssuedDocumentPage,
);

/**
 * The spec's printable routes under /downloads/ for issued documents (certificates, letters,
 * permits): one page for every kind, `/downloads/<name>?id=<document id>`, a route per name, so a
 * name the spec does not list is answered by no route (the 404 page). `/downloads/Invoice`
 * (invoices and receipts) is its own route, composed in app/portal-routes.tsx.
 */
export const documentRoutes: RouteObject[] = PRINTABLE_NAMES.filter((name) => name !== 'Invoice').map(
  (name): RouteObject => ({
    path: `downloads/${name}`,
    handle: { title: 'titles.document' },
    element: issuedDocumentPage,
  }),
);

import { isPrintableName } from '@kaunti/contract/printables';
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazy-route';

/**
 * The spec's printable routes under /downloads/ for issued documents (certificates, letters,
 * permits): one page for every kind, `/downloads/<name>?id=<document id>`. A name the spec does
 * not list is a 404. `/downloads/Invoice` (invoices and receipts) is its own route, composed in
 * app/portal-routes.tsx; a static path wins over this one.
 */
export const documentRoutes: RouteObject[] = [
  {
    path: 'downloads/:printable',
    handle: { title: 'titles.document' },
    loader: ({ params }) => {
      if (!isPrintableName(params.printable ?? '')) throw new Response('Not found', { status: 404 });
      return null;
    },
    lazy: lazyPage(
      () => import('./issued-document-page'),
      (m) => m.IssuedDocumentPage,
    ),
  },
];

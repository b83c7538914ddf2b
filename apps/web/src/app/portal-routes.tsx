import type { ServiceArea } from '@kaunti/catalogue/definition';
import type { RouteObject } from 'react-router';
import { accountApplicationsRoutes } from '../features/account-applications/routes';
import { saveReturnPath } from '../features/accounts/return-path';
import { accountsProtectedRoutes, accountsPublicRoutes, staffLoginRoute } from '../features/accounts/routes';
import { businessRoutes } from '../features/business/routes';
import { documentRoutes } from '../features/documents/routes';
import { estatesRoutes } from '../features/estates/routes';
import { landRoutes } from '../features/land/routes';
import { parkingPublicRoutes } from '../features/parking/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { informationRoutes } from '../features/public-pages/routes';
import { saccoRoutes } from '../features/saccos/routes';
import { type WizardSurround, wizardRoutesOf } from '../features/service-wizard/routes';
import { ticketRoutes } from '../features/service-wizard/ticket-routes';
import { staffRoutes } from '../features/staff/routes';
import { verificationRoutes } from '../features/verification/routes';
import { catalogueAreas } from '../lib/catalogue-index';
import { loadChunk } from '../lib/chunk-loader';
import { lazyElement, lazyPage } from '../lib/lazy-route';
import { ComingSoonPage } from './coming-soon-page';
import { NotFoundPage } from './errors/not-found-page';
import { GuestRoute } from './guest-route';
import { plannedProtectedRoutes, plannedPublicRoutes } from './planned-routes';
import { RouteGuard } from './route-guard';

/**
 * Every page of the portal but the landing page: the features' routes (lazy pages), composed here
 * and fetched the first time the router meets a path that is not the landing page
 * (`PortalRoutes` in app/router.tsx), so the route table and its list of page chunks
 * are not in the landing page's JavaScript. Add a feature's routes here.
 */

/** An area's own pages (its `direct` services, e.g. the land rates bill), beside its wizards. */
const AREA_PAGES: Partial<Record<ServiceArea, RouteObject[]>> = {
  land: landRoutes,
  // /properties and /county-rent: the tenant's county houses and their rent (decision 034).
  property: estatesRoutes,
  // /permits: the business permits, then parking's seasonal tickets, reserved bays and loading zones.
  business: businessRoutes(() => import('../features/parking/parking-permits').then((m) => m.ParkingPermits)),
};

/** An area's own page around a service's wizard, by service id. */
export const WIZARD_SURROUNDS: Readonly<Record<string, WizardSurround>> = {
  // /markets: the trader's stalls, their rent statements and rent paid by M-Pesa, above the
  // application for a stall (decision 035).
  'market-stalls': () => import('../features/markets/markets-page').then((m) => m.MarketsPage),
};

export const portalRoutes: RouteObject[] = [
  ...verificationRoutes,
  // Daily parking and its tickets: anyone, signed in or not.
  ...parkingPublicRoutes,
  // The catalogue's ticket services (market cess) and their tickets: anyone, no account.
  ...ticketRoutes({
    'public-toilets': {
      element: lazyPage(
        () => import('../features/public-toilets/toilets-page'),
        (m) => m.ToiletsPage,
      ),
      // Rendered on the server with the toilets (served again for a minute, like /parking's zones).
      serverRender: {
        queries: () => import('../features/public-toilets/toilets-api').then((m) => [m.toiletsQuery]),
        keepSeconds: 60,
      },
    },
  }),
  {
    // The information pages in the services layout, fetched lazily: the layout and its
    // menus stay out of the landing page's JavaScript.
    element: lazyPage(
      () => import('./services-layout/services-layout'),
      (m) => m.InformationLayout,
    ),
    children: informationRoutes,
  },
  // The county officers' sign-in, and the back office behind its own guard.
  staffLoginRoute,
  { element: <RouteGuard loginPath="/staff/login" />, children: staffRoutes },
  // /login and /signup send a signed-in user to their account (guest-route.tsx).
  { element: <GuestRoute />, children: accountsPublicRoutes },
  {
    // The printable invoice / receipt: a public route (spec). By bill number a bill is shown
    // only to its owner (without a session the gate asks to sign in first); by its public
    // link (`?id=&key=`, the document's printUrl) to anyone holding the link.
    path: 'downloads/Invoice',
    handle: { title: 'titles.invoice' },
    element: lazyElement(
      () => loadChunk(() => import('../features/payments/printable-sign-in-gate')),
      (m) => <m.PrintableSignInGate rememberPath={saveReturnPath} />,
    ),
    children: [
      {
        index: true,
        element: lazyPage(
          () => import('../features/documents/invoice-page'),
          (m) => m.InvoicePage,
        ),
      },
    ],
  },
  // Issued documents' printable pages (certificates, letters, permits), public by their id.
  ...documentRoutes,
  {
    // The protected routes (spec section 2): every page that needs a signed-in user is a
    // child of this guard. Add a feature's protected routes here (see route-guard.tsx).
    element: <RouteGuard />,
    children: [
      ...accountsProtectedRoutes,
      ...accountApplicationsRoutes,
      ...paymentsRoutes,
      // Transport Saccos and their vehicles (behind PSV activation, /account/...).
      ...saccoRoutes,
      // Each service area of the catalogue in the services layout with its menu (lazily,
      // like the information pages): the area's own pages and its wizard services.
      ...catalogueAreas().map(
        (area): RouteObject => ({
          element: lazyElement(
            () => loadChunk(() => import('./services-layout/services-layout')),
            (m) => <m.AreaServicesLayout area={area} />,
          ),
          children: [...(AREA_PAGES[area] ?? []), ...wizardRoutesOf(area, WIZARD_SURROUNDS)],
        }),
      ),
      ...plannedProtectedRoutes,
    ],
  },
  { path: 'coming-soon', element: <ComingSoonPage />, handle: { title: 'titles.comingSoon' } },
  { path: '404', element: <NotFoundPage />, handle: { title: 'titles.notFound' } },
  ...plannedPublicRoutes,
  ...(import.meta.env.VITE_TEST_ROUTES === 'true'
    ? [
        {
          path: '__test/render-error',
          element: lazyPage(
            () => import('./errors/render-error-probe'),
            (m) => m.RenderErrorProbe,
          ),
        },
      ]
    : []),
];

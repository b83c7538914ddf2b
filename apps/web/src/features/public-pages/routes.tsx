import { Navigate, type RouteObject } from 'react-router';
import { loadChunk } from '../../lib/chunk-loader';
import { lazyElement, lazyPage } from '../../lib/lazy-route';
import { TERMS_IDS, termsTitleKey } from './terms-ids';

/**
 * Each terms id is its own route, so that the h1 and the document title name the terms
 * ("Terms and conditions: Single Business Permit"); any other id is the 404 page (no route
 * answers it), and the bare path goes to the general terms.
 */
const termsRoutes: RouteObject[] = [
  { path: 'terms-and-conditions', element: <Navigate to="/terms-and-conditions/general" replace /> },
  ...TERMS_IDS.map(
    (id): RouteObject => ({
      path: `terms-and-conditions/${id}`,
      handle: { title: termsTitleKey(id), serverRender: {} },
      element: lazyElement(
        () => loadChunk(() => import('./terms-page')),
        (m) => <m.TermsPage id={id} />,
      ),
    }),
  ),
];

/**
 * The public information pages, rendered to HTML on the server (`serverRender`: the same for every
 * visitor, lib/page-render.ts). The app wraps them in the services layout with the information
 * menu, which renders each page's title (the route handle's) as the h1: the pages start at h2.
 */
export const informationRoutes: RouteObject[] = [
  {
    path: 'contact',
    handle: { title: 'titles.contact', serverRender: {} },
    element: lazyPage(
      () => import('./contact-page'),
      (m) => m.ContactPage,
    ),
  },
  {
    path: 'faqs',
    handle: { title: 'titles.faqs', serverRender: {} },
    element: lazyPage(
      () => import('./faqs-page'),
      (m) => m.FaqsPage,
    ),
  },
  ...termsRoutes,
  {
    path: 'reserved-parking-terms-and-conditions',
    handle: { title: 'titles.reservedParkingTerms', serverRender: {} },
    element: lazyPage(
      () => import('./reserved-parking-terms-page'),
      (m) => m.ReservedParkingTermsPage,
    ),
  },
  {
    path: 'data-privacy-policy',
    handle: { title: 'titles.privacy', serverRender: {} },
    element: lazyPage(
      () => import('./privacy-page'),
      (m) => m.PrivacyPage,
    ),
  },
];

import { type RouteObject, redirect } from 'react-router';
import { loadChunk } from '../../lib/chunk-loader';
import { lazyPage } from '../../lib/lazy-route';
import { TERMS_IDS, termsTitleKey } from './terms-ids';

/**
 * Each terms id is its own route, so that the h1 and the document title name the terms
 * ("Terms and conditions: Single Business Permit"); any other id is the 404 page, and the bare
 * path goes to the general terms.
 */
const termsRoutes: RouteObject[] = [
  { path: 'terms-and-conditions', loader: () => redirect('/terms-and-conditions/general') },
  ...TERMS_IDS.map(
    (id): RouteObject => ({
      path: `terms-and-conditions/${id}`,
      handle: { title: termsTitleKey(id) },
      lazy: async () => {
        const m = await loadChunk(() => import('./terms-page'));
        return { element: <m.TermsPage id={id} /> };
      },
    }),
  ),
  {
    path: 'terms-and-conditions/:id',
    loader: () => {
      throw new Response('', { status: 404, statusText: 'Not Found' });
    },
  },
];

/**
 * The public information pages. The app wraps them in the services layout with the information
 * menu, which renders each page's title (the route handle's) as the h1: the pages start at h2.
 */
export const informationRoutes: RouteObject[] = [
  {
    path: 'contact',
    handle: { title: 'titles.contact' },
    lazy: lazyPage(
      () => import('./contact-page'),
      (m) => m.ContactPage,
    ),
  },
  {
    path: 'faqs',
    handle: { title: 'titles.faqs' },
    lazy: lazyPage(
      () => import('./faqs-page'),
      (m) => m.FaqsPage,
    ),
  },
  ...termsRoutes,
  {
    path: 'reserved-parking-terms-and-conditions',
    handle: { title: 'titles.reservedParkingTerms' },
    lazy: lazyPage(
      () => import('./reserved-parking-terms-page'),
      (m) => m.ReservedParkingTermsPage,
    ),
  },
  {
    path: 'data-privacy-policy',
    handle: { title: 'titles.privacy' },
    lazy: lazyPage(
      () => import('./privacy-page'),
      (m) => m.PrivacyPage,
    ),
  },
];

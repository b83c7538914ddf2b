import type { RouteObject } from 'react-router';
import { catalogueRoutes } from '../lib/catalogue-index';
import { ComingSoonPage } from './coming-soon-page';
import { PROTECTED_PATHS } from './protected-paths';

/**
 * Routes of the spec (section 2) whose service areas are not built yet. Each answers with the
 * under-construction page at its own address, so a landing page link never ends in "Page not
 * found", and a later issue replaces the entry with the real pages. A path the spec protects
 * stays behind the sign-in guard like any other protected page.
 * The printable /downloads/ documents are left out: without a document they have nothing to show.
 */
export const PLANNED_PATHS = [
  'public-toilets',
  'markets/cess',
  'social/event/:id',
  'e-construction-application/add-lr-or-parcel',
  'sbp',
  'pest-control/apply',
  'trade-license/apply',
  'betting-and-gaming',
  'weights-and-measures',
  'markets',
  'properties',
  'county-rent',
  'property-management',
  'tenancy-transfer',
  'next-of-kin',
  // Spelled so in the spec's route list.
  'liqour-licensing',
  'advertisements',
  'seasonal-parking',
  'reserved-parking',
  'essential-services',
  'outdoor-advertisement',
  'permits/hire-grounds',
  'food-handlers-certificate',
  'ambulance-services',
  'inoculation',
  'health-research',
  'export-certificate',
  'mortuary-service-application',
] as const;

const isProtected = (path: string) => (PROTECTED_PATHS as readonly string[]).includes(`/${path}`);

/** The spec's routes no catalogue service serves yet: a new definition takes its route off this list. */
const planned = PLANNED_PATHS.filter((path) => !catalogueRoutes.has(`/${path}`));

const comingSoon = (path: string): RouteObject => ({
  path,
  element: <ComingSoonPage />,
  handle: { title: 'titles.comingSoon' },
});

export const plannedPublicRoutes = planned.filter((path) => !isProtected(path)).map(comingSoon);
export const plannedProtectedRoutes = planned.filter(isProtected).map(comingSoon);

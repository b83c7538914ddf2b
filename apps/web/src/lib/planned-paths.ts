import { catalogueRoutes } from './catalogue-index';

/**
 * Routes of the spec (section 2) whose service areas are not built yet. Each answers with the
 * under-construction page at its own address (app/planned-routes.tsx), so a landing page link
 * never ends in "Page not found", and a later issue replaces the entry with the real pages. A
 * path the spec protects stays behind the sign-in guard like any other protected page; the
 * landing page marks them all as coming soon, without a link (nobody signs in to find that out).
 * The printable /downloads/ documents are left out: without a document they have nothing to show.
 */
export const PLANNED_PATHS = [
  'public-toilets',
  'markets/cess',
  'sbp',
  'pest-control/apply',
  'trade-license/apply',
  'betting-and-gaming',
  'weights-and-measures',
  'markets',
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

/** Whether a path (e.g. "/markets/cess") is one of the spec's routes no catalogue service serves yet. */
export function isPlannedPath(path: string): boolean {
  return (PLANNED_PATHS as readonly string[]).includes(path.replace(/^\//, '')) && !catalogueRoutes.has(path);
}

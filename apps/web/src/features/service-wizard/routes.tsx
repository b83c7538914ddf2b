import type { RouteObject } from 'react-router';
import { loadChunk } from '../../lib/chunk-loader';

/**
 * The catalogue services rendered by the generic wizard, by area: route path (the catalogue's
 * route without its slash), service id and title key (common namespace). Written out here, not
 * read from the catalogue, so the route table stays out of the landing page's JavaScript (the
 * catalogue and zod load with the page); routes.test.ts checks them against the catalogue.
 */
export const LAND_WIZARD_SERVICES = [
  { path: 'ground-rent', serviceId: 'ground-rent', title: 'titles.groundRent' },
  { path: 'land-transfer', serviceId: 'land-transfer', title: 'titles.landTransfer' },
  { path: 'land-survey', serviceId: 'land-survey', title: 'titles.landSurvey' },
  { path: 'land-clearance', serviceId: 'land-clearance', title: 'titles.landClearance' },
  { path: 'rates-search', serviceId: 'rates-search', title: 'titles.ratesSearch' },
] as const;

function wizardRoute({
  path,
  serviceId,
  title,
}: {
  path: string;
  serviceId: string;
  title: string;
}): RouteObject {
  return {
    path,
    handle: { title },
    lazy: async () => {
      const m = await loadChunk(() => import('./service-wizard-page'));
      // Keyed by service: moving between two wizard pages starts the other one afresh.
      return { element: <m.ServiceWizardPage key={serviceId} serviceId={serviceId} /> };
    },
  };
}

/** The land services the wizard renders (inside the services layout with the land menu). */
export const landWizardRoutes: RouteObject[] = LAND_WIZARD_SERVICES.map(wizardRoute);

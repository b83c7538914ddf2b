import type { ServiceArea as CatalogueArea } from '@kaunti/catalogue/definition';
import {
  catalogueRoutes,
  serviceDescriptionKey,
  servicesOfArea,
  serviceTitleKey,
} from '../../lib/catalogue-index';
import { isPlannedPath } from '../../lib/planned-paths';

/**
 * The service areas of the portal (spec, section 1), as shown on the landing page. An area's
 * links are its catalogue services (title and description from their definitions, Kiswahili in
 * `common:services.<id>`), then the spec's routes no service serves yet (keys of `home`), which
 * give way to the catalogue as soon as a definition takes their route.
 */
export interface ServiceLink {
  to: string;
  /** i18n key, e.g. "links.markets" (home) or "common:services.land-survey.title". */
  label: string;
  /** i18n key of a one-line description under the link (catalogue services). */
  description?: string;
  /** The English where the locale has none (a catalogue service's own texts). */
  english?: { label: string; description: string };
  /** Not available yet (a planned route): shown as coming soon, not as a link. */
  planned?: boolean;
}

export interface ServiceArea {
  /** Key under `areas.` in the home namespace: title and description. */
  id: string;
  /** SVG path data of the area's 24 × 24 outline icon. */
  icon: string;
  links: ServiceLink[];
  /** Spans two columns of the grid where there are two or more (many entries). */
  wide?: boolean;
}

/** An area's links: its catalogue services in order, then its planned routes not yet served. */
function linksOf(area: CatalogueArea, planned: ServiceLink[] = []): ServiceLink[] {
  return [
    ...servicesOfArea(area).map((service) => ({
      to: service.route,
      label: `common:${serviceTitleKey(service.id)}`,
      description: `common:${serviceDescriptionKey(service.id)}`,
      english: { label: service.title, description: service.description },
    })),
    ...planned.filter((link) => !catalogueRoutes.has(link.to)).map(markPlanned),
  ];
}

/** A link to a route no service serves yet is marked so (the landing page says "coming soon"). */
function markPlanned(link: ServiceLink): ServiceLink {
  return isPlannedPath(link.to) ? { ...link, planned: true } : link;
}

export const SERVICE_AREAS: ServiceArea[] = [
  {
    id: 'land',
    wide: true,
    icon: 'M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3zM9 3v15M15 6v15',
    links: linksOf('land'),
  },
  {
    id: 'parking',
    icon: 'M5 3h14a2 2 0 012 2v14a2 2 0 01-2 2H5a2 2 0 01-2-2V5a2 2 0 012-2zM9 17V7h4a3 3 0 010 6H9',
    links: linksOf('parking', [
      { to: '/seasonal-parking', label: 'links.seasonalParking' },
      { to: '/reserved-parking', label: 'links.reservedParking' },
      { to: '/reserved-parking-terms-and-conditions', label: 'links.reservedParkingTerms' },
    ]),
  },
  {
    id: 'markets',
    icon: 'M3 9l2-5h14l2 5zM4 9v11h16V9M9 20v-6h6v6',
    links: linksOf('markets', [
      { to: '/markets', label: 'links.markets' },
      { to: '/markets/cess', label: 'links.marketCess' },
    ]),
  },
  {
    id: 'business',
    icon: 'M5 7h14a2 2 0 012 2v9a2 2 0 01-2 2H5a2 2 0 01-2-2V9a2 2 0 012-2zM9 7V4h6v3M3 13h18',
    links: linksOf('business', [
      { to: '/sbp', label: 'links.sbp' },
      { to: '/sbp/payments', label: 'links.sbpPayments' },
      { to: '/trade-license/apply', label: 'links.tradeLicence' },
      { to: '/pest-control/apply', label: 'links.pestControl' },
    ]),
  },
  {
    id: 'health',
    icon: 'M21 12a9 9 0 11-18 0 9 9 0 0118 0zM12 7v10M7 12h10',
    links: linksOf('health', [
      { to: '/food-handlers-certificate', label: 'links.foodHandlers' },
      { to: '/inoculation', label: 'links.inoculation' },
      { to: '/health-research', label: 'links.healthResearch' },
      { to: '/export-certificate', label: 'links.exportCertificate' },
      { to: '/ambulance-services', label: 'links.ambulance' },
      { to: '/mortuary-service-application', label: 'links.mortuary' },
    ]),
  },
  {
    id: 'licensing',
    icon: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h5',
    links: linksOf('licensing', [
      // Spelled so in the spec's route list.
      { to: '/liqour-licensing', label: 'links.liquor' },
      { to: '/betting-and-gaming', label: 'links.betting' },
      { to: '/weights-and-measures', label: 'links.weights' },
      { to: '/advertisements', label: 'links.advertisements' },
      { to: '/outdoor-advertisement', label: 'links.outdoorAdvertising' },
      { to: '/permits/hire-grounds', label: 'links.hireGrounds' },
    ]),
  },
  {
    id: 'property',
    icon: 'M3 11l9-8 9 8M5 10v10h14V10M10 20v-6h4v6',
    links: linksOf('property', [
      { to: '/properties', label: 'links.properties' },
      { to: '/county-rent', label: 'links.countyRent' },
      { to: '/property-management', label: 'links.propertyManagement' },
      { to: '/tenancy-transfer', label: 'links.tenancyTransfer' },
      { to: '/e-construction-application/add-lr-or-parcel', label: 'links.eConstruction' },
      { to: '/next-of-kin', label: 'links.nextOfKin' },
    ]),
  },
  {
    id: 'more',
    icon: 'M6 4h12a2 2 0 012 2v11H4V6a2 2 0 012-2zM4 11h16M7 20v-3M17 20v-3',
    links: [
      { to: '/account/payment-plans', label: 'links.obligations' },
      { to: '/essential-services', label: 'links.essentialServices' },
      { to: '/public-toilets', label: 'links.publicToilets' },
      { to: '/account/transport-sacco-vehicles', label: 'links.saccoVehicles' },
    ].map(markPlanned),
  },
];

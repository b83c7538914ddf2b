import type { ServiceDefinition, ServiceSummary } from './definition';
import { summaryOf } from './definition';
import { pestControl } from './services/business/pest-control';
import { singleBusinessPermit } from './services/business/single-business-permit';
import { unifiedBusinessPermit } from './services/business/unified-business-permit';
import { addLand } from './services/land/add-land';
import { groundRent } from './services/land/ground-rent';
import { landClearance } from './services/land/land-clearance';
import { landRatesBill } from './services/land/land-rates-bill';
import { landSurvey } from './services/land/land-survey';
import { landTransfer } from './services/land/land-transfer';
import { ratesSearch } from './services/land/rates-search';
import { dailyParking } from './services/parking/daily-parking';
import { loadingZone } from './services/parking/loading-zone';
import { matatuChange } from './services/parking/matatu-change';
import { reservedParking } from './services/parking/reserved-parking';
import { seasonalParking } from './services/parking/seasonal-parking';

/**
 * The registry of services: every citizen service the portal offers, by id. Adding a service =
 * writing its definition file, named by its id (`services/<area>/<id>.ts`: the web loads it by
 * that name, service-loaders.ts), and listing it here (plus its tariff rows and Kiswahili texts).
 */
const builtIn: readonly ServiceDefinition[] = [
  landRatesBill,
  groundRent,
  landTransfer,
  landSurvey,
  landClearance,
  ratesSearch,
  addLand,
  singleBusinessPermit,
  unifiedBusinessPermit,
  pestControl,
  dailyParking,
  seasonalParking,
  reservedParking,
  loadingZone,
  matatuChange,
];

/** Every service: the built-in ones, then any added with `addService`. Read it when you need it. */
export const services: readonly ServiceDefinition[] = [...builtIn];

/**
 * Adds a definition to the catalogue (a fixture's throw-away service in the tests; a county's own
 * service in a deployment's start-up), before the server is built: the engine then serves it like
 * any other — submit path, quote, bill, document, E-Verify. Answers the undo.
 */
export function addService(definition: ServiceDefinition): () => void {
  if (services.some((s) => s.id === definition.id || s.route === definition.route))
    throw new Error(
      `The catalogue already has a service "${definition.id}" or the route ${definition.route}.`,
    );
  (services as ServiceDefinition[]).push(definition);
  return () => {
    const at = services.indexOf(definition);
    if (at >= 0) (services as ServiceDefinition[]).splice(at, 1);
  };
}

/** The service with this id, or undefined. */
export function findService(id: string): ServiceDefinition | undefined {
  return services.find((s) => s.id === id);
}

/** The services of an area, in menu order. */
export function servicesOf(area: ServiceDefinition['area']): ServiceDefinition[] {
  return services.filter((s) => s.area === area).sort((a, b) => a.order - b.order);
}

/** The entries of an area's services menu (spec section 2), in order. */
export function menuOf(area: ServiceDefinition['area']): ServiceSummary[] {
  return servicesOf(area)
    .filter((s) => s.menu)
    .map(summaryOf);
}

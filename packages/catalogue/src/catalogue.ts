import type { ServiceDefinition, ServiceSummary } from './definition';
import { summaryOf } from './definition';
import { addLand } from './services/land/add-land';
import { groundRent } from './services/land/ground-rent';
import { landClearance } from './services/land/land-clearance';
import { landRatesBill } from './services/land/land-rates-bill';
import { landSurvey } from './services/land/land-survey';
import { landTransfer } from './services/land/land-transfer';
import { ratesSearch } from './services/land/rates-search';

/**
 * The registry of services: every citizen service the portal offers, by id. Adding a service =
 * writing its definition file and listing it here (plus its seed data).
 */
export const services = [
  landRatesBill,
  groundRent,
  landTransfer,
  landSurvey,
  landClearance,
  ratesSearch,
  addLand,
] as const satisfies readonly ServiceDefinition[];

export type ServiceId = (typeof services)[number]['id'];

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

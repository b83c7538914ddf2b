import type { ServiceDefinition } from './definition';

/**
 * Each built-in service's definition on its own, by id: a dynamic import of its file alone, so a
 * page that shows one service (the web wizard) fetches that definition — not the catalogue with
 * every other one. Zod-free, like the service files. The list is `catalogue.ts`'s, by id
 * (`service-loaders.test.ts` keeps the two in step); a service added with `addService` has no
 * loader here: look it up in the catalogue.
 */
export const serviceLoaders: Readonly<Record<string, () => Promise<ServiceDefinition>>> = {
  'land-rates-bill': () => import('./services/land/land-rates-bill').then((m) => m.landRatesBill),
  'ground-rent': () => import('./services/land/ground-rent').then((m) => m.groundRent),
  'land-transfer': () => import('./services/land/land-transfer').then((m) => m.landTransfer),
  'land-survey': () => import('./services/land/land-survey').then((m) => m.landSurvey),
  'land-clearance': () => import('./services/land/land-clearance').then((m) => m.landClearance),
  'rates-search': () => import('./services/land/rates-search').then((m) => m.ratesSearch),
  'add-land': () => import('./services/land/add-land').then((m) => m.addLand),
  'single-business-permit': () =>
    import('./services/business/single-business-permit').then((m) => m.singleBusinessPermit),
  'unified-business-permit': () =>
    import('./services/business/unified-business-permit').then((m) => m.unifiedBusinessPermit),
  'pest-control': () => import('./services/business/pest-control').then((m) => m.pestControl),
  'daily-parking': () => import('./services/parking/daily-parking').then((m) => m.dailyParking),
  'seasonal-parking': () => import('./services/parking/seasonal-parking').then((m) => m.seasonalParking),
  'reserved-parking': () => import('./services/parking/reserved-parking').then((m) => m.reservedParking),
  'loading-zone': () => import('./services/parking/loading-zone').then((m) => m.loadingZone),
  'matatu-change': () => import('./services/parking/matatu-change').then((m) => m.matatuChange),
};

/** The loader of a built-in service's definition, or undefined (an unknown id, or one added later). */
export function serviceLoaderOf(id: string): (() => Promise<ServiceDefinition>) | undefined {
  return Object.hasOwn(serviceLoaders, id) ? serviceLoaders[id] : undefined;
}

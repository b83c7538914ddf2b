import index from 'virtual:kaunti-catalogue-index';
import type { CatalogueIndexEntry } from '@kaunti/catalogue/catalogue-index';
import type { ServiceArea } from '@kaunti/catalogue/definition';

/**
 * The catalogue's index in the web app (made at build time from the definitions: see
 * catalogue-index-plugin.ts): the services' routes, areas, titles and menus, without zod or the
 * definitions. English texts come from the definitions; Kiswahili from the `common` namespace
 * (`services.<id>.title` / `.description`, `menus.<area>.title`).
 */
export const catalogueServices: readonly CatalogueIndexEntry[] = index.services;

/** The routes the catalogue serves, e.g. "/land-survey". */
export const catalogueRoutes: ReadonlySet<string> = new Set(index.services.map((s) => s.route));

/** The services of an area, in menu order. */
export function servicesOfArea(area: ServiceArea): CatalogueIndexEntry[] {
  return index.services.filter((s) => s.area === area).sort((a, b) => a.order - b.order);
}

/** The areas that have at least one service, in the catalogue's order. */
export function catalogueAreas(): ServiceArea[] {
  return [...new Set(index.services.map((s) => s.area))];
}

/** An area menu's English name. */
export function areaTitle(area: ServiceArea): string {
  return index.areas[area];
}

/** i18n key (common) and English default of a service's title and description. */
export const serviceTitleKey = (id: string) => `services.${id}.title`;
export const serviceDescriptionKey = (id: string) => `services.${id}.description`;

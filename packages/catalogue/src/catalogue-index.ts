import type { ServiceArea, ServiceDefinition } from './definition';

/**
 * The catalogue as the web app's shell needs it — routes, menus, titles, the landing page's
 * service areas — without the definitions themselves (steps, fields) or zod: plain data, made
 * at build time (apps/web's `virtual:kaunti-catalogue-index`), so the landing page carries a few
 * hundred bytes per service. English texts; the web app's locale files hold the Kiswahili.
 */
export interface CatalogueIndexEntry {
  id: string;
  route: string;
  area: ServiceArea;
  title: string;
  description: string;
  /** An entry of its area's services menu (spec section 2). */
  menu: boolean;
  order: number;
  /** `wizard`: the generic wizard renders it; `area`: its area's own page (a `direct` service). */
  page: 'wizard' | 'area';
}

export interface CatalogueIndex {
  services: CatalogueIndexEntry[];
  /** The English name of each area's services menu. */
  areas: Record<ServiceArea, string>;
}

/** The English names of the service areas' menus (spec section 1). */
export const AREA_TITLES: Record<ServiceArea, string> = {
  land: 'Land services',
  parking: 'Parking services',
  markets: 'Markets',
  business: 'Business permits',
  health: 'Health services',
  licensing: 'Licensing',
  property: 'County property and rent',
  payments: 'Payments',
  transport: 'Transport',
  social: 'Social services',
};

/** The index of these services, by area and order. */
export function catalogueIndexOf(services: readonly ServiceDefinition[]): CatalogueIndex {
  return {
    services: [...services]
      .sort((a, b) => a.area.localeCompare(b.area) || a.order - b.order)
      .map((s) => ({
        id: s.id,
        route: s.route,
        area: s.area,
        title: s.title,
        description: s.description,
        menu: s.menu,
        order: s.order,
        page: s.workflow === 'direct' ? 'area' : 'wizard',
      })),
    areas: { ...AREA_TITLES },
  };
}

import type { ServiceArea, ServiceDefinition } from './definition';

/** A ticket's page: its read path without /api, {ticket_id} a route parameter ("/markets/cess/:ticket_id"). */
export const ticketPageOf = (readPath: string): string =>
  readPath.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');

/**
 * The catalogue as the web app's shell needs it — routes, menus, titles, the landing page's
 * service areas — without the definitions themselves (steps, fields) or zod: plain data, made
 * at build time (apps/web's `virtual:kaunti-catalogue-index`), so the landing page carries a few
 * hundred bytes per service. English texts (the other languages: `catalogueTextsOf`).
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
  /**
   * `wizard`: the generic wizard renders it; `area`: its area's own page (a `direct` service);
   * `ticket`: a public form with no account, its ticket at `ticket_page` (workflow "ticket").
   */
  page: 'wizard' | 'area' | 'ticket';
  /** A ticket service's ticket page, e.g. "/markets/cess/:ticket_id". */
  ticket_page?: string;
}

/** A service's name, menu sentence and step titles in another language (from its folder's texts). */
export interface IndexTexts {
  title?: string;
  description?: string;
  steps?: Record<string, { title?: string }>;
}

export interface CatalogueIndex {
  services: CatalogueIndexEntry[];
  /** The English name of each area's services menu. */
  areas: Record<ServiceArea, string>;
}

/**
 * The services' texts in another language that the shell shows before a service is opened —
 * their names, menu sentences and step titles — from their folders: the web app reads them as its
 * `common` namespace's `services.<id>` (made at build time: `virtual:kaunti-catalogue-texts/sw`,
 * loaded with that language's common texts, so English readers never fetch them).
 */
export function catalogueTextsOf(
  services: readonly ServiceDefinition[],
  language: 'sw',
): { services: Record<string, IndexTexts> } {
  return {
    services: Object.fromEntries(
      services.map((s) => {
        const texts = s.texts?.[language];
        const steps = Object.fromEntries(
          Object.entries(texts?.steps ?? {}).flatMap(([id, step]) =>
            step.title ? [[id, { title: step.title }] as const] : [],
          ),
        );
        return [
          s.id,
          {
            ...(texts?.title ? { title: texts.title } : {}),
            ...(texts?.description ? { description: texts.description } : {}),
            ...(Object.keys(steps).length > 0 ? { steps } : {}),
          },
        ];
      }),
    ),
  };
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
        page: s.workflow === 'direct' ? 'area' : s.workflow === 'ticket' ? 'ticket' : 'wizard',
        ...(s.ticket ? { ticket_page: ticketPageOf(s.ticket.read_path) } : {}),
      })),
    areas: { ...AREA_TITLES },
  };
}

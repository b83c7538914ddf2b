/**
 * A service's fees as data: the rows of the county fee schedules its fee rule reads, for each
 * county the portal ships, each row in force from its date (a Finance Act's schedule from the day
 * it takes effect). A service folder's `tariff.ts` (or an area's, for a schedule its services
 * share) exports one `defineTariff({...})`; a county's folder may override rows
 * (`counties/<county>/tariff.ts`). The server writes every row once (never over a county's own
 * changes) and a bill is priced by the row in force on its date. Zod-free, plain data.
 */

/** The counties the portal ships data for (the server's KAUNTI_COUNTY). */
export const COUNTIES = ['nairobi', 'mombasa'] as const;
export type CountySlug = (typeof COUNTIES)[number];

/** A county's slug (KAUNTI_COUNTY) as the catalogue's data is keyed; an unknown one stops the caller. */
export function asCountySlug(slug: string): CountySlug {
  if (!(COUNTIES as readonly string[]).includes(slug))
    throw new Error(`The catalogue has no data for the county "${slug}" (it ships ${COUNTIES.join(', ')}).`);
  return slug as CountySlug;
}

/** One row of a fee schedule, as a service folder writes it. */
export interface TariffRow {
  /** The schedule the fee rule names, e.g. "land-survey". */
  schedule: string;
  /** The item within it, e.g. "SV-BRE" or "Z1:saloon". */
  item: string;
  /** The bill line's words (English). */
  description: string;
  /** The bill line's words in Kiswahili. */
  description_sw: string;
  /** Whole cents. */
  amount_cents: number;
  /** The first day it is charged, YYYY-MM-DD (Kenya's calendar). */
  effective_from: string;
}

/** Each county's rows. */
export type Tariff = Partial<Record<CountySlug, readonly TariffRow[]>>;

/** Declares a tariff (a typed identity: the catalogue check holds every row to the rules). */
export function defineTariff<const T extends Tariff>(tariff: T): T {
  return tariff;
}

/** Where a row is kept apart from another: its schedule, item and first day. */
export const tariffKey = (row: Pick<TariffRow, 'schedule' | 'item' | 'effective_from'>): string =>
  `${row.schedule}\u0000${row.item}\u0000${row.effective_from}`;

/** Whole shillings → cents, for tariffs written in shillings as Finance Acts print them. */
export const kes = (shillings: number): number => Math.round(shillings * 100);

import type { CountySlug } from './tariff';

/**
 * County reference data as data: the choices a service's select field offers when they are the
 * county's own (its clinics, grounds, markets, vaccines), kept beside the service that uses them —
 * `services/<area>/<id>/lists/<list name>.ts`, or `services/<area>/lists/<list name>.ts` when the
 * area's services share it — one file per list, named by the list, each county's items in it (a
 * county's folder may replace them: `counties/<county>/lists/<list name>.ts`). The server keeps
 * them in one table and answers every one at `GET /api/reference-data/{list}` (`?parent=` picks
 * the items under a parent item, for a list that depends on another field); a field names one like
 * any reference list (`options: { list: '<name>' }`, with `params: { parent: '<field>' }` when it
 * follows another field). No code per list.
 */
export interface ReferenceItem {
  /** What is sent and stored. */
  code: string;
  /** What is shown (English). */
  name: string;
  /** What is shown in Kiswahili. */
  name_sw: string;
  /** The code of the item of another list (or field value) this one belongs under. */
  parent?: string;
  /** Anything else a page may show beside the name (a unit, an amount in cents). */
  [extra: string]: string | number | boolean | undefined;
}

export interface ReferenceData {
  description: string;
  /** Each county's items, in display order. */
  items: Partial<Record<CountySlug, readonly ReferenceItem[]>>;
  /** What the server answers for a value not among the items (else a general sentence). */
  invalid_message?: string;
}

/** Declares a list (a typed identity; the catalogue check holds it to the rules). */
export function defineReferenceData<const D extends ReferenceData>(data: D): D {
  return data;
}

/** The list files: their modules, by path (keys only until one is asked for). */
const files = import.meta.glob<{ default: ReferenceData }>(
  ['./services/*/lists/*.ts', './services/*/*/lists/*.ts'],
  { eager: true },
);
const countyFiles = import.meta.glob<{ default: ReferenceData }>('./counties/*/lists/*.ts', { eager: true });

const nameOf = (path: string) => /([^/]+)\.ts$/.exec(path)?.[1] ?? path;

/** Every list, by name. A name declared twice stops the catalogue from loading. */
export const referenceData: ReadonlyMap<string, ReferenceData> = (() => {
  const out = new Map<string, ReferenceData>();
  for (const [path, module] of Object.entries(files)) {
    const name = nameOf(path);
    if (out.has(name)) throw new Error(`The reference list "${name}" is declared twice (${path}).`);
    out.set(name, module.default);
  }
  return out;
})();

/** A county's items of a list: its county folder's, else the list's own for that county. */
export function referenceItemsOf(name: string, county: CountySlug): readonly ReferenceItem[] {
  const override = Object.entries(countyFiles).find(
    ([path]) => path.startsWith(`./counties/${county}/`) && nameOf(path) === name,
  );
  if (override) return override[1].default.items[county] ?? [];
  return referenceData.get(name)?.items[county] ?? [];
}

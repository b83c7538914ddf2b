/**
 * The terms and conditions published at /terms-and-conditions/{id}. Each id has its own route
 * (so its h1 and document title name the terms), a title key `titles.terms_<camel>` in the common
 * namespace, and its text in the `pages-terms` namespace under `terms.<id>`.
 * Kept apart from the texts: the route table imports this list, the texts load with the page.
 */
export const TERMS_IDS = [
  'general',
  'payments',
  'business-permit',
  'unified-business-permit',
  'land-services',
  'parking',
] as const;

export type TermsId = (typeof TERMS_IDS)[number];

export function isTermsId(value: string | undefined): value is TermsId {
  return (TERMS_IDS as readonly string[]).includes(value ?? '');
}

/** The common-namespace key of a terms page's title, e.g. "titles.termsBusinessPermit". */
export function termsTitleKey(id: TermsId): string {
  const camel = id.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return `titles.terms${camel[0]!.toUpperCase()}${camel.slice(1)}`;
}

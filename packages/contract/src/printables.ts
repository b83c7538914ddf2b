/**
 * The spec's public printable document routes, under /downloads/ (spec section 2, "Public
 * printable document routes"). Each catalogue document kind names the one it prints on
 * (`download_route`); the invoice and receipt print on `Invoice`, every other kind through the one
 * issued-document page, given the document's id: `/downloads/<name>?id=<document id>`.
 */
export const PRINTABLE_NAMES = [
  'sbp',
  'ubp',
  'Invoice',
  'food-and-hygiene',
  'official-letter',
  'Gaming',
  'schools-registration',
  'fish-trading-licence',
  'certificate-of-verification',
  'dog-licence',
  'template',
  'liquor-licensing',
  'outdoor-advertising',
  'health-certificate',
  'fire-certificate',
  'research-certificate',
  'tickets',
  'letter-of-property',
  'authority-to-use-grounds',
] as const;
export type PrintableName = (typeof PRINTABLE_NAMES)[number];
export type PrintableRoute = `/downloads/${PrintableName}`;

export function isPrintableName(name: string): name is PrintableName {
  return (PRINTABLE_NAMES as readonly string[]).includes(name);
}

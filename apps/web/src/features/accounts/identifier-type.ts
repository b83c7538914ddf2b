import type { IdentifierType } from '@kaunti/contract/identifier';

/**
 * The type of an identifier as the user types it, for the sign-up page's live hint without zod:
 * the contract's `identifierTypeOf` (api-accounts.ts, on `guessIdentifierType` of
 * identifier.ts) lives beside its zod schemas, so importing it would load zod with the page.
 * The same rule, kept equal to the contract's by identifier-type.test.ts: the value trimmed and
 * upper-cased, then digits only (1 to 8) is an ID number; 7 to 9 letters or digits a passport;
 * '-', '/' or '.', or a leading C, a BRS number; anything else a KRA PIN.
 */
export function identifierTypeOf(value: string): IdentifierType {
  const stored = value.trim().toUpperCase();
  if (/^\d{1,8}$/.test(stored)) return 'id_number';
  if (/^[A-Z0-9]{7,9}$/.test(stored)) return 'passport';
  if (/[-/.]/.test(stored) || /^c/i.test(stored)) return 'brs_no';
  return 'pin_no';
}

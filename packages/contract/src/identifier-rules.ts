/**
 * The identifiers a customer signs in or registers with, and the rule that tells their kind —
 * without zod, so a page can show the kind as the user types without loading it (identifier.ts
 * has the schema and re-exports these).
 */

/** The kinds of identifier a customer can sign in or register with. */
export const IDENTIFIER_TYPES = ['id_number', 'passport', 'brs_no', 'pin_no'] as const;

/** One of `id_number`, `passport`, `brs_no` or `pin_no`. */
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

/** English display names of the identifier types. */
export const identifierTypeLabel: Readonly<Record<IdentifierType, string>> = {
  id_number: 'National ID',
  passport: 'Passport',
  brs_no: 'Business registration number',
  pin_no: 'KRA PIN',
};

const ID_NUMBER = /^\d{1,8}$/;
const PASSPORT = /^[A-Z0-9]{7,9}$/;
const BRS_PUNCTUATION = /[-/.]/;
const STARTS_WITH_C = /^c/i;

/**
 * Guesses what kind of identifier the user typed. The value is trimmed, then the spec's rules are tried in
 * order and the first that matches wins:
 * 1. digits only, 1 to 8 long (the spec's "1 to 9 long and at most 8 characters"): `id_number`;
 * 2. 7 to 9 uppercase letters or digits: `passport` (so any 9-digit value is a passport);
 * 3. containing '-', '/' or '.', or starting with c: `brs_no`. "Starting with c" is case-insensitive:
 *    Kenyan BRS numbers look like `CPR/2019/12345`, `C.12345`, `PVT-ABC123` or `BN-XYZ`, while KRA PINs
 *    start with A or P, so this rule cannot take a PIN;
 * 4. anything else, the empty string included: `pin_no`.
 *
 * Letters are not upper-cased before rule 2, so a lowercase passport number falls through to rule 3 or 4.
 */
export function guessIdentifierType(value: string): IdentifierType {
  const trimmed = value.trim();
  if (ID_NUMBER.test(trimmed)) return 'id_number';
  if (PASSPORT.test(trimmed)) return 'passport';
  if (BRS_PUNCTUATION.test(trimmed) || STARTS_WITH_C.test(trimmed)) return 'brs_no';
  return 'pin_no';
}

/** The stored form of an identifier: trimmed and upper case (what its type is guessed from). */
export function normaliseIdentifier(value: string): string {
  return value.trim().toUpperCase();
}

/** The type of an identifier as the user types it (the spec's rule, on the stored form). */
export function identifierTypeOf(value: string): IdentifierType {
  return guessIdentifierType(normaliseIdentifier(value));
}

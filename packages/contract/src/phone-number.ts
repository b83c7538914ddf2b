/** Kenyan mobile numbers, without zod (for first-load pages); `phone.ts` adds the zod schema. */
/** The message shown for a phone number that is not a Kenyan mobile number. */
export const PHONE_FORMAT_MESSAGE =
  'Phone number must be in format +2547******** or 2547******** or 07******** or 7********';

/** An optional `+254`, `254` or `0` prefix, then 9 digits starting with 7 or 1. */
const KENYAN_MOBILE = /^(?:\+254|254|0)?([71]\d{8})$/;
/**
 * The same rule as one JSON Schema pattern, for clients that validate before sending (the
 * OpenAPI document): spaces and hyphens may group the digits anywhere.
 */
export const PHONE_PATTERN =
  '^[\\s-]*(?:\\+[\\s-]*2[\\s-]*5[\\s-]*4|2[\\s-]*5[\\s-]*4|0)?[\\s-]*[71](?:[\\s-]*\\d){8}[\\s-]*$';
/** Whitespace and hyphens people type to group the digits. */
const SEPARATORS = /[\s-]/g;

/** The 9-digit local part of a Kenyan mobile number, or null when the value is not one. */
function localPart(value: string): string | null {
  const match = KENYAN_MOBILE.exec(value.replace(SEPARATORS, ''));
  return match?.[1] ?? null;
}

/**
 * True when the value is a Kenyan mobile number: an optional `254`, `+254` or `0` prefix, then 9 digits
 * starting with 7 (7xx) or 1 (10x/11x). Spaces and hyphens are ignored. Anything but a string is false.
 */
export function isValidPhone(value: unknown): boolean {
  return typeof value === 'string' && localPart(value) !== null;
}

/**
 * The `254XXXXXXXXX` form of a Kenyan mobile number written in any accepted form. Throws an Error with
 * {@link PHONE_FORMAT_MESSAGE} when the value is not one.
 */
export function normalisePhone(value: string): string {
  const local = localPart(value);
  if (local === null) throw new Error(PHONE_FORMAT_MESSAGE);
  return `254${local}`;
}

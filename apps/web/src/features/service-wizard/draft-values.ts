/**
 * The contract's `isEmptyDraft` (@kaunti/contract/api-drafts), copied: that module defines the
 * drafts' zod schemas beside it, and importing it would load zod with every wizard page.
 * draft-values.test.ts keeps the two equal (the server decides with the contract's).
 */

/** True when nothing was typed: every value blank, null, or an empty list or object. */
export function isEmptyDraft(values: Record<string, unknown>): boolean {
  const blank = (value: unknown): boolean => {
    if (value === null || value === undefined || value === false) return true;
    if (typeof value === 'string') return value.trim() === '';
    if (Array.isArray(value)) return value.every(blank);
    if (typeof value === 'object') return Object.values(value as Record<string, unknown>).every(blank);
    return false;
  };
  return Object.values(values).every(blank);
}

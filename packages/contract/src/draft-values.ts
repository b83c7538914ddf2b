/** What the drafts' rules need without zod (api-drafts.ts, which re-exports it, has the schemas). */

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

// No zod here: pages that only show amounts (E-Verify, printable documents) import this module,
// and the schema of an amount lives in cents-schema.ts.

/**
 * Asserts that the value is a whole number of cents: a safe integer (so not NaN, not Infinity, not a
 * fraction, not beyond ±2^53 - 1). Throws an Error naming the value otherwise.
 */
export function assertCents(cents: unknown): asserts cents is number {
  if (typeof cents !== 'number' || !Number.isSafeInteger(cents)) {
    throw new Error(`Amount must be a whole number of cents, got ${String(cents)}`);
  }
}

/** Groups the digits of a non-negative whole number in threes with commas: `1234567` → `1,234,567`. */
function groupThousands(digits: string): string {
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped === '' ? part : `${part},${grouped}`;
  }
  return grouped;
}

/** The unsigned `1,234.56` text of a number of cents, computed with integer arithmetic only. */
function unsignedAmount(cents: number): string {
  const magnitude = Math.abs(cents);
  const remainder = magnitude % 100;
  const shillings = (magnitude - remainder) / 100;
  return `${groupThousands(String(shillings))}.${String(remainder).padStart(2, '0')}`;
}

/** Formats cents without a currency: `123456` → `1,234.56`, `-5` → `-0.05`. Throws on non-integers. */
export function formatAmount(cents: number): string {
  assertCents(cents);
  return `${cents < 0 ? '-' : ''}${unsignedAmount(cents)}`;
}

/** Formats cents as Kenyan shillings: `123456` → `KES 1,234.56`, `-123456` → `-KES 1,234.56`. */
export function formatKes(cents: number): string {
  assertCents(cents);
  return `${cents < 0 ? '-' : ''}KES ${unsignedAmount(cents)}`;
}

/** Converts cents to shillings for display or charts: `123456` → `1234.56`. Throws on non-integers. */
export function centsToShillings(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/**
 * An optional minus, an optional `KES`/`Ksh` (any case) with optional spaces, then whole shillings written
 * either plainly or grouped with commas in threes, and at most 2 decimals.
 */
const AMOUNT = /^(-)?(?:(?:kes|ksh)\s*)?(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/i;
const TOO_MANY_DECIMALS = /^(-)?(?:(?:kes|ksh)\s*)?(\d+|\d{1,3}(?:,\d{3})+)\.\d{3,}$/i;

/**
 * Parses an amount of Kenyan shillings typed by a person into cents: `1234`, `1,234.5`, `KES 1,234.50`,
 * `Ksh 1234` and `-KES 1,234.56` (what {@link formatKes} writes) are accepted; surrounding spaces are
 * ignored. Throws an Error with a clear message for an empty value, more than 2 decimals, misplaced commas,
 * letters or anything else, and for amounts beyond the safe integer range.
 */
export function parseKesToCents(input: string): number {
  const trimmed = input.trim();
  if (trimmed === '') throw new Error('Amount is required');
  if (TOO_MANY_DECIMALS.test(trimmed)) {
    throw new Error(`Invalid amount "${input}": use at most 2 decimal places`);
  }
  const match = AMOUNT.exec(trimmed);
  if (match === null) {
    throw new Error(`Invalid amount "${input}": expected a number of shillings such as 1,234.50`);
  }
  const [, minus, whole = '', decimals = ''] = match;
  const digits = `${whole.replaceAll(',', '')}${decimals.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  const cents = Number(digits);
  if (!Number.isSafeInteger(cents)) throw new Error(`Invalid amount "${input}": the amount is too large`);
  return minus === undefined || cents === 0 ? cents : -cents;
}

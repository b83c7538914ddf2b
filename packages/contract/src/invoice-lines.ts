import { parseKesToCents } from './money';

/** One bill detail entry as the billing system sends it; `Amount` is in shillings (`'1500.50'`). */
export interface BillDetail {
  Amount: string | number | null | undefined;
  Description: string;
  Parcel?: string | null;
}

/** One printed invoice or receipt line: an amount in integer cents, the descriptions and how many there are. */
export interface BillingLine {
  amount: number;
  description: string;
  quantity: number;
}

/** How many description items fit on a continuation page (and on the first page). */
export const CONTINUATION_PAGE_ITEMS = 200;

/** What the descriptions of one line are joined with. */
export const DESCRIPTION_SEPARATOR = ', ';

/** True when a bill amount is missing: null, undefined, or a string that is empty or only whitespace. */
export function isEmptyAmount(amount: BillDetail['Amount']): amount is null | undefined | '' {
  return amount === null || amount === undefined || (typeof amount === 'string' && amount.trim() === '');
}

/**
 * Converts a bill amount in shillings to integer cents: `'1500.50'` → `150050`, `100` → `10000`,
 * `'1,500'` → `150000`. Strings are read by `parseKesToCents` (so `KES`/`Ksh` and thousands commas are
 * allowed); numbers by their shortest decimal text, so `1500.5` is exact and no float arithmetic is done.
 * Throws an Error naming the line for an empty amount or one that is not shillings with at most 2 decimals.
 */
export function billAmountToCents(amount: BillDetail['Amount'], description = ''): number {
  if (isEmptyAmount(amount)) throw new Error(`Bill line "${description}" has no amount`);
  try {
    return parseKesToCents(String(amount));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Bill line "${description}" has an invalid amount: ${reason}`, { cause: error });
  }
}

/**
 * The printable lines of a bill. Entries with an empty amount (null, undefined, '' or whitespace) are
 * dropped; the rest are grouped by amount, compared in cents so `'100'`, `100` and `'100.00'` are one group.
 * Each group gives one line, in order of first appearance: the amount in cents, the group's descriptions
 * (trimmed, blank ones left out) joined with `', '` (comma and space, readable on the page and split back
 * by {@link chunkDescription}), and the group's size as the quantity. `Parcel` plays no part. Throws when an
 * amount is not a valid number of shillings (see {@link billAmountToCents}) rather than print a wrong total.
 */
export function groupBillingLines(details: readonly BillDetail[]): BillingLine[] {
  const groups = new Map<number, { descriptions: string[]; quantity: number }>();
  for (const { Amount, Description } of details) {
    if (isEmptyAmount(Amount)) continue;
    const cents = billAmountToCents(Amount, Description);
    const group = groups.get(cents) ?? { descriptions: [], quantity: 0 };
    const description = String(Description ?? '').trim();
    if (description !== '') group.descriptions.push(description);
    group.quantity += 1;
    groups.set(cents, group);
  }
  return Array.from(groups, ([amount, { descriptions, quantity }]) => ({
    amount,
    description: descriptions.join(DESCRIPTION_SEPARATOR),
    quantity,
  }));
}

/**
 * Splits a line's description into its items (split on commas, trimmed, blank items dropped) and pages them:
 * chunks of at most `size` items, every chunk but the last exactly `size` long; the first chunk goes on the
 * first page, the others on continuation pages. An empty description gives no chunks. Throws a RangeError
 * when `size` is not a positive whole number.
 */
export function chunkDescription(description: string, size: number = CONTINUATION_PAGE_ITEMS): string[][] {
  if (!Number.isSafeInteger(size) || size < 1) {
    throw new RangeError(`Chunk size must be a positive whole number, got ${size}`);
  }
  const items = description
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const chunks: string[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

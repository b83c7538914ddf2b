import { DEFAULT_PAGE_LIMIT } from '@kaunti/contract/api-bills';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../errors';

/**
 * Pages of a list that grows (decision 038): `limit` items, newest first, after an opaque
 * `cursor`; the answer's `next_cursor` (null on the last page) is sent back for the next page.
 * The one way every such list pages: the list orders by a timestamp and a unique key, both
 * descending; the cursor carries the last item's position — the timestamp as the database wrote
 * it (its own precision, `::text`) and the key — so a page is the same whether items were added
 * since (they sort first), and whether the last item was changed or deleted meanwhile.
 */

/** What a caller asks for: at most `limit` items after `cursor`. */
export interface PageQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** A page: the items, and the cursor of the next page (null on the last). */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** The position of an item in its list: its timestamp, exactly as the database holds it. */
export interface Position {
  at: string;
  key: string;
}

/** The shape of a uuid key (the key of most lists). */
export const UUID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The timestamp column as text at the database's precision; select it beside each row. */
export const positionAt = (column: AnyColumn) => sql<string>`${column}::text`;

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/;

/** A cursor we did not give (or one for another list): a 400 that says to start again. */
const invalidCursor = () =>
  new AppError(
    400,
    'invalid_cursor',
    'This cursor is not one we gave for this list. Ask for the first page again, without a cursor.',
    [{ path: 'cursor', message: 'Not a cursor.' }],
  );

/** The position an opaque cursor names; `key` is the shape of this list's keys. */
export function positionOf(cursor: string | undefined, key: RegExp): Position | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string' ||
    !TIMESTAMP_TEXT.test(parsed[0]) ||
    !key.test(parsed[1])
  )
    throw invalidCursor();
  return { at: parsed[0], key: parsed[1] };
}

/** Which way a list runs: newest first (most lists), or oldest first (a back office's queue of work). */
export type PageOrder = 'newest first' | 'oldest first';

/** The rows after `position` in a list ordered by (`at`, `key`), both descending unless `order` says oldest first. */
export function after(
  at: AnyColumn,
  key: AnyColumn | SQL,
  position: Position | undefined,
  order: PageOrder = 'newest first',
): SQL | undefined {
  if (!position) return undefined;
  return order === 'oldest first'
    ? sql`(${at}, ${key}) > (${position.at}::timestamptz, ${position.key})`
    : sql`(${at}, ${key}) < (${position.at}::timestamptz, ${position.key})`;
}

/**
 * How one table's list, ordered by (`at` desc, `key` desc) — or both ascending for a list
 * `order`ed oldest first — reads a page: its size; the timestamp to select beside each row as
 * its position (`at`); the rows after the cursor's position (`after`); the order that condition
 * assumes (`orderBy`); and how many rows to read (`rows`: one more than the page, so `pageOf`
 * knows whether another follows). The order and the cursor's comparison come from one place, so
 * they cannot drift apart.
 */
export function pageRead(
  query: PageQuery,
  at: AnyColumn,
  key: AnyColumn,
  keyShape: RegExp,
  order: PageOrder = 'newest first',
) {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const by = order === 'oldest first' ? asc : desc;
  return {
    limit,
    at: positionAt(at),
    after: after(at, key, positionOf(query.cursor, keyShape), order),
    orderBy: [by(at), by(key)] as const,
    rows: limit + 1,
  };
}

/**
 * The page from `limit + 1` rows read in order: the first `limit`, and a cursor to the last of
 * them when there was one more.
 */
export function pageOf<R, T>(
  rows: R[],
  limit: number,
  positionOfRow: (row: R) => Position,
  toItem: (row: R) => T,
): Page<T> {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  const position = rows.length > limit && last ? positionOfRow(last) : undefined;
  return {
    data: shown.map(toItem),
    next_cursor: position
      ? Buffer.from(JSON.stringify([position.at, position.key])).toString('base64url')
      : null,
  };
}

/** An item with its position, read from one of several sources of one list. */
export interface Positioned<T> {
  position: Position;
  item: T;
}

const TIMESTAMP_PARTS =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?:([+-])(\d{2})(?::?(\d{2}))?|Z)?$/;

/** A timestamp as the database wrote it, in microseconds since 1970 (comparable across offsets). */
function microsOf(at: string): number {
  const m = TIMESTAMP_PARTS.exec(at);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s, fraction = '', sign, oh = '0', om = '0'] = m;
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return (ms - offsetMinutes * 60_000) * 1000 + Number(fraction.padEnd(6, '0'));
}

/**
 * A text key in byte order (`COLLATE "C"`), for a list read from several sources: the order
 * `byPositionDescending` merges them in, whatever the database's collation.
 */
export const byteOrder = (key: AnyColumn) => sql`${key} collate "C"`;

/** Newest first: by timestamp, then key (in byte order), both descending. */
export const byPositionDescending = (a: Position, b: Position): number =>
  microsOf(b.at) - microsOf(a.at) || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0);

/**
 * The page of a list read from several sources (each read `limit + 1` after the same position,
 * in the same order): merged in the list's order, then cut like `pageOf`.
 */
export function mergedPage<T>(sources: Positioned<T>[][], limit: number): Page<T> {
  const rows = sources.flat().sort((a, b) => byPositionDescending(a.position, b.position));
  return pageOf(
    rows.slice(0, limit + 1),
    limit,
    (r) => r.position,
    (r) => r.item,
  );
}

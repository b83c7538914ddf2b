import { services } from '@kaunti/catalogue/catalogue';
import { type Bill, type BillStatus, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '@kaunti/contract/api-bills';
import { and, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { coalesced } from '../../platform/db/coalesce';
import type { Db } from '../../platform/db/database';
import { after, type Page, type PageQuery, pageOf, positionAt, positionOf } from '../../platform/db/pages';
import { notFound } from '../../platform/errors';
import type { BillLanguage, BillRow } from './bill-types';
import { linesJson, maskedBill, presentBills, toApi } from './bill-views';
import { billRequests, bills } from './schema';

/** A user's bills read: a page of them, all of them, one of them, and bills as the API shows them. */
export function createBillReads(db: Db) {
  // A user's bills with their lines, newest first: the signed-in read every bills page makes.
  // Built once (on PostgreSQL a named statement parsed once per connection); a filtered list is
  // built each time.
  const listBills = (where: SQL, limit: number) =>
    db
      .select({ bill: bills, lines: linesJson, at: positionAt(bills.createdAt) })
      .from(bills)
      .where(where)
      .orderBy(desc(bills.createdAt), desc(bills.id))
      .limit(limit);
  // The unfiltered first page, the one every bills page asks: the users asked for at the same
  // moment are read together (platform/db/coalesce.ts), each user's newest 501 — the largest page
  // and one more, whatever page size each asked — in one round trip. One such
  // read at a time, of 50 users at most: fewer, larger statements cost less than two side by side
  // (measured: docs/performance.md), and 50 users bound how long the others wait for one.
  const listBillsOfUsers = db
    .select({ bill: bills, lines: linesJson, at: positionAt(bills.createdAt) })
    .from(bills)
    .where(
      sql`${bills.id} in (select newest.id from unnest(${sql.placeholder('userIds')}::uuid[]) as asked(user_id)
        cross join lateral (select b.id from ${bills} b where b.user_id = asked.user_id
          order by b.created_at desc, b.id desc limit ${sql.raw(String(MAX_PAGE_LIMIT + 1))}) newest)`,
    )
    .orderBy(desc(bills.createdAt), desc(bills.id))
    .prepare('kaunti_list_bills_of_users');
  type ListedRow = Awaited<ReturnType<typeof listBillsOfUsers.execute>>[number];
  const listAllBills = coalesced(
    async (userIds: readonly string[]) => {
      const byUser = new Map<string, ListedRow[]>();
      for (const row of await listBillsOfUsers.execute({ userIds })) {
        const userId = row.bill.userId as string;
        const list = byUser.get(userId);
        if (list) list.push(row);
        else byUser.set(userId, [row]);
      }
      return byUser;
    },
    [] as ListedRow[],
    { concurrency: 1, maxItems: 50 },
  );

  /** A bill's key in a page's cursor: its id. */
  const BILL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  /** The user's bills, by status and service area. */
  function billFilter(
    userId: string,
    filter: { status?: BillStatus | undefined; area?: string | undefined },
  ) {
    const where: SQL[] = [eq(bills.userId, userId)];
    if (filter.status) where.push(eq(bills.status, filter.status));
    if (filter.area) {
      const ids = services.filter((s) => s.area === filter.area).map((s) => s.id);
      where.push(ids.length > 0 ? inArray(bills.serviceId, ids) : sql`false`);
    }
    return where;
  }

  return {
    /** The user's bills, newest first, a page at a time (`platform/db/pages.ts`). */
    async listForUser(
      userId: string,
      filter: { status?: BillStatus | undefined; area?: string | undefined } & PageQuery = {},
      language: BillLanguage = 'en',
    ): Promise<Page<Bill>> {
      const limit = filter.limit ?? DEFAULT_PAGE_LIMIT;
      const position = positionOf(filter.cursor, BILL_ID);
      // The bills with their lines in one round trip: each bill's lines as a JSON array, in order.
      const rows =
        !filter.status && !filter.area && !position
          ? (await listAllBills(userId)).slice(0, limit + 1)
          : await listBills(
              and(...billFilter(userId, filter), after(bills.createdAt, bills.id, position))!,
              limit + 1,
            );
      return pageOf(
        rows,
        limit,
        (r) => ({ at: r.at, key: r.bill.id }),
        (r) => toApi(r.bill, r.lines, language),
      );
    },

    /**
     * The user's newest 500 bills, whole (what the obligations view and USSD add up), newest
     * first; no page.
     */
    async allForUser(userId: string, language: BillLanguage = 'en'): Promise<Bill[]> {
      return (await listAllBills(userId))
        .slice(0, MAX_PAGE_LIMIT)
        .map(({ bill, lines }) => toApi(bill, lines, language));
    },

    /**
     * One of the user's bills, or one on another account they asked for (its owner's name masked
     * as when they asked); anyone else's (or no) bill is a 404.
     */
    async getForUser(userId: string, billNo: string, language: BillLanguage = 'en'): Promise<Bill> {
      const [found] = await db
        .select({ bill: bills, masked: billRequests.masked })
        .from(bills)
        .leftJoin(billRequests, and(eq(billRequests.billId, bills.id), eq(billRequests.userId, userId)))
        .where(
          and(
            eq(bills.billNo, billNo.trim().toUpperCase()),
            or(eq(bills.userId, userId), isNotNull(billRequests.id)),
          ),
        )
        .limit(1);
      if (!found) throw notFound('We could not find that bill.');
      const [bill] = await presentBills(db, [found.bill], language);
      return found.bill.userId !== userId && found.masked !== false ? maskedBill(bill!) : bill!;
    },

    async present(rows: BillRow[], language: BillLanguage = 'en'): Promise<Bill[]> {
      return presentBills(db, rows, language);
    },

    /** A bill by number as the API shows it, its lines in `language`; undefined when there is none. */
    async presentByNo(billNo: string, language: BillLanguage = 'en'): Promise<Bill | undefined> {
      const [row] = await db.select().from(bills).where(eq(bills.billNo, billNo)).limit(1);
      return row ? (await presentBills(db, [row], language))[0] : undefined;
    },
  };
}

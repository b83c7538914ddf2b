import type { WaitingEntry } from '@kaunti/contract/api-estates';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { IssuingListener } from '../../core/applications/application-transitions';
import { applications } from '../../core/applications/schema';
import type { Db } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead } from '../../platform/db/pages';
import { estates } from './schema';
import {
  APPLICATION_NO_KEY,
  notAllocated,
  ON_THE_LIST,
  onWaitingList,
  PROPERTY_MANAGEMENT,
} from './waiting-list';

/** An applicant's places on the county's waiting lists, now and as the letter prints it. */
export function createWaitingPlaces(db: Db) {
  const onList = onWaitingList;

  /** An application's place on its waiting list now: one after those on it made before it. */
  async function placeOf(on: Db, row: { id: string; values: Record<string, unknown> }): Promise<number> {
    const [ahead] = await on
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(
        and(
          onList(String(row.values.estate ?? ''), String(row.values.unit_use ?? ''), ON_THE_LIST),
          sql`(${applications.createdAt}, ${applications.applicationNo}) < (select a.created_at, a.application_no from ${applications} a where a.id = ${row.id})`,
        ),
      );
    return Number(ahead?.n ?? 0) + 1;
  }

  /** The letter of an application for allocation prints its place on the list as it is issued. */
  const placeOnIssue: IssuingListener = async (tx, { row }) => {
    const values = (row.values as Record<string, unknown> | null) ?? {};
    if (row.serviceId !== PROPERTY_MANAGEMENT || values.request !== 'allocation') return undefined;
    return { waiting_place: String(await placeOf(tx, { id: row.id, values })) };
  };

  return {
    placeOnIssue,

    /**
     * The caller's places on the county's waiting lists (decision 036): each paid application for
     * allocation, and its place now — one after the paid applications of the same estate and kind
     * of unit made before it, in the order they were made; a page at a time (`platform/db/pages.ts`),
     * each place worked out for the page's applications only.
     */
    async waitingList(userId: string, page: PageQuery = {}): Promise<Page<WaitingEntry>> {
      const read = pageRead(
        page,
        applications.createdAt,
        applications.applicationNo,
        APPLICATION_NO_KEY,
        'oldest first',
      );
      const mine = await db
        .select({ row: applications, at: read.at })
        .from(applications)
        .where(
          and(
            eq(applications.userId, userId),
            eq(applications.serviceId, PROPERTY_MANAGEMENT),
            sql`${applications.values}->>'request' = 'allocation'`,
            inArray(applications.status, [...ON_THE_LIST]),
            // Allocated a house: off the list (the tenancy is on /properties).
            notAllocated,
            read.after,
          ),
        )
        .orderBy(...read.orderBy)
        .limit(read.rows);
      const shown = pageOf(
        mine,
        read.limit,
        (r) => ({ at: r.at, key: r.row.applicationNo }),
        (r) => r.row,
      );
      const names = new Map(
        (await db.select({ code: estates.code, name: estates.name }).from(estates)).map((e) => [
          e.code,
          e.name,
        ]),
      );
      const data = await Promise.all(
        shown.data.map(async (row) => {
          const estate = String(row.values.estate ?? '');
          const use = String(row.values.unit_use ?? '') as WaitingEntry['unit_use'];
          return {
            application_no: row.applicationNo,
            estate: names.get(estate) ?? row.valueLabels.estate ?? estate,
            estate_code: estate,
            unit_use: use,
            place: await placeOf(db, row),
            status: row.status,
          };
        }),
      );
      return { ...shown, data };
    },
  };
}

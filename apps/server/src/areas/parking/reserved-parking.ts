import type { ReservedParkingApplication } from '@kaunti/contract/api-parking';
import { and, count, eq, inArray } from 'drizzle-orm';
import { applicationComments, applications } from '../../core/applications/schema';
import { documents } from '../../core/documents/schema';
import type { Db } from '../../platform/db/database';
import { type PageQuery, pageOf, pageRead } from '../../platform/db/pages';

/** The shape of an application number, for the list's cursor. */
const APPLICATION_NO_KEY = /^[A-Z0-9-]{1,40}$/;

/**
 * The user's reserved parking applications as the spec's `reservedparkingapplication` lists them,
 * newest first, a page at a time (`platform/db/pages.ts`): the page is read first, then only its
 * applications' comments and documents counted.
 */
export function createReservedParking(deps: { db: Db }) {
  const { db } = deps;
  return {
    async mine(
      userId: string,
      page: PageQuery = {},
    ): Promise<{ reservedparkingapplication: ReservedParkingApplication[]; next_cursor: string | null }> {
      const read = pageRead(page, applications.createdAt, applications.applicationNo, APPLICATION_NO_KEY);
      const found = await db
        .select({ row: applications, at: read.at })
        .from(applications)
        .where(
          and(eq(applications.userId, userId), eq(applications.serviceId, 'reserved-parking'), read.after),
        )
        .orderBy(...read.orderBy)
        .limit(read.rows);
      const shown = pageOf(
        found,
        read.limit,
        (r) => ({ at: r.at, key: r.row.applicationNo }),
        (r) => r.row,
      );
      return { reservedparkingapplication: await present(shown.data), next_cursor: shown.next_cursor };
    },
  };

  async function present(rows: (typeof applications.$inferSelect)[]): Promise<ReservedParkingApplication[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const numbers = rows.map((r) => r.applicationNo);
    const [counts, issued] = await Promise.all([
      db
        .select({ applicationId: applicationComments.applicationId, n: count() })
        .from(applicationComments)
        .where(inArray(applicationComments.applicationId, ids))
        .groupBy(applicationComments.applicationId),
      db
        .select({ number: documents.number, subject: documents.subject })
        .from(documents)
        .where(inArray(documents.subject, numbers)),
    ]);
    return rows.map((row) => {
      const v = row.values as Record<string, unknown>;
      const plates = Array.isArray(v.vehicles)
        ? (v.vehicles as Record<string, unknown>[]).map((e) => String(e.plate))
        : [];
      return {
        application_no: row.applicationNo,
        status: row.status,
        organisation_name: String(v.organisation_name ?? ''),
        place: String(v.place ?? ''),
        bays: Number(v.bays ?? 0),
        period: String(v.period_text ?? ''),
        plates,
        fee_cents: row.feeCents,
        bill_no: row.billNo,
        submitted_at: row.createdAt.toISOString(),
        comments: Number(counts.find((c) => c.applicationId === row.id)?.n ?? 0),
        document_no: issued.find((d) => d.subject === row.applicationNo)?.number ?? null,
      };
    });
  }
}
export type ReservedParking = ReturnType<typeof createReservedParking>;

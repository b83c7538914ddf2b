import type { Application, ApplicationDetail, ApplicationStatus } from '@kaunti/contract/api-applications';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { type Page, pageOf, pageRead } from '../../platform/db/pages';
import { type ApplicationMoney, moneyOf, paidTowards } from './application-money';
import { applications } from './schema';

type ApplicationRow = typeof applications.$inferSelect;

import type { ApplicationParts } from './application-types';

/** The applicant's reads: a page of their applications, one in full, and an application's money. */
export function createApplicationReads(deps: ApplicationParts) {
  const { db } = deps;
  const { toApi, detail, findOwned } = deps.views;
  return {
    /** The user's applications, newest first. */
    async list(
      userId: string,
      filter: {
        status?: ApplicationStatus | undefined;
        serviceId?: string | undefined;
        limit?: number | undefined;
        cursor?: string | undefined;
      } = {},
    ): Promise<Page<Application>> {
      const where: (SQL | undefined)[] = [eq(applications.userId, userId)];
      if (filter.status) where.push(eq(applications.status, filter.status));
      if (filter.serviceId) where.push(eq(applications.serviceId, filter.serviceId));
      const read = pageRead(filter, applications.createdAt, applications.applicationNo, /^[A-Z0-9-]{1,40}$/);
      where.push(read.after);
      const found = await db
        .select({ row: applications, at: read.at })
        .from(applications)
        .where(and(...where))
        .orderBy(...read.orderBy)
        .limit(read.rows);
      const issued = await deps.documents.findMany(
        found
          .slice(0, read.limit)
          .filter((r) => r.row.status === 'issued')
          .map((r) => r.row.applicationNo),
      );
      return pageOf(
        found,
        read.limit,
        (r) => ({ at: r.at, key: r.row.applicationNo }),
        (r) => toApi(r.row, issued.get(r.row.applicationNo) ?? null),
      );
    },

    /** One of the user's applications with its history and bill; anyone else's is a 404. */
    async get(userId: string, applicationNo: string): Promise<ApplicationDetail> {
      return detail(await findOwned(userId, applicationNo));
    },

    /** An application's price, what was paid towards it, the balance and any refund due. */
    async money(row: ApplicationRow, on: Db = db): Promise<ApplicationMoney> {
      return moneyOf(row, await paidTowards(on, row.id));
    },
  };
}

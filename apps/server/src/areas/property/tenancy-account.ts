import type { AccountLanguage } from '@kaunti/contract/api-accounts';
import type { Bill } from '@kaunti/contract/api-bills';
import type { Tenancy, TenancyDetail } from '@kaunti/contract/api-estates';
import { and, eq, isNull } from 'drizzle-orm';
import { type Page, type PageQuery, pageOf, pageRead } from '../../platform/db/pages';
import type { EstatesParts } from './estates-types';
import { tenancies } from './schema';
import { tenancyNotFound } from './tenancy-reads';
import { openRentIn } from './waiting-list';

/** The shape of a tenancy number, for the list's cursor. */
const TENANCY_NO_KEY = /^[A-Z0-9/-]{1,30}$/;

/** The tenant's own tenancies: their rent opened, listed, shown with the statement, and billed. */
export function createTenancyAccount(deps: EstatesParts) {
  const { db, standing } = deps;
  const { rows, rowsIn, tenancyOf, own } = deps.reads;
  return {
    /**
     * Opens the rent (a standing obligation) of every active tenancy that has none yet, from its
     * `rent_from` month; answers how many were opened. Run at start-up (after the seed) and after a
     * tenancy is created; opening twice answers the one there is (the core's unique kind+reference).
     */
    async openRents(): Promise<number> {
      const waiting = await rows(and(isNull(tenancies.obligationId), eq(tenancies.status, 'active')));
      for (const row of waiting)
        await db.transaction((tx) => openRentIn(tx, standing, { ...row, estate: row.estate }));
      return waiting.length;
    },

    /**
     * The caller's tenancies with their rent and balance, newest first, a page at a time
     * (`platform/db/pages.ts`): the page is read first, then only its tenancies' ledgers worked out.
     */
    async list(
      userId: string,
      page: PageQuery = {},
      language: AccountLanguage = 'en',
    ): Promise<Page<Tenancy>> {
      const read = pageRead(page, tenancies.createdAt, tenancies.tenancyNo, TENANCY_NO_KEY);
      const mine = await rowsIn(and(eq(tenancies.userId, userId), read.after))
        .orderBy(...read.orderBy)
        .limit(read.rows);
      const shown = pageOf(
        mine,
        read.limit,
        (r) => ({ at: r.at, key: r.tenancyNo }),
        (r) => r,
      );
      return {
        ...shown,
        data: await Promise.all(shown.data.map(async (row) => (await tenancyOf(row, language)).tenancy)),
      };
    },

    /** One of the caller's tenancies with its statement (month by month) and payments. */
    async detail(
      userId: string,
      tenancyNo: string,
      language: AccountLanguage = 'en',
    ): Promise<TenancyDetail> {
      const { tenancy, summary } = await tenancyOf(await own(userId, tenancyNo), language);
      return { ...tenancy, ...standing.history(summary?.ledger) };
    },

    /** A bill of the tenancy's balance and `months` months ahead (the core's billFor), in the asker's language. */
    async bill(
      userId: string,
      tenancyNo: string,
      months: number,
      requestId?: string,
      language: 'en' | 'sw' = 'en',
    ): Promise<Bill> {
      const row = await own(userId, tenancyNo);
      if (!row.obligationId) throw tenancyNotFound();
      return standing.billFor(row.obligationId, months, { type: 'user', id: userId }, requestId, language);
    },
  };
}

import type { Bill } from '@kaunti/contract/api-bills';
import type { Stall, StallDetail, StallType, VacantStall } from '@kaunti/contract/api-markets';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { StandingChargeService } from '../../core/bills/standing-charges';
import type { ReferenceItems } from '../../core/county/reference-items';
import type { Db } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead, UUID_KEY } from '../../platform/db/pages';
import { marketStalls, stallAllocations } from './schema';
import type { StallReads } from './stall-reads';
import { stallNotFound } from './stall-terms';

/** The stalls' reads for the trader and the forms, the rents opened, and a stall's bill. */
export function createStallAccount(
  deps: { db: Db; standing: StandingChargeService; references: ReferenceItems },
  reads: StallReads,
) {
  const { db, standing, references } = deps;
  const { marketsByCode, vacant, rowsIn, stallOf, own, openRent } = reads;
  return {
    /**
     * Opens the rent of every active allocation that has none yet (the seed's), from its
     * `rent_from` month; answers how many were opened. Run at start-up; idempotent.
     */
    async openRents(): Promise<number> {
      const waiting = await db
        .select()
        .from(stallAllocations)
        .innerJoin(marketStalls, eq(marketStalls.stallNo, stallAllocations.stallNo))
        .where(and(isNull(stallAllocations.obligationId), eq(stallAllocations.status, 'active')));
      if (waiting.length === 0) return 0;
      const markets = await marketsByCode();
      for (const { stall_allocations: allocation, market_stalls: stall } of waiting)
        await db.transaction((tx) =>
          openRent(tx, allocation, stall, markets.get(stall.marketCode)?.name ?? stall.marketCode),
        );
      return waiting.length;
    },

    /** The markets that let stalls, with how many are vacant. */
    async stallMarkets(language: 'en' | 'sw') {
      const counts = await db
        .select({
          marketCode: marketStalls.marketCode,
          vacant: sql<number>`count(*) filter (where ${stallAllocations.id} is null)::int`,
        })
        .from(marketStalls)
        .leftJoin(
          stallAllocations,
          and(eq(stallAllocations.stallNo, marketStalls.stallNo), eq(stallAllocations.status, 'active')),
        )
        .groupBy(marketStalls.marketCode);
      const vacantOf = new Map(counts.map((c) => [c.marketCode, Number(c.vacant)]));
      const items = (await references.items('markets')) ?? [];
      return items
        .filter((item) => vacantOf.has(item.code))
        .map((item) => ({
          code: item.code,
          name: language === 'sw' ? item.name_sw : item.name,
          sub_county: String(item.sub_county ?? ''),
          vacant: vacantOf.get(item.code) ?? 0,
        }));
    },

    /** A market's vacant stalls of a kind, lowest number first (the next one allocated). */
    async vacantStalls(marketCode: string, stallType: StallType): Promise<VacantStall[]> {
      return (await vacant(db, marketCode.trim().toUpperCase(), stallType)).map((s) => ({
        stall_no: s.stallNo,
        stall_type: s.stallType,
        monthly_rent_cents: s.monthlyRentCents,
      }));
    },

    /**
     * The caller's stalls with their rent and balance, newest first, a page at a time
     * (`platform/db/pages.ts`): the page is read first, then only its stalls' ledgers worked out.
     */
    async list(userId: string, page: PageQuery, language: 'en' | 'sw'): Promise<Page<Stall>> {
      const read = pageRead(page, stallAllocations.createdAt, stallAllocations.id, UUID_KEY);
      const [mine, markets] = await Promise.all([
        rowsIn(and(eq(stallAllocations.userId, userId), read.after))
          .orderBy(...read.orderBy)
          .limit(read.rows),
        marketsByCode(),
      ]);
      const shown = pageOf(
        mine,
        read.limit,
        (r) => ({ at: r.at, key: r.id }),
        (r) => r,
      );
      return {
        ...shown,
        data: await Promise.all(shown.data.map(async (row) => (await stallOf(row, language, markets)).stall)),
      };
    },

    /** One of the caller's stalls with its statement (month by month) and payments. */
    async detail(userId: string, stallNo: string, language: 'en' | 'sw'): Promise<StallDetail> {
      const { stall, summary } = await stallOf(await own(userId, stallNo), language, await marketsByCode());
      return { ...stall, ...standing.history(summary?.ledger) };
    },

    /** A bill of the stall's balance and `months` months ahead (the core's billFor), in the asker's language. */
    async bill(
      userId: string,
      stallNo: string,
      months: number,
      requestId?: string,
      language: 'en' | 'sw' = 'en',
    ): Promise<Bill> {
      const row = await own(userId, stallNo);
      if (!row.obligationId) throw stallNotFound();
      return standing.billFor(row.obligationId, months, { type: 'user', id: userId }, requestId, language);
    },
  };
}

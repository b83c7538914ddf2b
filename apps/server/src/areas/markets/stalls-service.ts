import type { Bill } from '@kaunti/contract/api-bills';
import type { Stall, StallDetail, StallType, VacantStall } from '@kaunti/contract/api-markets';
import { formatKes } from '@kaunti/contract/money';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import type { IssuingListener } from '../../core/applications/application-transitions';
import type { AreaValidator } from '../../core/applications/submission-checks';
import { recordAudit } from '../../core/audit/audit';
import { kenyaDate, kenyaToday } from '../../core/bills/kenya-date';
import type { StandingChargeService } from '../../core/bills/standing-charges';
import { addMonths, periodOf } from '../../core/bills/standing-rule';
import type { ReferenceItems } from '../../core/county/reference-items';
import { referenceItems } from '../../core/county/schema';
import type { Db } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead, positionAt, UUID_KEY } from '../../platform/db/pages';
import { conflict, notFound } from '../../platform/errors';
import { marketStalls, STALL_TYPES, stallAllocations } from './schema';

/** The standing obligations of stall rent carry this kind; their reference is the allocation's id. */
export const STALL_RENT = 'stall-rent';
/** The catalogue service that applies for a stall (services/markets/market-stalls). */
export const STALL_SERVICE = 'market-stalls';
/** Stall rent is due by the 10th of each month; a month unpaid after it adds 5% of what is unpaid (once). */
export const STALL_RENT_DUE_DAY = 10;
export const STALL_RENT_PENALTY_PPM = 50_000;

const STALL_WORDS: Record<StallType, string> = {
  'open-space': 'open space',
  kiosk: 'kiosk',
  'lock-up': 'lock-up stall',
  'cold-room': 'cold room',
};

/**
 * The first month a stall allocated today owes: this month when its due day is still to come,
 * else the next (a stall let on the 29th is never late for a month it had one day of).
 */
export function firstRentMonth(today: { year: number; month: number; day: number }): string {
  const current = periodOf(today.year, today.month);
  return today.day <= STALL_RENT_DUE_DAY ? current : addMonths(current, 1);
}

const stallNotFound = () => notFound('We could not find that stall on your account.');
const isStallType = (value: unknown): value is StallType =>
  typeof value === 'string' && (STALL_TYPES as readonly string[]).includes(value);

/**
 * Market stalls (decision 035): the county's stalls and whether each is vacant, the allocation of
 * one when a stall application is issued, and the trader's stalls with their rent — a standing
 * obligation of the bills core (decision 028): months, penalties, balance and statement are the
 * core's; this area only says whose stall is whose. Every read and bill of a stall is limited to
 * the caller's account: another's is a 404, never a 403.
 */
export function createStalls({
  db,
  standing,
  references,
}: {
  db: Db;
  standing: StandingChargeService;
  references: ReferenceItems;
}) {
  /** The markets list's items (the catalogue's `markets`), by code. */
  async function marketsByCode() {
    const items = (await references.items('markets')) ?? [];
    return new Map(items.map((item) => [item.code, item]));
  }

  /** The vacant stalls of a kind at a market, lowest number first. */
  async function vacant(on: Db, marketCode: string, stallType: StallType) {
    return on
      .select({
        stallNo: marketStalls.stallNo,
        stallType: marketStalls.stallType,
        monthlyRentCents: marketStalls.monthlyRentCents,
      })
      .from(marketStalls)
      .leftJoin(
        stallAllocations,
        and(eq(stallAllocations.stallNo, marketStalls.stallNo), eq(stallAllocations.status, 'active')),
      )
      .where(
        and(
          eq(marketStalls.marketCode, marketCode),
          eq(marketStalls.stallType, stallType),
          isNull(stallAllocations.id),
        ),
      )
      .orderBy(asc(marketStalls.position), asc(marketStalls.stallNo));
  }

  /** Stalls held (`rows`: by stall number; `rowsIn`: in the order the caller gives, with each one's position). */
  const rows = (where: ReturnType<typeof and>) => rowsIn(where).orderBy(asc(stallAllocations.stallNo));
  const rowsIn = (where: ReturnType<typeof and>) =>
    db
      .select({
        id: stallAllocations.id,
        at: positionAt(stallAllocations.createdAt),
        stallNo: stallAllocations.stallNo,
        traderName: stallAllocations.traderName,
        goodsSold: stallAllocations.goodsSold,
        applicationNo: stallAllocations.applicationNo,
        allocatedOn: stallAllocations.allocatedOn,
        obligationId: stallAllocations.obligationId,
        marketCode: marketStalls.marketCode,
        stallType: marketStalls.stallType,
        monthlyRentCents: marketStalls.monthlyRentCents,
      })
      .from(stallAllocations)
      .innerJoin(marketStalls, eq(marketStalls.stallNo, stallAllocations.stallNo))
      .where(and(eq(stallAllocations.status, 'active'), where))
      .$dynamic();
  type Row = Awaited<ReturnType<typeof rows>>[number];

  async function stallOf(
    row: Row,
    language: 'en' | 'sw',
    markets: Awaited<ReturnType<typeof marketsByCode>>,
  ) {
    const obligation = row.obligationId ? (await standing.listByIds([row.obligationId]))[0] : undefined;
    const summary = obligation ? await standing.summary(obligation) : undefined;
    const market = markets.get(row.marketCode);
    const stall: Stall = {
      stall_no: row.stallNo,
      market_code: row.marketCode,
      market: (language === 'sw' ? market?.name_sw : market?.name) ?? row.marketCode,
      sub_county: String(market?.sub_county ?? ''),
      stall_type: row.stallType,
      goods_sold: row.goodsSold,
      trader_name: row.traderName,
      allocated_on: row.allocatedOn,
      application_no: row.applicationNo,
      monthly_rent_cents: row.monthlyRentCents,
      balance_cents: summary?.balanceCents ?? 0,
      credit_cents: summary?.creditCents ?? 0,
      months_in_arrears: summary?.monthsInArrears ?? 0,
    };
    return { stall, summary };
  }

  async function own(userId: string, stallNo: string): Promise<Row> {
    const [row] = await rows(
      and(eq(stallAllocations.stallNo, stallNo.trim().toUpperCase()), eq(stallAllocations.userId, userId)),
    );
    if (!row) throw stallNotFound();
    return row;
  }

  /** Opens the rent of an allocation (its standing obligation) in the caller's transaction. */
  async function openRent(
    tx: Db,
    allocation: { id: string; stallNo: string; userId: string | null; traderName: string; rentFrom: string },
    stall: { marketCode: string; monthlyRentCents: number },
    marketName: string,
  ) {
    const obligation = await standing.open(tx, {
      kind: STALL_RENT,
      reference: allocation.id,
      userId: allocation.userId,
      customerName: allocation.traderName,
      description: `Stall rent, ${marketName} stall ${allocation.stallNo}`,
      amountCents: stall.monthlyRentCents,
      startPeriod: allocation.rentFrom,
      dueDay: STALL_RENT_DUE_DAY,
      penaltyPpm: STALL_RENT_PENALTY_PPM,
      actor: { type: 'system' },
    });
    await tx
      .update(stallAllocations)
      .set({ obligationId: obligation.id })
      .where(eq(stallAllocations.id, allocation.id));
    return obligation;
  }

  /** A stall application names a market that lets stalls of that kind, with one vacant now (else a field error). */
  const validateApplication: AreaValidator = async ({ service, values }) => {
    if (service.id !== STALL_SERVICE) return [];
    const marketCode = String(values.market_code ?? '');
    if (!isStallType(values.stall_type)) return [];
    const free = await vacant(db, marketCode, values.stall_type);
    if (free.length === 0)
      return [
        {
          path: 'stall_type',
          message: `No ${STALL_WORDS[values.stall_type]} is vacant at this market now. Please choose another kind of stall or another market.`,
        },
      ];
    return [];
  };

  /**
   * An issued stall application is allocated the lowest-numbered vacant stall of its kind at its
   * market (locked, so two officers issuing at once never take the same one; the partial unique
   * index holds it too), whose rent opens from this month and is raised at once. Answers the
   * stall's number and rent, which the allocation letter prints. None vacant: the issue is refused.
   */
  const allocateIssued: IssuingListener = async (tx, { row, actor }) => {
    if (row.serviceId !== STALL_SERVICE) return undefined;
    const values = (row.values as Record<string, unknown> | null) ?? {};
    const marketCode = String(values.market_code ?? '');
    const stallType = values.stall_type;
    if (!isStallType(stallType))
      throw conflict('This application does not name a kind of stall.', 'no_stall_vacant');
    const [free] = await tx
      .select({ stallNo: marketStalls.stallNo, monthlyRentCents: marketStalls.monthlyRentCents })
      .from(marketStalls)
      .where(
        and(
          eq(marketStalls.marketCode, marketCode),
          eq(marketStalls.stallType, stallType),
          sql`not exists (select 1 from ${stallAllocations} a where a.stall_no = ${marketStalls.stallNo} and a.status = 'active')`,
        ),
      )
      .orderBy(asc(marketStalls.position), asc(marketStalls.stallNo))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!free)
      throw conflict(
        `No ${STALL_WORDS[stallType]} is vacant at this market now, so no stall can be allocated. Reject the application with that reason.`,
        'no_stall_vacant',
      );
    const [user] = await tx
      .select({ firstName: users.firstName, middleName: users.middleName, surName: users.surName })
      .from(users)
      .where(eq(users.id, row.userId));
    const traderName =
      [user?.firstName, user?.middleName, user?.surName].filter(Boolean).join(' ') || 'Trader';
    const rentFrom = firstRentMonth(kenyaToday());
    const [allocation] = await tx
      .insert(stallAllocations)
      .values({
        stallNo: free.stallNo,
        userId: row.userId,
        traderName,
        goodsSold: String(values.goods_sold ?? ''),
        applicationNo: row.applicationNo,
        allocatedOn: kenyaDate(),
        rentFrom,
      })
      .returning();
    // In the issuing transaction (never another connection: it may be the only one).
    const [market] = await tx
      .select({ name: referenceItems.name })
      .from(referenceItems)
      .where(and(eq(referenceItems.list, 'markets'), eq(referenceItems.code, marketCode)));
    const obligation = await openRent(
      tx,
      { ...allocation!, rentFrom },
      { marketCode, monthlyRentCents: free.monthlyRentCents },
      market?.name ?? marketCode,
    );
    await standing.raiseNow(tx, obligation.id);
    await recordAudit(tx, {
      actor,
      entityType: 'market_stall',
      entityId: free.stallNo,
      action: 'allocated',
      toState: 'active',
      data: {
        application_no: row.applicationNo,
        user_id: row.userId,
        monthly_rent_cents: free.monthlyRentCents,
      },
    });
    return { stall_no: free.stallNo, monthly_rent: formatKes(free.monthlyRentCents) };
  };

  return {
    validateApplication,
    allocateIssued,

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
      return {
        ...stall,
        statement: summary ? standing.statement(summary.ledger) : [],
        payments: (summary?.ledger.payments ?? []).map((p) => ({
          amount_cents: p.amountCents,
          bill_no: p.billNo,
          reference: p.reference,
          paid_at: p.paidAt.toISOString(),
        })),
      };
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

export type Stalls = ReturnType<typeof createStalls>;

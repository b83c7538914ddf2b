import type { Stall, StallType } from '@kaunti/contract/api-markets';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { StandingChargeService } from '../../core/bills/standing-charges';
import type { ReferenceItems } from '../../core/county/reference-items';
import type { Db } from '../../platform/db/database';
import { positionAt } from '../../platform/db/pages';
import { marketStalls, stallAllocations } from './schema';
import { STALL_RENT, STALL_RENT_DUE_DAY, STALL_RENT_PENALTY_PPM, stallNotFound } from './stall-terms';

/** The markets that let stalls, a market's vacant stalls, and the stalls held with their rent. */
export function createStallReads({
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

  return { marketsByCode, vacant, rows, rowsIn, stallOf, own, openRent };
}
export type StallReads = ReturnType<typeof createStallReads>;

import type { Bill } from '@kaunti/contract/api-bills';
import type { Tenancy, TenancyDetail } from '@kaunti/contract/api-estates';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { StandingChargeService } from '../../core/bills/standing-charges';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { estateHouses, estates, tenancies } from './schema';

/** The standing obligations of county rent carry this kind; their reference is the tenancy number. */
export const COUNTY_RENT = 'county-rent';

const tenancyNotFound = () => notFound('We could not find that tenancy on your account.');

/**
 * County estates (decision 034): a tenant's tenancies and their rent. The rent is a standing
 * obligation of the bills core (decision 028): its months, penalties, balance and statement are
 * the core's; this area only says which obligation is whose. Every read and bill is limited to
 * the tenancies the caller's account holds: another's is a 404, never a 403 (it does not say the
 * number exists).
 */
export function createEstatesService({ db, standing }: { db: Db; standing: StandingChargeService }) {
  const rows = (where: ReturnType<typeof and>) =>
    db
      .select({
        tenancyNo: tenancies.tenancyNo,
        userId: tenancies.userId,
        tenantName: tenancies.tenantName,
        startDate: tenancies.startDate,
        rentFrom: tenancies.rentFrom,
        status: tenancies.status,
        obligationId: tenancies.obligationId,
        estate: estates.name,
        subCountyCode: estates.subCountyCode,
        dueDay: estates.dueDay,
        penaltyPpm: estates.penaltyPpm,
        block: estateHouses.block,
        houseNo: estateHouses.houseNo,
        use: estateHouses.use,
        size: estateHouses.size,
        monthlyRentCents: estateHouses.monthlyRentCents,
      })
      .from(tenancies)
      .innerJoin(estateHouses, eq(estateHouses.id, tenancies.houseId))
      .innerJoin(estates, eq(estates.code, estateHouses.estateCode))
      .where(where)
      .orderBy(asc(tenancies.tenancyNo));
  type Row = Awaited<ReturnType<typeof rows>>[number];

  async function tenancyOf(row: Row) {
    const obligation = row.obligationId ? (await standing.listByIds([row.obligationId]))[0] : undefined;
    const summary = obligation ? await standing.summary(obligation) : undefined;
    const tenancy: Tenancy = {
      tenancy_no: row.tenancyNo,
      estate: row.estate,
      block: row.block,
      house_no: row.houseNo,
      unit_type: `${row.use}, ${row.size}`,
      tenant_name: row.tenantName,
      start_date: row.startDate,
      status: row.status,
      monthly_rent_cents: row.monthlyRentCents,
      balance_cents: summary?.balanceCents ?? 0,
      credit_cents: summary?.creditCents ?? 0,
      months_in_arrears: summary?.monthsInArrears ?? 0,
    };
    return { tenancy, summary };
  }

  async function own(userId: string, tenancyNo: string): Promise<Row> {
    const [row] = await rows(and(eq(tenancies.tenancyNo, tenancyNo), eq(tenancies.userId, userId)));
    if (!row) throw tenancyNotFound();
    return row;
  }

  return {
    /**
     * Opens the rent (a standing obligation) of every active tenancy that has none yet, from its
     * `rent_from` month; answers how many were opened. Run at start-up (after the seed) and after a
     * tenancy is created; opening twice answers the one there is (the core's unique kind+reference).
     */
    async openRents(): Promise<number> {
      const waiting = await rows(and(isNull(tenancies.obligationId), eq(tenancies.status, 'active')));
      for (const row of waiting) {
        await db.transaction(async (tx) => {
          const obligation = await standing.open(tx, {
            kind: COUNTY_RENT,
            reference: row.tenancyNo,
            userId: row.userId,
            customerName: row.tenantName,
            description: `County rent, ${row.estate} house ${row.houseNo}`,
            amountCents: row.monthlyRentCents,
            startPeriod: row.rentFrom,
            dueDay: row.dueDay,
            penaltyPpm: row.penaltyPpm,
            subCountyCode: row.subCountyCode,
            actor: { type: 'system' },
          });
          await tx
            .update(tenancies)
            .set({ obligationId: obligation.id })
            .where(eq(tenancies.tenancyNo, row.tenancyNo));
        });
      }
      return waiting.length;
    },

    /** The caller's tenancies with their rent and balance. */
    async list(userId: string): Promise<Tenancy[]> {
      const own = await rows(eq(tenancies.userId, userId));
      return Promise.all(own.map(async (row) => (await tenancyOf(row)).tenancy));
    },

    /** One of the caller's tenancies with its statement (month by month) and payments. */
    async detail(userId: string, tenancyNo: string): Promise<TenancyDetail> {
      const { tenancy, summary } = await tenancyOf(await own(userId, tenancyNo));
      return {
        ...tenancy,
        statement: summary ? standing.statement(summary.ledger) : [],
        payments: (summary?.ledger.payments ?? []).map((p) => ({
          amount_cents: p.amountCents,
          bill_no: p.billNo,
          reference: p.reference,
          paid_at: p.paidAt.toISOString(),
        })),
      };
    },

    /** A bill of the tenancy's balance and `months` months ahead (the core's billFor). */
    async bill(userId: string, tenancyNo: string, months: number, requestId?: string): Promise<Bill> {
      const row = await own(userId, tenancyNo);
      if (!row.obligationId) throw tenancyNotFound();
      return standing.billFor(row.obligationId, months, { type: 'user', id: userId }, requestId);
    },
  };
}

export type EstatesService = ReturnType<typeof createEstatesService>;

import type { Bill } from '@kaunti/contract/api-bills';
import type { Tenancy, TenancyDetail } from '@kaunti/contract/api-estates';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { IssuedListener } from '../../core/applications/application-transitions';
import type { AreaValidator } from '../../core/applications/submission-checks';
import { recordAudit } from '../../core/audit/audit';
import type { StandingChargeService } from '../../core/bills/standing-charges';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { estateHouses, estates, tenancies, tenancyNextOfKin } from './schema';

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
        kin: {
          name: tenancyNextOfKin.name,
          idNumber: tenancyNextOfKin.idNumber,
          relationship: tenancyNextOfKin.relationship,
          phone: tenancyNextOfKin.phone,
          applicationNo: tenancyNextOfKin.applicationNo,
        },
      })
      .from(tenancies)
      .leftJoin(tenancyNextOfKin, eq(tenancyNextOfKin.tenancyNo, tenancies.tenancyNo))
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
      next_of_kin: row.kin
        ? {
            name: row.kin.name,
            id_number: row.kin.idNumber,
            relationship: row.kin.relationship,
            phone: row.kin.phone,
            application_no: row.kin.applicationNo,
          }
        : null,
    };
    return { tenancy, summary };
  }

  async function own(userId: string, tenancyNo: string): Promise<Row> {
    const [row] = await rows(and(eq(tenancies.tenancyNo, tenancyNo), eq(tenancies.userId, userId)));
    if (!row) throw tenancyNotFound();
    return row;
  }

  /** The services whose applications name one of the applicant's tenancies (`tenancy_no`). */
  const TENANCY_SERVICES = new Set(['next-of-kin', 'tenancy-transfer']);

  /** A tenancy service names a tenancy the applicant's account holds (else a field error). */
  const validateApplication: AreaValidator = async ({ userId, service, values }) => {
    if (!TENANCY_SERVICES.has(service.id)) return [];
    const tenancyNo = typeof values.tenancy_no === 'string' ? values.tenancy_no.trim().toUpperCase() : '';
    const [row] = await rows(and(eq(tenancies.tenancyNo, tenancyNo), eq(tenancies.userId, userId)));
    if (row?.status !== 'active')
      return [{ path: 'tenancy_no', message: `We could not find tenancy ${tenancyNo} on your account.` }];
    return [];
  };

  /** An issued next-of-kin application records its next of kin on the tenancy (audited). */
  const recordIssued: IssuedListener = async (tx, { row }) => {
    if (row.serviceId !== 'next-of-kin') return;
    const values = (row.values as Record<string, unknown> | null) ?? {};
    const tenancyNo = String(values.tenancy_no ?? '')
      .trim()
      .toUpperCase();
    const kin = {
      name: String(values.kin_name ?? ''),
      idNumber: String(values.kin_id_number ?? ''),
      relationship: String(values.relationship ?? ''),
      phone: String(values.kin_phone ?? ''),
      applicationNo: row.applicationNo,
    };
    await tx
      .insert(tenancyNextOfKin)
      .values({ tenancyNo, ...kin })
      .onConflictDoUpdate({ target: tenancyNextOfKin.tenancyNo, set: { ...kin, recordedAt: new Date() } });
    await recordAudit(tx, {
      actor: { type: 'user', id: row.userId },
      entityType: 'tenancy',
      entityId: tenancyNo,
      action: 'next_of_kin_recorded',
      data: { application_no: row.applicationNo, relationship: kin.relationship },
    });
  };

  return {
    validateApplication,
    recordIssued,

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

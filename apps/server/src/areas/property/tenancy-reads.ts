import type { AccountLanguage } from '@kaunti/contract/api-accounts';
import type { Tenancy } from '@kaunti/contract/api-estates';
import { and, asc, eq } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import type { StandingChargeService } from '../../core/bills/standing-charges';
import type { Db } from '../../platform/db/database';
import { positionAt } from '../../platform/db/pages';
import { notFound } from '../../platform/errors';
import { unitTypeWords } from './house-words';
import { estateHouses, estates, tenancies, tenancyNextOfKin } from './schema';

export const tenancyNotFound = () => notFound('We could not find that tenancy on your account.');

/** The services whose applications name one of the applicant's tenancies (`tenancy_no`). */
export const TENANCY_SERVICES = new Set(['next-of-kin', 'tenancy-transfer']);

/** The tenancy an application names, as the register writes it. */
export const tenancyNoOf = (values: Record<string, unknown>) =>
  String(values.tenancy_no ?? '')
    .trim()
    .toUpperCase();

/** The portal account that holds a phone number (a transfer's new tenant), if any. */
export async function accountByPhone(on: Db, phone: string) {
  const [account] = await on
    .select({ id: users.id })
    .from(users)
    .where(eq(users.phoneNumber, phone))
    .limit(1);
  return account;
}

/** The tenancies as read with their house, estate and next of kin, and their rent's summary. */
export function createTenancyReads(db: Db, standing: StandingChargeService) {
  /** Tenancies (`rows`: by tenancy number; `rowsIn`: in the order the caller gives, with each one's position). */
  const rows = (where: ReturnType<typeof and>) => rowsIn(where).orderBy(asc(tenancies.tenancyNo));
  const rowsIn = (where: ReturnType<typeof and>) =>
    db
      .select({
        tenancyNo: tenancies.tenancyNo,
        at: positionAt(tenancies.createdAt),
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
      .$dynamic();
  type Row = Awaited<ReturnType<typeof rows>>[number];

  async function tenancyOf(row: Row, language: AccountLanguage = 'en') {
    const obligation = row.obligationId ? (await standing.listByIds([row.obligationId]))[0] : undefined;
    const summary = obligation ? await standing.summary(obligation) : undefined;
    const tenancy: Tenancy = {
      tenancy_no: row.tenancyNo,
      estate: row.estate,
      block: row.block,
      house_no: row.houseNo,
      unit_type: unitTypeWords(row, language),
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

  const houseInWords = (row: Row) =>
    [row.estate, row.block, `house ${row.houseNo}`].filter(Boolean).join(', ');

  return { rows, rowsIn, tenancyOf, own, houseInWords };
}
export type TenancyReads = ReturnType<typeof createTenancyReads>;
export type TenancyRow = Awaited<ReturnType<TenancyReads['rows']>>[number];

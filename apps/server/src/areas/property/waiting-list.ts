import { and, eq, inArray, sql } from 'drizzle-orm';
import { applications } from '../../core/applications/schema';
import type { StandingChargeService } from '../../core/bills/standing-charges';
import type { Db } from '../../platform/db/database';
import { tenancies } from './schema';

/** The standing obligations of county rent carry this kind; their reference is the tenancy number. */
export const COUNTY_RENT = 'county-rent';

/** The service whose applications ask for a county house or unit (or a repair): decision 036. */
export const PROPERTY_MANAGEMENT = 'property-management';
/** The shape of an application number, for a waiting list's cursor. */
export const APPLICATION_NO_KEY = /^[A-Z0-9-]{1,40}$/;

/** An application for allocation is on the waiting list once paid, until cancelled, refused or allocated. */
export const ON_THE_LIST = ['under_review', 'approved', 'needs_info', 'issued'] as const;

type Status = typeof applications.status._.data;

/**
 * The applications of one waiting list (an estate and a kind of unit) in some statuses (default:
 * those on the list): applications for allocation of that estate and kind that no tenancy was
 * allocated from — an applicant allocated a house is off the list.
 */
export const onWaitingList = (estate: string, use: string, statuses: readonly string[] = ON_THE_LIST) =>
  and(
    eq(applications.serviceId, PROPERTY_MANAGEMENT),
    sql`${applications.values}->>'request' = 'allocation'`,
    sql`${applications.values}->>'estate' = ${estate}`,
    sql`${applications.values}->>'unit_use' = ${use}`,
    inArray(applications.status, [...statuses] as Status[]),
    notAllocated,
  );

/** No tenancy was allocated from the application. */
export const notAllocated = sql`not exists (select 1 from ${tenancies} t where t.application_no = ${applications.applicationNo})`;

/**
 * Opens a tenancy's rent (a standing obligation of the bills core, decision 034) in the caller's
 * transaction and records it on the tenancy; opening it again answers the one there is.
 */
export async function openRentIn(
  tx: Db,
  standing: StandingChargeService,
  row: {
    tenancyNo: string;
    userId: string | null;
    tenantName: string;
    estate: string;
    houseNo: string;
    monthlyRentCents: number;
    rentFrom: string;
    dueDay: number;
    penaltyPpm: number;
    subCountyCode: string | null;
  },
) {
  const obligation = await standing.open(tx, {
    kind: COUNTY_RENT,
    reference: row.tenancyNo,
    userId: row.userId,
    customerName: row.tenantName,
    description: `County rent, ${row.estate} house ${row.houseNo}`,
    descriptionSw: `Kodi ya nyumba ya kaunti, ${row.estate} nyumba ${row.houseNo}`,
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
  return obligation;
}

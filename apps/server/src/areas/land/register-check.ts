import { parcelNotFoundMessage } from '@kaunti/contract/api-land';
import { and, eq, inArray } from 'drizzle-orm';
import { kenyaToday } from '../../core/bills/kenya-date';
import { bills as billsTable } from '../../core/bills/schema';
import type { Db } from '../../platform/db/database';
import { findParcel, isRatedOwner, type ParcelRow } from './parcel-register';
import { ratesSourceKey } from './rates-bill';
import { customerParcels, landUses } from './schema';

/**
 * A rates clearance certificate (and a land owner amendment) certifies only what is true: the
 * parcel's rates are paid for the year (no arrears) and the applicant holds the parcel (linked
 * to their account, or registered to their ID number or KRA PIN; a pending claim is not
 * holding). The officer sees the register's owner, rates and land use beside the answers; while
 * a problem is listed, the application is not approved or issued (core/staff/backoffice-service).
 */
/** The application names the register's owner (ID number or KRA PIN) and attaches their consent. */
function namesOwnerWithConsent(values: Record<string, unknown>, parcel: ParcelRow): boolean {
  const id = values.owner_id_number;
  return (
    values.applicant_capacity === 'consent' &&
    typeof id === 'string' &&
    id.replace(/\s/g, '').toUpperCase() === parcel.ownerIdentifier.trim().toUpperCase() &&
    typeof values.ownerConsent === 'string' &&
    values.ownerConsent !== ''
  );
}

export async function registerCheck(
  on: Db,
  application: { userId: string; values: Record<string, unknown> },
): Promise<{ facts: { label: string; value: string }[]; problems: string[] }> {
  const lr = application.values.lr_number;
  const parcel = typeof lr === 'string' ? await findParcel(on, lr) : undefined;
  if (!parcel) return { facts: [], problems: [parcelNotFoundMessage(typeof lr === 'string' ? lr : '')] };
  const { year } = kenyaToday();
  const [use] = await on.select().from(landUses).where(eq(landUses.code, parcel.landUseCode)).limit(1);
  const [link] = await on
    .select({ userId: customerParcels.userId })
    .from(customerParcels)
    .where(eq(customerParcels.parcelId, parcel.id))
    .limit(1);
  const owner = await isRatedOwner(on, application.userId, parcel);
  // A service that lets the applicant name the owner (a building plan) accepts the register's
  // owner, named by their ID number or KRA PIN as the register has it, with their consent attached.
  const named = namesOwnerWithConsent(application.values, parcel);
  const holds = link?.userId === application.userId || owner || named;
  const open = await on
    .select({ total: billsTable.totalCents, paid: billsTable.paidCents })
    .from(billsTable)
    .where(
      and(
        eq(billsTable.sourceKey, ratesSourceKey(parcel, year)),
        inArray(billsTable.status, ['unpaid', 'partially_paid']),
      ),
    )
    .limit(1);
  const paidThisYear = (parcel.ratesPaidYear ?? 0) >= year;
  const shillings = (cents: number) =>
    `KES ${(cents / 100).toLocaleString('en-KE', { minimumFractionDigits: 2 })}`;
  const facts = [
    { label: 'Registered owner', value: `${parcel.ownerName} (${parcel.ownerIdentifier})` },
    { label: 'Land use in the register', value: use?.description ?? parcel.landUseCode },
    {
      label: 'Rates paid up to',
      value: parcel.ratesPaidYear ? String(parcel.ratesPaidYear) : 'No year recorded as paid',
    },
    { label: 'Arrears in the register', value: shillings(parcel.arrearsCents) },
    {
      label: 'Open rates bill',
      value: open[0] ? `${shillings(open[0].total - open[0].paid)} to pay` : 'None',
    },
    {
      label: 'Held by the applicant',
      value: holds
        ? link?.userId === application.userId
          ? 'Yes: linked to their account'
          : owner
            ? 'Yes: registered to their ID number or KRA PIN'
            : "Named: the register's owner, with their consent attached"
        : 'No',
    },
  ];
  const problems: string[] = [];
  if (!paidThisYear || parcel.arrearsCents > 0)
    problems.push(`The rates of parcel ${parcel.lrNumber} are not paid for ${year}.`);
  if (!holds)
    problems.push(
      `The applicant does not hold parcel ${parcel.lrNumber}: it is not linked to their account.`,
    );
  return { facts, problems };
}

import { formatKes } from '@kaunti/contract/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { applications } from '../../core/applications/schema';
import type { AreaValidator } from '../../core/applications/submission-checks';
import type { EstatesParts } from './estates-types';
import { tenancies } from './schema';
import { accountByPhone, TENANCY_SERVICES } from './tenancy-reads';
import { ON_THE_LIST, onWaitingList, PROPERTY_MANAGEMENT } from './waiting-list';

/**
 * An application still undecided: an applicant has one for a waiting list open at a time, and a
 * tenancy one transfer (from its submission until it is issued, refused or cancelled).
 */
const OPEN_FOR_THE_LIST = [
  'submitted',
  'awaiting_payment',
  'under_review',
  'approved',
  'needs_info',
] as const;

/** The estates area's check of its applications, after the catalogue's validation. */
export function createEstatesValidation(deps: EstatesParts) {
  const { db } = deps;
  const { rows, tenancyOf, houseInWords } = deps.reads;
  const onList = onWaitingList;

  /**
   * An application for allocation: one open (undecided) per applicant and list, else a field
   * error naming it; its place on applying is one after the paid applications on the list.
   */
  async function validateAllocation(userId: string, values: Record<string, unknown>) {
    const estate = String(values.estate ?? '');
    const use = String(values.unit_use ?? '');
    const [open] = await db
      .select({ applicationNo: applications.applicationNo })
      .from(applications)
      .where(and(eq(applications.userId, userId), onList(estate, use, OPEN_FOR_THE_LIST)))
      .limit(1);
    if (open)
      return [
        {
          path: 'estate',
          message: `You have already applied for this estate and kind of unit (application ${open.applicationNo}).`,
        },
      ];
    const [ahead] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(onList(estate, use, ON_THE_LIST));
    return { errors: [], derived: { waiting_place: String(Number(ahead?.n ?? 0) + 1) } };
  }

  /**
   * A tenancy service names a tenancy the applicant's account holds (else a field error, the same
   * whether it exists or not). What the definition declares derived is worked out from it: the
   * house in words, its monthly rent, and `arrears_cents` — its unpaid rent and penalties now,
   * which a `carried` fee puts on the bill (decision 036). A transfer names a new tenant who holds
   * a portal account by the phone given, and is not the applicant. Property management: a repair
   * names a tenancy the same way; an allocation is checked against the waiting list.
   */
  const validateApplication: AreaValidator = async ({ userId, service, values }) => {
    if (service.id === PROPERTY_MANAGEMENT && values.request === 'allocation')
      return validateAllocation(userId, values);
    if (
      !TENANCY_SERVICES.has(service.id) &&
      !(service.id === PROPERTY_MANAGEMENT && values.request === 'repair')
    )
      return [];
    const tenancyNo = typeof values.tenancy_no === 'string' ? values.tenancy_no.trim().toUpperCase() : '';
    const [row] = await rows(and(eq(tenancies.tenancyNo, tenancyNo), eq(tenancies.userId, userId)));
    if (row?.status !== 'active')
      return [{ path: 'tenancy_no', message: `We could not find tenancy ${tenancyNo} on your account.` }];
    const errors: { path: string; message: string }[] = [];
    // One transfer of a tenancy at a time: a second would be paid for a tenancy about to move.
    if (service.id === 'tenancy-transfer') {
      const [open] = await db
        .select({ applicationNo: applications.applicationNo })
        .from(applications)
        .where(
          and(
            eq(applications.serviceId, 'tenancy-transfer'),
            sql`upper(${applications.values}->>'tenancy_no') = ${tenancyNo}`,
            inArray(applications.status, [...OPEN_FOR_THE_LIST]),
          ),
        )
        .limit(1);
      if (open)
        errors.push({
          path: 'tenancy_no',
          message: `A transfer of tenancy ${tenancyNo} is already in progress (application ${open.applicationNo}).`,
        });
    }
    if (typeof values.new_tenant_phone === 'string') {
      const newTenant = await accountByPhone(db, values.new_tenant_phone);
      if (!newTenant)
        errors.push({
          path: 'new_tenant_phone',
          message:
            'The new tenant needs an account of the county portal with this phone number: ask them to register first.',
        });
      else if (newTenant.id === userId)
        errors.push({ path: 'new_tenant_phone', message: 'The new tenant must be someone other than you.' });
    }
    const declared = new Set((service.derived ?? []).map((d) => d.name));
    if (declared.size === 0) return errors;
    // A repair needs only the house in words; a transfer, its rent and arrears too.
    if (service.id === PROPERTY_MANAGEMENT) return { errors, derived: { house: houseInWords(row) } };
    const { summary } = await tenancyOf(row);
    const derived: Record<string, unknown> = {
      house: houseInWords(row),
      monthly_rent: formatKes(row.monthlyRentCents),
      // What no other open bill carries already (a payment plan's, decision 028): never asked twice.
      arrears_cents: summary?.askableCents ?? 0,
      arrears: formatKes(summary?.askableCents ?? 0),
    };
    return { errors, derived };
  };

  return { validateApplication };
}

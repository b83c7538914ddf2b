import { isRenewable, type ServiceDefinition } from '@kaunti/catalogue/definition';
import type { FieldError } from '@kaunti/contract/errors';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { bills } from '../../core/bills/schema';
import { renewalOpensAt, tooEarlyToRenew } from '../../core/documents/renewal';
import { documents } from '../../core/documents/schema';
import type { Db } from '../../platform/db/database';
import {
  NO_REGISTERED_PHONE_MESSAGE,
  OTHER_HOLDER_MESSAGE,
  REGISTER_CHECK,
  TAKEOVER_NEEDED_MESSAGE,
} from './business-messages';
import { type BusinessRow, detailsOf, postalAddressOf, text } from './business-records';
import { activityMap, postOfficeOf } from './business-references';
import { businesses, businessPermits } from './schema';

/**
 * Permits that stand for each other: a business holds one or the other for a year, never both
 * (the unified permit bundles the single one with its other licences).
 */
const ONE_OF: Record<string, string> = {
  'single-business-permit': 'unified-business-permit',
  'unified-business-permit': 'single-business-permit',
};
const PERMIT_TITLES: Record<string, string> = {
  'single-business-permit': 'Single Business Permit',
  'unified-business-permit': 'Unified Business Permit',
};

/** The refusal of a second permit for the year (no date in it: its numbers are its only variables, for translation). */
export function onePermitMessage(held: string, number: string, wanted: string): string {
  return `This business holds ${PERMIT_TITLES[held]} ${number}, which covers it for this year. Renew that permit when it is due instead of applying for a ${PERMIT_TITLES[wanted]}.`;
}

/** The months (a part month counts whole) from an expiry to now: a late renewal's penalty months. */
export function monthsLate(expiredAt: Date, now: Date = new Date()): number {
  if (now <= expiredAt) return 0;
  let months =
    (now.getUTCFullYear() - expiredAt.getUTCFullYear()) * 12 + (now.getUTCMonth() - expiredAt.getUTCMonth());
  const anniversary = new Date(expiredAt);
  anniversary.setUTCMonth(anniversary.getUTCMonth() + months);
  if (anniversary < now) months += 1;
  return Math.max(1, months);
}

/** The business's latest permit of a service still standing (not revoked), if any. */
async function latestPermit(db: Db, businessId: string, serviceId: string) {
  const [row] = await db
    .select({ expiresAt: businessPermits.expiresAt, number: documents.number })
    .from(businessPermits)
    .innerJoin(documents, eq(documents.id, businessPermits.documentId))
    .where(
      and(
        eq(businessPermits.businessId, businessId),
        eq(businessPermits.serviceId, serviceId),
        eq(documents.status, 'issued'),
      ),
    )
    .orderBy(desc(businessPermits.expiresAt))
    .limit(1);
  return row;
}

/** The caller's own business as the application now gives it (a holder keeps its details current). */
async function updateHeld(db: Db, userId: string, values: Record<string, unknown>, held: BusinessRow) {
  const [row] = await db
    .update(businesses)
    .set({ ...detailsOf(values), updatedAt: new Date() })
    .where(and(eq(businesses.id, held.id), eq(businesses.userId, userId)))
    .returning();
  return row;
}

/**
 * What a business application goes through after the catalogue's checks (registered as the
 * area's validator): the KRA PIN must not be another account's business, nor a register
 * business not yet taken over; a permit may be renewed only within 30 days of its expiry or
 * after it; one open bill per business and service. Answers the values the definition derives.
 * Nobody holds a business before its first permit is paid (decision 029): a KRA PIN the county
 * does not know is written nowhere here, and its open bill is the applicant's own
 * (`<service>:pin:<PIN>:<account>`), so typing someone's PIN holds nothing hostage; the permit,
 * once paid, makes the payer its holder (permits.ts).
 */
async function checkApplication(
  db: Db,
  input: {
    userId: string;
    service: ServiceDefinition;
    values: Record<string, unknown>;
  },
): Promise<{ errors: FieldError[]; derived: Record<string, unknown>; obligation?: string }> {
  const { userId, service, values } = input;
  const kraPin = String(values.kra_pin ?? '');
  const [existing] = await db.select().from(businesses).where(eq(businesses.kraPin, kraPin)).limit(1);
  if (existing?.userId && existing.userId !== userId)
    return { errors: [{ path: 'kra_pin', message: OTHER_HOLDER_MESSAGE }], derived: {} };
  // A business of the register that nobody holds yet is taken over first, with the code sent to
  // its registered phone (takeover below): a KRA PIN alone is too easy to come by to hand a
  // business over, and the applicant is not asked to know the register's number.
  if (existing?.inRegister && !existing.userId)
    return {
      errors: [
        {
          path: 'kra_pin',
          message: existing.phone ? TAKEOVER_NEEDED_MESSAGE : NO_REGISTERED_PHONE_MESSAGE,
        },
      ],
      derived: {},
    };
  const mine = existing?.userId === userId ? existing : undefined;
  // The refusals first (nothing is written for a refused application).
  const obligation = mine ? `${service.id}:${mine.id}` : `${service.id}:pin:${kraPin}:${userId}`;
  const [open] = await db
    .select({ billNo: bills.billNo })
    .from(bills)
    .where(and(eq(bills.sourceKey, obligation), inArray(bills.status, ['unpaid', 'partially_paid'])))
    .limit(1);
  if (open)
    return {
      errors: [
        {
          path: 'kra_pin',
          message: `This business already has an unpaid bill for this permit (${open.billNo}). Pay it, or cancel its application, before applying again.`,
        },
      ],
      derived: {},
    };

  // One business, one permit: not a single permit for a year the unified one covers (or back).
  const other = ONE_OF[service.id];
  if (mine && other) {
    const held = await latestPermit(db, mine.id, other);
    if (held && Date.now() < renewalOpensAt(held.expiresAt).getTime())
      return {
        errors: [{ path: 'kra_pin', message: onePermitMessage(other, held.number, service.id) }],
        derived: {},
      };
  }

  let lateMonths = 0;
  if (mine && isRenewable(service)) {
    const latest = await latestPermit(db, mine.id, service.id);
    if (latest) {
      if (Date.now() < renewalOpensAt(latest.expiresAt).getTime())
        return {
          errors: [
            {
              path: 'kra_pin',
              message: tooEarlyToRenew(`This business's permit ${latest.number}`, latest.expiresAt),
            },
          ],
          derived: {},
        };
      lateMonths = monthsLate(latest.expiresAt);
    }
  }

  if (mine && !(await updateHeld(db, userId, values, mine)))
    // Handed to another account between the check above and now.
    return { errors: [{ path: 'kra_pin', message: OTHER_HOLDER_MESSAGE }], derived: {} };

  const lines = Array.isArray(values.linesData) ? (values.linesData as Record<string, unknown>[]) : [];
  const codes = [
    ...new Set(
      [values.activity_code, ...lines.map((l) => l.activity_code)].filter((c) => typeof c === 'string'),
    ),
  ] as string[];
  const known = await activityMap(db, codes);
  const postOffice = await postOfficeOf(db, values.postal_code);
  const derived: Record<string, unknown> = {
    address: postalAddressOf(text(values.postal_address), text(values.postal_code), postOffice),
    // What the permit says of the business: known to the county's register, or only as given.
    register_check: mine?.inRegister ? REGISTER_CHECK.verified : REGISTER_CHECK.unverified,
    ...(lateMonths > 0 ? { late_months: lateMonths } : {}),
  };
  if (typeof values.activity_code === 'string') derived.activity_name = known.get(values.activity_code)?.name;
  if (lines.length > 0)
    derived.business_lines = lines.map((l) => {
      const activity = known.get(String(l.activity_code));
      return {
        code: String(l.activity_code),
        description: activity?.name ?? String(l.activity_code),
        brim_desc: activity?.brim_desc ?? '',
        fa_category_desc: activity?.fa_category_desc ?? '',
        ubpsubcategory3_name: activity?.ubpsubcategory3_name ?? '',
      };
    });
  return { errors: [], derived, obligation };
}

/** The area's validator of business applications (checkApplication above), over this database. */
export function createBusinessApplicationCheck(db: Db) {
  return (input: Parameters<typeof checkApplication>[1]) => checkApplication(db, input);
}

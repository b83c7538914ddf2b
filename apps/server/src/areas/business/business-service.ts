import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { documentTemplateOf } from '@kaunti/catalogue/registries/documents';
import { activityNamesSw } from '@kaunti/catalogue/services/business/activities';
import type { BusinessActivity } from '@kaunti/contract/api-business';
import type { FieldError } from '@kaunti/contract/errors';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { OtpService } from '../../core/accounts/otp';
import { LIMITS, type Throttle, tryAgainMessage } from '../../core/accounts/throttle';
import { feeAmountsOf } from '../../core/applications/fees';
import { recordAudit } from '../../core/audit/audit';
import { bills } from '../../core/bills/schema';
import { renewalOpensAt, tooEarlyToRenew } from '../../core/documents/renewal';
import { documents } from '../../core/documents/schema';
import type { Db } from '../../platform/db/database';
import { AppError, conflict, notFound, tooManyRequests } from '../../platform/errors';
import type { AnswerLanguage } from '../../platform/http/accept-language';
import {
  businessActivities,
  businesses,
  businessPermits,
  pestControlProviders,
  pestControlServices,
  postalCodes,
} from './schema';

type BusinessRow = typeof businesses.$inferSelect;
type ActivityRow = typeof businessActivities.$inferSelect;

export const OTHER_HOLDER_MESSAGE =
  'This KRA PIN belongs to a business held by another account. Its holder can apply for it, or visit a county office to change who acts for it.';
/** A register business nobody acts for yet, applied for before its code was confirmed. */
export const TAKEOVER_NEEDED_MESSAGE =
  "This business is in the county's register. To act for it, find it above and type the code we send to its registered phone, or visit a county office.";
export const NO_REGISTERED_PHONE_MESSAGE =
  "The county's register has no phone number for this business. Visit a county office to act for it.";
export const ALREADY_YOURS_MESSAGE = 'You already act for this business.';
/** "… ending 456.": the last three digits, so the applicant knows which phone to look at. */
export const takeoverCodeSentMessage = (ending: string) =>
  `We sent a code to the business's registered phone, ending ${ending}. Type it below to act for the business.`;
export const LOOKUP_NOT_FOUND_MESSAGE =
  "No business with that KRA PIN or registration number is in the county's register. Fill in its details below.";

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

/** A postal address as a permit prints it: "P.O. Box 45123-00100, Nairobi GPO". */
export function postalAddressOf(box: string | null, code: string | null, postOffice: string | null): string {
  return [box, code].filter(Boolean).join('-') + (postOffice ? `, ${postOffice}` : '');
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

const toActivity = (row: ActivityRow, language: AnswerLanguage = 'en'): BusinessActivity => ({
  activity_code: row.code,
  // The county's own name; in Kiswahili, the schedule's Kiswahili name of the activity.
  name: language === 'sw' ? (activityNamesSw[row.code] ?? row.name) : row.name,
  brim_desc: row.category,
  fa_category_desc: row.subCategory,
  ubpsubcategory3_name: row.industry,
});

const toBusiness = (row: BusinessRow) => ({
  id: row.id,
  business_name: row.name,
  subsidiary_name: row.subsidiaryName,
  kra_pin: row.kraPin,
  reg_no: row.regNo,
  postal_address: row.postalAddress,
  postal_code: row.postalCode,
  business_phone: row.phone,
  business_email: row.email,
  contact_name: row.contactName,
});

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * The business area: the county's activity schedule (searchable), postal codes, businesses (the
 * county's register and the ones citizens hold), and what every business application goes
 * through besides the catalogue's checks — who may act for the business, the renewal window,
 * one open bill per business and permit, and the values the permit prints (activity names,
 * business lines, address) and the fee reads (months late).
 */
export function createBusinessService(deps: {
  db: Db;
  /** The accounts' one-time codes: a register business is taken over with one sent to its phone. */
  otp: Pick<OtpService, 'issue' | 'verify'>;
  throttle: Throttle;
}) {
  const { db, throttle } = deps;

  async function activities(
    filter: { q?: string | undefined; industry?: string | undefined } = {},
    language: AnswerLanguage = 'en',
  ) {
    const where = [];
    const q = filter.q?.trim();
    if (q) {
      const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
      // Searched in the reader's language too: the activities whose Kiswahili name holds it.
      const inSw =
        language === 'sw'
          ? Object.entries(activityNamesSw)
              .filter(([, name]) => name.toLowerCase().includes(q.toLowerCase()))
              .map(([code]) => code)
          : [];
      where.push(
        or(
          ilike(businessActivities.name, `%${escaped}%`),
          ilike(businessActivities.code, `${escaped}%`),
          ...(inSw.length > 0 ? [inArray(businessActivities.code, inSw)] : []),
        ),
      );
    }
    if (filter.industry) where.push(eq(businessActivities.industry, filter.industry));
    const rows = await db
      .select()
      .from(businessActivities)
      .where(where.length > 0 ? and(...where) : undefined)
      .orderBy(asc(businessActivities.position));
    return rows.map((row) => toActivity(row, language));
  }

  async function activityMap(codes: string[]): Promise<Map<string, BusinessActivity>> {
    if (codes.length === 0) return new Map();
    const rows = await db.select().from(businessActivities).where(inArray(businessActivities.code, codes));
    return new Map(rows.map((r) => [r.code, toActivity(r)]));
  }

  async function postOfficeOf(code: unknown): Promise<string | null> {
    if (typeof code !== 'string') return null;
    const [row] = await db.select().from(postalCodes).where(eq(postalCodes.code, code)).limit(1);
    return row?.postOffice ?? null;
  }

  /** The business's latest permit of a service still standing (not revoked), if any. */
  async function latestPermit(businessId: string, serviceId: string) {
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

  /** Records the business as the applicant gave it: a new one, one of the county's register they now hold, or theirs. */
  async function holdBusiness(userId: string, values: Record<string, unknown>, existing?: BusinessRow) {
    const details = {
      name: String(values.business_name),
      subsidiaryName: text(values.subsidiary_name),
      regNo: text(values.reg_no),
      postalAddress: text(values.postal_address),
      postalCode: text(values.postal_code),
      phone: text(values.business_phone),
      email: text(values.business_email),
      contactName: text(values.contact_name),
      updatedAt: new Date(),
    };
    if (existing) {
      const [row] = await db
        .update(businesses)
        .set({ ...details, userId })
        .where(and(eq(businesses.id, existing.id), eq(businesses.userId, userId)))
        .returning();
      return row;
    }
    const [row] = await db
      .insert(businesses)
      .values({ ...details, userId, kraPin: String(values.kra_pin) })
      .onConflictDoNothing({ target: businesses.kraPin })
      .returning();
    if (row) return row;
    // Written meanwhile (the same trader's second click, or someone else): theirs only if it is theirs.
    const [raced] = await db
      .select()
      .from(businesses)
      .where(and(eq(businesses.kraPin, String(values.kra_pin)), eq(businesses.userId, userId)))
      .limit(1);
    return raced;
  }

  /**
   * What a business application goes through after the catalogue's checks (registered as the
   * area's validator): the KRA PIN must not be another account's business; a permit may be
   * renewed only within 30 days of its expiry or after it; one open bill per business and
   * service. Answers the values the definition derives. The business is recorded as the
   * applicant's (claimed from the county's register, or new) at this point.
   */
  async function checkApplication(input: {
    userId: string;
    service: ServiceDefinition;
    values: Record<string, unknown>;
  }): Promise<{ errors: FieldError[]; derived: Record<string, unknown>; obligation?: string }> {
    const { userId, service, values } = input;
    const kraPin = String(values.kra_pin ?? '');
    const [existing] = await db.select().from(businesses).where(eq(businesses.kraPin, kraPin)).limit(1);
    if (existing?.userId && existing.userId !== userId)
      return { errors: [{ path: 'kra_pin', message: OTHER_HOLDER_MESSAGE }], derived: {} };
    // A business of the register that nobody holds yet is taken over first, with the code sent to
    // its registered phone (takeover below): a KRA PIN alone is too easy to come by to hand a
    // business over, and the applicant is not asked to know the register's number.
    if (existing && !existing.userId)
      return {
        errors: [
          {
            path: 'kra_pin',
            message: existing.phone ? TAKEOVER_NEEDED_MESSAGE : NO_REGISTERED_PHONE_MESSAGE,
          },
        ],
        derived: {},
      };
    // The refusals first (nothing is written for a refused application); a new business has no
    // bill and no permit yet.
    const obligation = existing ? `${service.id}:${existing.id}` : undefined;
    const [open] = !obligation
      ? []
      : await db
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
    if (existing && other) {
      const held = await latestPermit(existing.id, other);
      if (held && Date.now() < renewalOpensAt(held.expiresAt).getTime())
        return {
          errors: [{ path: 'kra_pin', message: onePermitMessage(other, held.number, service.id) }],
          derived: {},
        };
    }

    let lateMonths = 0;
    if (existing && documentTemplateOf(service)?.register === 'permit') {
      const latest = await latestPermit(existing.id, service.id);
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

    const business = await holdBusiness(userId, values, existing);
    // Taken by another account between the check above and now.
    if (!business) return { errors: [{ path: 'kra_pin', message: OTHER_HOLDER_MESSAGE }], derived: {} };

    const lines = Array.isArray(values.linesData) ? (values.linesData as Record<string, unknown>[]) : [];
    const codes = [
      ...new Set(
        [values.activity_code, ...lines.map((l) => l.activity_code)].filter((c) => typeof c === 'string'),
      ),
    ] as string[];
    const known = await activityMap(codes);
    const postOffice = await postOfficeOf(values.postal_code);
    const derived: Record<string, unknown> = {
      address: postalAddressOf(text(values.postal_address), text(values.postal_code), postOffice),
      ...(lateMonths > 0 ? { late_months: lateMonths } : {}),
    };
    if (typeof values.activity_code === 'string')
      derived.activity_name = known.get(values.activity_code)?.name;
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
    return { errors: [], derived, obligation: `${service.id}:${business.id}` };
  }

  /** A register business nobody holds, or the caller's own; anything else is not found, as an unknown one is. */
  async function takeable(userId: string, kraPin: string) {
    const [row] = await db
      .select()
      .from(businesses)
      .where(
        and(
          eq(businesses.kraPin, kraPin.trim().toUpperCase()),
          or(isNull(businesses.userId), eq(businesses.userId, userId)),
        ),
      )
      .limit(1);
    if (!row) throw notFound(LOOKUP_NOT_FOUND_MESSAGE);
    return row;
  }

  /** 429 while the business is locked after 5 wrong codes (for an hour from the 5th). */
  async function refuseWhileLocked(businessId: string) {
    const lock = await throttle.check(LIMITS.takeoverLock, businessId);
    if (lock.blocked)
      throw tooManyRequests(
        tryAgainMessage(LIMITS.takeoverLock, lock.retryAfterSeconds),
        lock.retryAfterSeconds,
      );
  }

  /** One wrong code for the business, by any account; the 5th in an hour locks it for an hour. */
  async function countWrongCode(userId: string, businessId: string, requestId?: string) {
    const wrong = await throttle.hit(LIMITS.takeoverWrongCodesPerBusiness, businessId);
    if (!wrong.blocked) return;
    await throttle.hit(LIMITS.takeoverLock, businessId);
    await throttle.clear(LIMITS.takeoverWrongCodesPerBusiness, businessId);
    await recordAudit(db, {
      actor: { type: 'user', id: userId },
      entityType: 'business',
      entityId: businessId,
      action: 'takeover.locked',
      fromState: 'open',
      toState: 'locked',
      data: { wrong_codes: LIMITS.takeoverWrongCodesPerBusiness.max + 1 },
      ...(requestId ? { requestId } : {}),
    });
    const seconds = LIMITS.takeoverLock.windowMs / 1000;
    throw tooManyRequests(tryAgainMessage(LIMITS.takeoverLock, seconds), seconds);
  }

  return {
    activities,

    /**
     * Sends the code to take over a register business nobody holds to the phone the county has
     * for it (the accounts' one-time codes: hashed, 10 minutes, single use). Answers where it
     * went by its last three digits. Unknown or another account's: 404, as the lookup answers.
     */
    async sendTakeoverCode(userId: string, kraPin: string, ip?: string, requestId?: string) {
      const row = await takeable(userId, kraPin);
      if (row.userId === userId) throw conflict(ALREADY_YOURS_MESSAGE);
      if (!row.phone) throw conflict(NO_REGISTERED_PHONE_MESSAGE);
      await refuseWhileLocked(row.id);
      await deps.otp.issue({
        userId,
        purpose: 'business_takeover',
        phoneNumber: row.phone,
        ip,
        limit: LIMITS.takeoverCodesPerPhone,
      });
      const ending = row.phone.slice(-3);
      await recordAudit(db, {
        actor: { type: 'user', id: userId },
        entityType: 'business',
        entityId: row.id,
        action: 'takeover.code_sent',
        data: { phone_ending: ending },
        ...(requestId ? { requestId } : {}),
      });
      return { message: takeoverCodeSentMessage(ending), phone_ending: ending };
    },

    /**
     * Takes over a register business with the code sent to its phone: the caller becomes its
     * holder (audited: unheld → held). A wrong code counts against the business, whoever types
     * it; the 5th in an hour locks it for an hour (429 "… Please try again in N minutes.").
     */
    async takeOver(userId: string, kraPin: string, code: string, requestId?: string) {
      const row = await takeable(userId, kraPin);
      if (row.userId === userId) return toBusiness(row);
      if (!row.phone) throw conflict(NO_REGISTERED_PHONE_MESSAGE);
      await refuseWhileLocked(row.id);
      try {
        await deps.otp.verify({ userId, purpose: 'business_takeover', code, phoneNumber: row.phone });
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 400)
          await countWrongCode(userId, row.id, requestId);
        throw error;
      }
      const held = await db.transaction(async (tx) => {
        const [taken] = await tx
          .update(businesses)
          .set({ userId, updatedAt: new Date() })
          .where(and(eq(businesses.id, row.id), isNull(businesses.userId)))
          .returning();
        if (!taken) return undefined;
        await recordAudit(tx, {
          actor: { type: 'user', id: userId },
          entityType: 'business',
          entityId: row.id,
          action: 'taken_over',
          fromState: 'unheld',
          toState: 'held',
          data: { kra_pin: row.kraPin, by: 'code to the registered phone' },
          ...(requestId ? { requestId } : {}),
        });
        return taken;
      });
      // Taken by another account (with the same phone's code) meanwhile.
      if (!held) throw notFound(LOOKUP_NOT_FOUND_MESSAGE);
      await throttle.clear(LIMITS.takeoverWrongCodesPerBusiness, row.id);
      return toBusiness(held);
    },

    /** The schedule as a tree: category and industry, their sub-categories, their activities. */
    async classification() {
      const rows = await db.select().from(businessActivities).orderBy(asc(businessActivities.position));
      const byIndustry = new Map<
        string,
        { category: string; industry: string; sub: Map<string, BusinessActivity[]> }
      >();
      for (const row of rows) {
        const entry = byIndustry.get(row.industry) ?? {
          category: row.category,
          industry: row.industry,
          sub: new Map(),
        };
        byIndustry.set(row.industry, entry);
        entry.sub.set(row.subCategory, [...(entry.sub.get(row.subCategory) ?? []), toActivity(row)]);
      }
      return [...byIndustry.values()].map((e) => ({
        category: e.category,
        industry: e.industry,
        sub_categories: [...e.sub.entries()].map(([name, list]) => ({ name, activities: list })),
      }));
    },

    async postalCodes() {
      const rows = await db.select().from(postalCodes).orderBy(asc(postalCodes.code));
      return rows.map((r) => ({
        postal_code: r.code,
        post_office: r.postOffice,
        label: `${r.code} ${r.postOffice}`,
      }));
    },

    /** The businesses the user holds. */
    async mine(userId: string) {
      const rows = await db
        .select()
        .from(businesses)
        .where(eq(businesses.userId, userId))
        .orderBy(asc(businesses.name));
      return rows.map(toBusiness);
    },

    /**
     * A business by its KRA PIN or registration number, to pre-fill a form: one of the county's
     * register nobody holds yet, or the caller's own. Another account's business is not found,
     * as an unknown one is.
     */
    async lookup(userId: string, by: { kraPin?: string | undefined; regNo?: string | undefined }) {
      const kraPin = by.kraPin?.trim().toUpperCase();
      const regNo = by.regNo?.trim().toUpperCase();
      if (!kraPin && !regNo) throw notFound(LOOKUP_NOT_FOUND_MESSAGE);
      const [row] = await db
        .select()
        .from(businesses)
        .where(
          and(
            kraPin ? eq(businesses.kraPin, kraPin) : sql`upper(${businesses.regNo}) = ${regNo}`,
            or(isNull(businesses.userId), eq(businesses.userId, userId)),
          ),
        )
        .limit(1);
      if (!row) throw notFound(LOOKUP_NOT_FOUND_MESSAGE);
      // The register's business as registered; how to reach it (phone, email, contact person)
      // only to its holder — whoever knows a KRA PIN is not owed the owner's phone number.
      if (row.userId === userId) return { ...toBusiness(row), yours: true, phone_ending: null };
      return {
        ...toBusiness(row),
        business_phone: null,
        business_email: null,
        contact_name: null,
        yours: false,
        phone_ending: row.phone ? row.phone.slice(-3) : null,
      };
    },

    checkApplication,

    async pestControlProviders() {
      const rows = await db
        .select()
        .from(pestControlProviders)
        .where(eq(pestControlProviders.active, true))
        .orderBy(asc(pestControlProviders.name));
      return rows.map((r) => ({
        provider_code: r.code,
        name: r.name,
        licence_no: r.licenceNo,
        phone: r.phone,
      }));
    },

    async pestControlServices() {
      const [rows, fee] = await Promise.all([
        db.select().from(pestControlServices).orderBy(asc(pestControlServices.position)),
        feeAmountsOf(db, 'pest-control'),
      ]);
      return rows.map((r) => ({
        service_code: r.code,
        name: r.name,
        products: r.products,
        fee_cents: fee.get(r.code) ?? null,
      }));
    },
  };
}
export type BusinessService = ReturnType<typeof createBusinessService>;

import { isRenewable, type ServiceDefinition } from '@kaunti/catalogue/definition';
import { activityNamesSw } from '@kaunti/catalogue/services/business/activities';
import type { BusinessActivity } from '@kaunti/contract/api-business';
import type { FieldError } from '@kaunti/contract/errors';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type OtpService, wasGuessAtLiveCode } from '../../core/accounts/otp';
import { users } from '../../core/accounts/schema';
import { LIMITS, type Throttle, tryAgainMessage } from '../../core/accounts/throttle';
import { feeAmountsOf } from '../../core/applications/fees';
import { recordAudit } from '../../core/audit/audit';
import { bills } from '../../core/bills/schema';
import { renewalOpensAt, tooEarlyToRenew } from '../../core/documents/renewal';
import { documents } from '../../core/documents/schema';
import type { Db } from '../../platform/db/database';
import { conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors';
import type { AnswerLanguage } from '../../platform/http/accept-language';
import { type BusinessClaimStatus, businessClaimStatus, OPEN_BUSINESS_CLAIM_STATUSES } from './claim-status';
import {
  businessActivities,
  businessClaims,
  businesses,
  businessPermits,
  pestControlProviders,
  pestControlServices,
  postalCodes,
} from './schema';

type BusinessRow = typeof businesses.$inferSelect;
type ClaimRow = typeof businessClaims.$inferSelect;

const presentClaim = (row: ClaimRow, business: Pick<BusinessRow, 'kraPin' | 'name'>) => ({
  id: row.id,
  kra_pin: business.kraPin,
  business_name: business.name,
  status: row.status,
  application_no: row.applicationNo,
  created_at: row.createdAt.toISOString(),
  decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
  decision_reason: row.decisionReason,
});
type ActivityRow = typeof businessActivities.$inferSelect;

export const OTHER_HOLDER_MESSAGE =
  'This KRA PIN belongs to a business another account acts for. If the business is yours, claim it (under the business search): a county officer decides who acts for it.';
/** What a permit of a business the county's register does not know says of it. */
export const NOT_VERIFIED_NOTE = 'Not verified against the county register';
export const IN_REGISTER_NOTE = "In the county's register";
/** The same, in the words of each language a permit prints in. */
export const REGISTER_CHECK = {
  verified: { en: IN_REGISTER_NOTE, sw: 'Iko kwenye sajili ya kaunti' },
  unverified: { en: NOT_VERIFIED_NOTE, sw: 'Haijathibitishwa dhidi ya sajili ya kaunti' },
} as const;
export const NOBODY_HOLDS_MESSAGE =
  'No account acts for this business yet: apply for its permit. Paying the first permit makes you its holder.';
export const CLAIM_RECORDED_MESSAGE =
  'Your claim to act for this business is recorded. A county business officer will decide it; you will see the decision with your claims.';
/** A register business nobody acts for yet, applied for before its code was confirmed. */
export const TAKEOVER_NEEDED_MESSAGE =
  "This business is in the county's register. To act for it, find it above and type the code we send to its registered phone, or visit a county office.";
export const NO_REGISTERED_PHONE_MESSAGE =
  "The county's register has no phone number for this business. Claim it (under the business search) or visit a county office: a county officer decides who acts for it.";
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

/** A business's details as an application gives them. */
export const detailsOf = (values: Record<string, unknown>) => ({
  name: String(values.business_name),
  subsidiaryName: text(values.subsidiary_name),
  regNo: text(values.reg_no),
  postalAddress: text(values.postal_address),
  postalCode: text(values.postal_code),
  phone: text(values.business_phone),
  email: text(values.business_email),
  contactName: text(values.contact_name),
});

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

  /** The caller's own business as the application now gives it (a holder keeps its details current). */
  async function updateHeld(userId: string, values: Record<string, unknown>, held: BusinessRow) {
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
      const held = await latestPermit(mine.id, other);
      if (held && Date.now() < renewalOpensAt(held.expiresAt).getTime())
        return {
          errors: [{ path: 'kra_pin', message: onePermitMessage(other, held.number, service.id) }],
          derived: {},
        };
    }

    let lateMonths = 0;
    if (mine && isRenewable(service)) {
      const latest = await latestPermit(mine.id, service.id);
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

    if (mine && !(await updateHeld(userId, values, mine)))
      // Handed to another account between the check above and now.
      return { errors: [{ path: 'kra_pin', message: OTHER_HOLDER_MESSAGE }], derived: {} };

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
      // What the permit says of the business: known to the county's register, or only as given.
      register_check: mine?.inRegister ? REGISTER_CHECK.verified : REGISTER_CHECK.unverified,
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
    return { errors: [], derived, obligation };
  }

  /** A register business nobody holds, or the caller's own; anything else is not found, as an unknown one is. */
  async function takeable(userId: string, kraPin: string) {
    const [row] = await db
      .select()
      .from(businesses)
      .where(
        and(
          eq(businesses.kraPin, kraPin.trim().toUpperCase()),
          or(and(isNull(businesses.userId), eq(businesses.inRegister, true)), eq(businesses.userId, userId)),
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

  /** One wrong guess at a live code for the business, by any account; the 5th in an hour locks it for an hour. */
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

  /**
   * Claims to act for a business another account holds (or a register business without a phone
   * number): the claimant files one (one open per business and account, audited); business
   * officers decide. Handing a business over takes two officers, as a parcel does: the first
   * acceptance recommends it, a second officer's accepts it; either may reject it.
   */
  const claims = {
    async file(userId: string, kraPin: string, requestId?: string) {
      const pin = kraPin.trim().toUpperCase();
      const [business] = await db.select().from(businesses).where(eq(businesses.kraPin, pin)).limit(1);
      if (!business) throw notFound(LOOKUP_NOT_FOUND_MESSAGE);
      if (business.userId === userId) throw conflict(ALREADY_YOURS_MESSAGE, 'already_yours');
      if (!business.userId) {
        if (!business.inRegister) throw conflict(NOBODY_HOLDS_MESSAGE, 'no_holder');
        if (business.phone) throw conflict(TAKEOVER_NEEDED_MESSAGE, 'takeover_needed');
      }
      const claim = await db.transaction(async (tx) => {
        const [open] = await tx
          .select()
          .from(businessClaims)
          .where(
            and(
              eq(businessClaims.businessId, business.id),
              eq(businessClaims.userId, userId),
              inArray(businessClaims.status, [...OPEN_BUSINESS_CLAIM_STATUSES]),
            ),
          )
          .limit(1);
        if (open) return open;
        const [filed] = await tx
          .insert(businessClaims)
          .values({ businessId: business.id, userId, status: 'pending' })
          .onConflictDoNothing()
          .returning();
        if (!filed)
          throw conflict('Your claim was filed meanwhile. Please look at your claims.', 'changed_meanwhile');
        await recordAudit(tx, {
          actor: { type: 'user', id: userId },
          entityType: 'business_claim',
          entityId: filed.id,
          action: 'claimed',
          toState: 'pending',
          data: { kra_pin: business.kraPin },
          ...(requestId ? { requestId } : {}),
        });
        return filed;
      });
      return { message: CLAIM_RECORDED_MESSAGE, claim: presentClaim(claim, business) };
    },

    /** The user's own claims, newest first. */
    async mine(userId: string) {
      const rows = await db
        .select({ claim: businessClaims, business: businesses })
        .from(businessClaims)
        .innerJoin(businesses, eq(businesses.id, businessClaims.businessId))
        .where(eq(businessClaims.userId, userId))
        .orderBy(desc(businessClaims.createdAt));
      return rows.map((r) => presentClaim(r.claim, r.business));
    },

    /** Business officers: claims in a status (default: every open one), oldest first, with who claims and who holds. */
    async staffList(status?: BusinessClaimStatus) {
      const holder = alias(users, 'holder');
      const recommender = alias(users, 'recommender');
      const rows = await db
        .select({
          claim: businessClaims,
          business: businesses,
          user: users,
          holderFirst: holder.firstName,
          holderSur: holder.surName,
          recommenderFirst: recommender.firstName,
          recommenderSur: recommender.surName,
        })
        .from(businessClaims)
        .innerJoin(businesses, eq(businesses.id, businessClaims.businessId))
        .innerJoin(users, eq(users.id, businessClaims.userId))
        .leftJoin(holder, eq(holder.id, businesses.userId))
        .leftJoin(recommender, eq(recommender.id, businessClaims.recommendedBy))
        .where(
          status
            ? eq(businessClaims.status, status)
            : inArray(businessClaims.status, [...OPEN_BUSINESS_CLAIM_STATUSES]),
        )
        .orderBy(asc(businessClaims.createdAt))
        .limit(200);
      return rows.map((r) => ({
        ...presentClaim(r.claim, r.business),
        claimant_name: [r.user.firstName, r.user.middleName, r.user.surName].filter(Boolean).join(' '),
        claimant_phone: r.user.phoneNumber,
        claimant_identifier: r.user.identifier,
        in_register: r.business.inRegister,
        holder_name: r.holderFirst ? `${r.holderFirst} ${r.holderSur}` : null,
        recommended_by: r.claim.recommendedBy,
        recommended_by_name: r.recommenderFirst ? `${r.recommenderFirst} ${r.recommenderSur}` : null,
        recommendation_reason: r.claim.recommendationReason,
      }));
    },

    /**
     * A business officer decides an open claim with a reason. The first `accepted` recommends it;
     * a second officer's `accepted` hands the business to the claimant (audited on the business:
     * held → held, from whom to whom). Nobody decides their own claim, nor accepts what they
     * recommended.
     */
    async decide(
      claimId: string,
      decision: 'accepted' | 'rejected',
      reason: string,
      officerId: string,
      requestId?: string,
    ) {
      const actor = { type: 'staff' as const, id: officerId };
      const audit = requestId ? { requestId } : {};
      return db.transaction(async (tx) => {
        const [claim] = await tx
          .select()
          .from(businessClaims)
          .where(eq(businessClaims.id, claimId))
          .for('update');
        if (!claim) throw notFound('We could not find that claim.');
        if (claim.userId === officerId) throw forbidden('You cannot decide your own claim.');
        const to: BusinessClaimStatus =
          decision === 'accepted' && claim.status === 'pending' ? 'recommended' : decision;
        if (to === 'accepted' && claim.recommendedBy === officerId)
          throw forbidden(
            'You recommended accepting this claim: another business officer must accept it (four eyes).',
          );
        businessClaimStatus.assert(claim.status, to);
        const [business] = await tx
          .select()
          .from(businesses)
          .where(eq(businesses.id, claim.businessId))
          .for('update');
        const data = { kra_pin: business!.kraPin, reason };
        if (to === 'recommended') {
          const [recommended] = await tx
            .update(businessClaims)
            .set({
              status: 'recommended',
              recommendedBy: officerId,
              recommendedAt: new Date(),
              recommendationReason: reason,
            })
            .where(and(eq(businessClaims.id, claim.id), eq(businessClaims.status, 'pending')))
            .returning();
          if (!recommended)
            throw conflict('This claim changed meanwhile. Please try again.', 'changed_meanwhile');
          await recordAudit(tx, {
            actor,
            entityType: 'business_claim',
            entityId: claim.id,
            action: 'recommended',
            fromState: 'pending',
            toState: 'recommended',
            data,
            ...audit,
          });
          return presentClaim(recommended, business!);
        }
        if (to === 'accepted' && business!.userId !== claim.userId) {
          await tx
            .update(businesses)
            .set({ userId: claim.userId, updatedAt: new Date() })
            .where(eq(businesses.id, business!.id));
          await recordAudit(tx, {
            actor,
            entityType: 'business',
            entityId: business!.id,
            action: 'handed_over',
            fromState: business!.userId ? 'held' : 'unheld',
            toState: 'held',
            data: { ...data, from_user: business!.userId, to_user: claim.userId, claim_id: claim.id },
            ...audit,
          });
        }
        const [decided] = await tx
          .update(businessClaims)
          .set({ status: to, decisionReason: reason, decidedBy: officerId, decidedAt: new Date() })
          .where(and(eq(businessClaims.id, claim.id), eq(businessClaims.status, claim.status)))
          .returning();
        if (!decided) throw conflict('This claim changed meanwhile. Please try again.', 'changed_meanwhile');
        await recordAudit(tx, {
          actor,
          entityType: 'business_claim',
          entityId: claim.id,
          action: to,
          fromState: claim.status,
          toState: to,
          data,
          ...audit,
        });
        return presentClaim(decided, business!);
      });
    },
  };

  return {
    activities,
    claims,

    /** The id of the business with this KRA PIN that the user holds, if they hold it. */
    async heldBusinessOf(userId: string, kraPin: string): Promise<string | null> {
      const [row] = await db
        .select({ id: businesses.id })
        .from(businesses)
        .where(and(eq(businesses.kraPin, kraPin.trim().toUpperCase()), eq(businesses.userId, userId)))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * Sends the code to take over a register business nobody holds to the phone the county has
     * for it (the accounts' one-time codes: hashed, 10 minutes, single use). Answers where it
     * went by its last three digits. Unknown or another account's: 404, as the lookup answers.
     */
    async sendTakeoverCode(userId: string, kraPin: string, ip?: string, requestId?: string) {
      const row = await takeable(userId, kraPin);
      if (row.userId === userId) throw conflict(ALREADY_YOURS_MESSAGE, 'already_yours');
      if (!row.phone) throw conflict(NO_REGISTERED_PHONE_MESSAGE, 'no_registered_phone');
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
      if (!row.phone) throw conflict(NO_REGISTERED_PHONE_MESSAGE, 'no_registered_phone');
      await refuseWhileLocked(row.id);
      try {
        await deps.otp.verify({ userId, purpose: 'business_takeover', code, phoneNumber: row.phone });
      } catch (error) {
        // Only a guess at a code this account was sent counts: typing codes without one asked for
        // (which cannot take the business) must not let a stranger lock it against its owner.
        if (wasGuessAtLiveCode(error)) await countWrongCode(userId, row.id, requestId);
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
            or(
              and(isNull(businesses.userId), eq(businesses.inRegister, true)),
              eq(businesses.userId, userId),
            ),
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

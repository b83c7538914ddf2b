import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../core/accounts/schema';
import { recordAudit } from '../../core/audit/audit';
import type { Db } from '../../platform/db/database';
import { type PageQuery, pageOf, pageRead, UUID_KEY } from '../../platform/db/pages';
import { conflict, forbidden, notFound } from '../../platform/errors';
import {
  ALREADY_YOURS_MESSAGE,
  CLAIM_RECORDED_MESSAGE,
  LOOKUP_NOT_FOUND_MESSAGE,
  NOBODY_HOLDS_MESSAGE,
  TAKEOVER_NEEDED_MESSAGE,
} from './business-messages';
import type { BusinessRow } from './business-records';
import { type BusinessClaimStatus, businessClaimStatus, OPEN_BUSINESS_CLAIM_STATUSES } from './claim-status';
import { businessClaims, businesses } from './schema';

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
/**
 * Claims to act for a business another account holds (or a register business without a phone
 * number): the claimant files one (one open per business and account, audited); business
 * officers decide. Handing a business over takes two officers, as a parcel does: the first
 * acceptance recommends it, a second officer's accepts it; either may reject it.
 */
export function createBusinessClaims(db: Db) {
  return {
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
    /** The user's claims, newest first, a page at a time (`platform/db/pages.ts`). */
    async mine(userId: string, page: PageQuery = {}) {
      const read = pageRead(page, businessClaims.createdAt, businessClaims.id, UUID_KEY);
      const rows = await db
        .select({ claim: businessClaims, business: businesses, at: read.at })
        .from(businessClaims)
        .innerJoin(businesses, eq(businesses.id, businessClaims.businessId))
        .where(and(eq(businessClaims.userId, userId), read.after))
        .orderBy(...read.orderBy)
        .limit(read.rows);
      return pageOf(
        rows,
        read.limit,
        (r) => ({ at: r.at, key: r.claim.id }),
        (r) => presentClaim(r.claim, r.business),
      );
    },

    /**
     * Business officers: claims in a status (default: every open one), oldest first, a page at a
     * time (`platform/db/pages.ts`), with who claims and who holds.
     */
    async staffList(status: BusinessClaimStatus | undefined, page: PageQuery = {}) {
      const read = pageRead(page, businessClaims.createdAt, businessClaims.id, UUID_KEY, 'oldest first');
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
          at: read.at,
        })
        .from(businessClaims)
        .innerJoin(businesses, eq(businesses.id, businessClaims.businessId))
        .innerJoin(users, eq(users.id, businessClaims.userId))
        .leftJoin(holder, eq(holder.id, businesses.userId))
        .leftJoin(recommender, eq(recommender.id, businessClaims.recommendedBy))
        .where(
          and(
            status
              ? eq(businessClaims.status, status)
              : inArray(businessClaims.status, [...OPEN_BUSINESS_CLAIM_STATUSES]),
            read.after,
          ),
        )
        .orderBy(...read.orderBy)
        .limit(read.rows);
      return pageOf(
        rows,
        read.limit,
        (r) => ({ at: r.at, key: r.claim.id }),
        (r) => ({
          ...presentClaim(r.claim, r.business),
          claimant_name: [r.user.firstName, r.user.middleName, r.user.surName].filter(Boolean).join(' '),
          claimant_phone: r.user.phoneNumber,
          claimant_identifier: r.user.identifier,
          in_register: r.business.inRegister,
          holder_name: r.holderFirst ? `${r.holderFirst} ${r.holderSur}` : null,
          recommended_by: r.claim.recommendedBy,
          recommended_by_name: r.recommenderFirst ? `${r.recommenderFirst} ${r.recommenderSur}` : null,
          recommendation_reason: r.claim.recommendationReason,
        }),
      );
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
}

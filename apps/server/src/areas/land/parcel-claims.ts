import type { ParcelClaim } from '@kaunti/contract/api-land';
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../core/accounts/schema';
import { type Actor, recordAudit } from '../../core/audit/audit';
import { type BillService, fullName } from '../../core/bills/bill-service';
import type { Db } from '../../platform/db/database';
import { type PageQuery, pageOf, pageRead, UUID_KEY } from '../../platform/db/pages';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { OPEN_CLAIM_STATUSES, type ParcelClaimStatus, parcelClaimStatus } from './claim-status';
import { type ClaimRow, linkTo, presentClaim } from './parcel-links';
import { isRatedOwner } from './parcel-register';
import { customerParcels, parcelClaims, parcels } from './schema';

/** County land officers' side of ownership claims: the open ones listed, and decided by four eyes. */
export function createParcelClaims(db: Db, bills: BillService) {
  return {
    /**
     * County land officers: claims in a status (by default every open one: pending, and
     * recommended waiting for a second officer), oldest first, with the claimant, the register's
     * owner and who recommended accepting it; a page at a time (`platform/db/pages.ts`).
     */
    async staffClaims(status: ClaimRow['status'] | undefined, page: PageQuery = {}) {
      const read = pageRead(page, parcelClaims.createdAt, parcelClaims.id, UUID_KEY, 'oldest first');
      const recommender = alias(users, 'recommender');
      const rows = await db
        .select({
          claim: parcelClaims,
          parcel: parcels,
          user: users,
          linked: customerParcels.userId,
          recommenderFirst: recommender.firstName,
          recommenderSur: recommender.surName,
          at: read.at,
        })
        .from(parcelClaims)
        .innerJoin(parcels, eq(parcels.id, parcelClaims.parcelId))
        .innerJoin(users, eq(users.id, parcelClaims.userId))
        .leftJoin(customerParcels, eq(customerParcels.parcelId, parcelClaims.parcelId))
        .leftJoin(recommender, eq(recommender.id, parcelClaims.recommendedBy))
        .where(
          and(
            status ? eq(parcelClaims.status, status) : inArray(parcelClaims.status, [...OPEN_CLAIM_STATUSES]),
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
          ...presentClaim(r.claim, r.parcel.lrNumber),
          recommended_by: r.claim.recommendedBy,
          recommended_by_name: r.recommenderFirst ? `${r.recommenderFirst} ${r.recommenderSur}` : null,
          recommendation_reason: r.claim.recommendationReason,
          claimant_name: fullName(r.user.firstName, r.user.middleName, r.user.surName),
          claimant_phone: r.user.phoneNumber,
          claimant_identifier: r.user.identifier,
          registered_owner_name: r.parcel.ownerName,
          registered_owner_identifier: r.parcel.ownerIdentifier,
          linked_to_account: r.linked !== null,
        }),
      );
    },
    /**
     * County land officers decide an open claim, with a reason. Accepting hands the parcel to the
     * claimant, so it takes two officers: the first `accepted` recommends it (`recommended`), a
     * second officer's `accepted` links the parcel to the claimant (taking it from any account that
     * is not the registered owner's); either may reject it, which leaves everything as it is. An
     * officer never decides their own claim, nor accepts what they recommended. Audited.
     */
    async decideClaim(
      claimId: string,
      decision: 'accepted' | 'rejected',
      reason: string,
      officerId: string,
      requestId?: string,
    ): Promise<ParcelClaim> {
      const actor: Actor = { type: 'staff', id: officerId };
      return db.transaction(async (tx) => {
        const [claim] = await tx
          .select()
          .from(parcelClaims)
          .where(eq(parcelClaims.id, claimId))
          .for('update');
        if (!claim) throw notFound('We could not find that ownership claim.');
        if (claim.userId === officerId) throw forbidden('You cannot decide your own ownership claim.');
        // The first officer's acceptance is a recommendation; the second officer's accepts it.
        const to: ParcelClaimStatus =
          decision === 'accepted' && claim.status === 'pending' ? 'recommended' : decision;
        if (to === 'accepted' && claim.recommendedBy === officerId)
          throw forbidden(
            'You recommended accepting this claim: another land officer must accept it (four eyes).',
          );
        parcelClaimStatus.assert(claim.status, to);
        const [parcel] = await tx.select().from(parcels).where(eq(parcels.id, claim.parcelId)).for('update');
        if (to === 'recommended') {
          const [recommended] = await tx
            .update(parcelClaims)
            .set({
              status: 'recommended',
              recommendedBy: officerId,
              recommendedAt: new Date(),
              recommendationReason: reason,
            })
            .where(and(eq(parcelClaims.id, claim.id), eq(parcelClaims.status, 'pending')))
            .returning();
          if (!recommended)
            throw conflict('This claim changed meanwhile. Please try again.', 'changed_meanwhile');
          await recordAudit(tx, {
            actor,
            entityType: 'parcel_claim',
            entityId: claim.id,
            action: 'recommended',
            fromState: 'pending',
            toState: 'recommended',
            data: { lr_number: parcel!.lrNumber, reason },
            ...(requestId ? { requestId } : {}),
          });
          return presentClaim(recommended, parcel!.lrNumber);
        }
        if (to === 'accepted') {
          const [holder] = await tx
            .select({ userId: customerParcels.userId })
            .from(customerParcels)
            .where(eq(customerParcels.parcelId, parcel!.id))
            .limit(1);
          if (holder && holder.userId !== claim.userId && (await isRatedOwner(tx, holder.userId, parcel!))) {
            throw conflict(
              `Parcel ${parcel!.lrNumber} is linked to its registered owner's account: the claim cannot be accepted.`,
              'owner_linked',
            );
          }
          if (holder?.userId !== claim.userId)
            await linkTo(bills, tx, parcel!, claim.userId, holder?.userId ?? null, actor, requestId);
        }
        const [decided] = await tx
          .update(parcelClaims)
          .set({ status: to, decisionReason: reason, decidedBy: officerId, decidedAt: new Date() })
          .where(and(eq(parcelClaims.id, claim.id), eq(parcelClaims.status, claim.status)))
          .returning();
        if (!decided) throw conflict('This claim changed meanwhile. Please try again.', 'changed_meanwhile');
        await recordAudit(tx, {
          actor,
          entityType: 'parcel_claim',
          entityId: claim.id,
          action: to,
          fromState: claim.status,
          toState: to,
          data: { lr_number: parcel!.lrNumber, reason },
          ...(requestId ? { requestId } : {}),
        });
        return presentClaim(decided, parcel!.lrNumber);
      });
    },
  };
}

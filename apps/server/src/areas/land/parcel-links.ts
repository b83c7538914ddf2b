import {
  type Parcel,
  type ParcelClaim,
  parcelAlreadyYoursMessage,
  parcelClaimRecordedMessage,
  parcelLinkedMessage,
} from '@kaunti/contract/api-land';
import { and, eq, inArray } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../core/audit/audit';
import type { BillService } from '../../core/bills/bill-service';
import { kenyaToday } from '../../core/bills/kenya-date';
import type { Db } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead, UUID_KEY } from '../../platform/db/pages';
import { conflict } from '../../platform/errors';
import { OPEN_CLAIM_STATUSES } from './claim-status';
import { isRatedOwner, type ParcelRow, presentParcels, requireParcel } from './parcel-register';
import { ratesSourceKey } from './rates-bill';
import { customerParcels, parcelClaims, parcels } from './schema';

/** A link answers 200 with the parcel, or 202 when it became an ownership claim. */
export type LinkOutcome =
  | { status: 200; body: { success: true; message: string; parcel: Parcel } }
  | { status: 202; body: { success: false; message: string; claim: ParcelClaim } };

export type ClaimRow = typeof parcelClaims.$inferSelect;

export function presentClaim(row: ClaimRow, lrNumber: string): ParcelClaim {
  return {
    id: row.id,
    lr_number: lrNumber,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
    decision_reason: row.decisionReason,
  };
}

/**
 * Links the parcel to `userId` (replacing `previous`, if any) and moves the parcel's open
 * rates bill onto that account's obligations; audited.
 */
export async function linkTo(
  bills: BillService,
  tx: Db,
  parcel: ParcelRow,
  userId: string,
  previous: string | null,
  actor: Actor,
  requestId?: string,
) {
  if (previous) await tx.delete(customerParcels).where(eq(customerParcels.parcelId, parcel.id));
  await tx.insert(customerParcels).values({ parcelId: parcel.id, userId });
  await recordAudit(tx, {
    actor,
    entityType: 'parcel',
    entityId: parcel.lrNumber,
    action: previous ? 'relinked_to_customer' : 'linked_to_customer',
    data: { user_id: userId, ...(previous ? { previous_user_id: previous } : {}) },
    ...(requestId ? { requestId } : {}),
  });
  const open = await bills.findOpenBySource(tx, ratesSourceKey(parcel, kenyaToday().year));
  if (open) await bills.moveToAccount(tx, open, userId, actor, requestId);
}

/** Linking a parcel to an account (decision 007), or an ownership claim when not the owner's. */
export function createParcelLinks(db: Db, bills: BillService) {
  return {
    /**
     * Links a parcel to the user (decision 007): only when the account's ID number or KRA PIN is
     * the registered owner's. The owner is never locked out: a link held by an account that is
     * not the owner's moves to the owner (audited). Anyone else's request becomes an ownership
     * claim (one pending per parcel and account) that county lands staff decide. Unknown → 404;
     * already linked to this account → 409 with its own message.
     */
    async link(userId: string, lrNumber: string, requestId?: string): Promise<LinkOutcome> {
      const found = await requireParcel(db, lrNumber);
      const actor: Actor = { type: 'user', id: userId };
      const outcome = await db.transaction(async (tx) => {
        const [parcel] = await tx.select().from(parcels).where(eq(parcels.id, found.id)).for('update');
        const [holder] = await tx
          .select({ userId: customerParcels.userId })
          .from(customerParcels)
          .where(eq(customerParcels.parcelId, found.id))
          .limit(1);
        if (holder?.userId === userId) return { kind: 'already' as const };
        if (!(await isRatedOwner(tx, userId, parcel!))) {
          const [existing] = await tx
            .select()
            .from(parcelClaims)
            .where(
              and(
                eq(parcelClaims.parcelId, found.id),
                eq(parcelClaims.userId, userId),
                inArray(parcelClaims.status, [...OPEN_CLAIM_STATUSES]),
              ),
            )
            .limit(1);
          if (existing) return { kind: 'claim' as const, claim: existing };
          const [claim] = await tx
            .insert(parcelClaims)
            .values({ parcelId: found.id, userId, status: 'pending' })
            .returning();
          await recordAudit(tx, {
            actor,
            entityType: 'parcel_claim',
            entityId: claim!.id,
            action: 'claimed',
            toState: 'pending',
            data: { lr_number: found.lrNumber },
            ...(requestId ? { requestId } : {}),
          });
          return { kind: 'claim' as const, claim: claim! };
        }
        await linkTo(bills, tx, parcel!, userId, holder?.userId ?? null, actor, requestId);
        return { kind: 'linked' as const };
      });
      if (outcome.kind === 'already')
        throw conflict(parcelAlreadyYoursMessage(found.lrNumber), 'already_yours');
      if (outcome.kind === 'claim') {
        return {
          status: 202,
          body: {
            success: false as const,
            message: parcelClaimRecordedMessage(found.lrNumber),
            claim: presentClaim(outcome.claim, found.lrNumber),
          },
        };
      }
      const [view] = await presentParcels(db, [found], userId);
      return {
        status: 200,
        body: { success: true as const, message: parcelLinkedMessage(found.lrNumber), parcel: view! },
      };
    },
    /** The user's own ownership claims, newest first. */
    async myClaims(userId: string, page: PageQuery = {}): Promise<Page<ParcelClaim>> {
      const read = pageRead(page, parcelClaims.createdAt, parcelClaims.id, UUID_KEY);
      const rows = await db
        .select({ claim: parcelClaims, lr: parcels.lrNumber, at: read.at })
        .from(parcelClaims)
        .innerJoin(parcels, eq(parcels.id, parcelClaims.parcelId))
        .where(and(eq(parcelClaims.userId, userId), read.after))
        .orderBy(...read.orderBy)
        .limit(read.rows);
      return pageOf(
        rows,
        read.limit,
        (r) => ({ at: r.at, key: r.claim.id }),
        (r) => presentClaim(r.claim, r.lr),
      );
    },
  };
}

import { and, eq, isNull } from 'drizzle-orm';
import { type OtpService, wasGuessAtLiveCode } from '../../core/accounts/otp';
import { LIMITS, type Throttle, tryAgainMessage } from '../../core/accounts/throttle';
import { recordAudit } from '../../core/audit/audit';
import type { Db } from '../../platform/db/database';
import { conflict, notFound, tooManyRequests } from '../../platform/errors';
import { openTo } from './business-holdings';
import {
  ALREADY_YOURS_MESSAGE,
  LOOKUP_NOT_FOUND_MESSAGE,
  NO_REGISTERED_PHONE_MESSAGE,
  takeoverCodeSentMessage,
} from './business-messages';
import { toBusiness } from './business-records';
import { businesses } from './schema';

/** A register business nobody holds, or the caller's own; anything else is not found, as an unknown one is. */
async function takeable(db: Db, userId: string, kraPin: string) {
  const [row] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.kraPin, kraPin.trim().toUpperCase()), openTo(userId)))
    .limit(1);
  if (!row) throw notFound(LOOKUP_NOT_FOUND_MESSAGE);
  return row;
}

/**
 * Taking over a register business nobody holds with a code sent to its registered phone; wrong
 * codes count against the business, and lock it after five in an hour.
 */
export function createBusinessTakeover(deps: {
  db: Db;
  otp: Pick<OtpService, 'issue' | 'verify'>;
  throttle: Throttle;
}) {
  const { db, throttle } = deps;

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

  return {
    /**
     * Sends the code to take over a register business nobody holds to the phone the county has
     * for it (the accounts' one-time codes: hashed, 10 minutes, single use). Answers where it
     * went by its last three digits. Unknown or another account's: 404, as the lookup answers.
     */
    async sendTakeoverCode(userId: string, kraPin: string, ip?: string, requestId?: string) {
      const row = await takeable(db, userId, kraPin);
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
      const row = await takeable(db, userId, kraPin);
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
  };
}

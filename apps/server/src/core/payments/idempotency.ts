import { createHash } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { conflict } from '../../platform/errors';
import { PAYMENT_MESSAGES } from './messages';
import { idempotencyKeys } from './schema';

/**
 * Idempotency keys for requests that must never happen twice (an STK push asks a citizen for
 * money). How a key behaves:
 *
 * - the first request with a key claims it (`in_flight`) and runs;
 * - when it succeeds, its answer is stored (`done`): a retry with the same key and the same body
 *   gets that answer again, and nothing runs;
 * - when it fails (a 4xx such as "already paid", a 429, or M-Pesa unreachable), the claim is
 *   released: the failure had no effect on M-Pesa worth protecting, and a retry is evaluated
 *   afresh (the bill may have changed, the limit may have passed);
 * - the same key with another body: 409 `idempotency_conflict`, whatever the state;
 * - the same key while the first request is still running: 409 ("still being processed") — no
 *   waiting, so nothing is held across instances. A claim older than two minutes is considered
 *   abandoned (the process died mid-request) and the next request takes it over.
 */

const ABANDONED_AFTER_MS = 2 * 60_000;

export interface StoredAnswer<T> {
  status: number;
  body: T;
}

/** The sha256 of a request's normalised body: equal for equal requests, whatever their formatting. */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value), 'utf8').digest('hex');
}

export function createIdempotency(db: Db, now: () => Date) {
  return {
    /**
     * Runs `work` once per (user, key): answers the stored answer of an earlier success with the
     * same body, or runs it and stores its answer.
     */
    async run<T>(
      input: { userId: string; key: string; scope: string; hash: string },
      work: () => Promise<StoredAnswer<T>>,
    ): Promise<StoredAnswer<T> & { replayed: boolean }> {
      const { userId, key, scope, hash } = input;
      const claimed = await db
        .insert(idempotencyKeys)
        .values({ userId, key, scope, requestHash: hash, state: 'in_flight', createdAt: now() })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [row] = await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
          .limit(1);
        if (!row) {
          // Released between our insert and our read: the caller may simply retry.
          throw conflict(PAYMENT_MESSAGES.stillProcessing, 'payment_in_progress');
        }
        if (row.requestHash !== hash || row.scope !== scope) {
          throw conflict(PAYMENT_MESSAGES.idempotencyConflict, 'idempotency_conflict');
        }
        if (row.state === 'done') {
          return { status: row.responseStatus ?? 200, body: row.responseBody as T, replayed: true };
        }
        const takenOver = await db
          .update(idempotencyKeys)
          .set({ createdAt: now() })
          .where(
            and(
              eq(idempotencyKeys.userId, userId),
              eq(idempotencyKeys.key, key),
              eq(idempotencyKeys.state, 'in_flight'),
              lte(idempotencyKeys.createdAt, new Date(now().getTime() - ABANDONED_AFTER_MS)),
            ),
          )
          .returning({ key: idempotencyKeys.key });
        if (takenOver.length === 0) throw conflict(PAYMENT_MESSAGES.stillProcessing, 'payment_in_progress');
      }

      let answer: StoredAnswer<T>;
      try {
        answer = await work();
      } catch (error) {
        await db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.userId, userId),
              eq(idempotencyKeys.key, key),
              eq(idempotencyKeys.state, 'in_flight'),
            ),
          );
        throw error;
      }
      await db
        .update(idempotencyKeys)
        .set({
          state: 'done',
          responseStatus: answer.status,
          responseBody: answer.body,
          completedAt: now(),
        })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return { ...answer, replayed: false };
    },
  };
}

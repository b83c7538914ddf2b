import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { setBounded } from '../../platform/bounded-map';
import type { Database, Db } from '../../platform/db/database';
import { recordAudit } from '../audit/audit';
import { sessions } from './schema';
import type { TokenSigner } from './tokens';

/** A login token (before the OTP) lives 15 minutes; a verified session 8 hours. */
export const PENDING_SESSION_MS = 15 * 60 * 1000;
export const VERIFIED_SESSION_MS = 8 * 60 * 60 * 1000;

export interface SessionContext {
  ip?: string | undefined;
  userAgent?: string | undefined;
  requestId?: string | undefined;
}

/** How many verified sessions the embedded mode keeps in memory (the oldest go first). */
const REMEMBERED_SESSIONS = 10_000;

export interface SessionServiceOptions {
  /**
   * Where verified sessions may be remembered in this process's memory, so that a protected
   * request skips the session read:
   *  - `'process'`: this process is the database's only client (the embedded database: one
   *    process per folder, folder-lock.ts), so every revocation passes through this service;
   *  - `{ listen }` (PostgreSQL, several instances): each instance announces the sessions it
   *    revokes (pg_notify, in the revoking transaction, so only once it commits) and forgets
   *    those the others announce; memory is trusted only while the announcements reach this
   *    process (its listener connected and answering, listener.ts), and emptied whenever they
   *    may not have.
   * Unset: every request reads the session.
   */
  remember?: 'process' | { listen: NonNullable<Database['listen']> };
}

/** The channel on which instances announce revoked sessions (their ids, comma-separated). */
export const SESSIONS_REVOKED_CHANNEL = 'kaunti_sessions_revoked';
/** Ids per announcement: PostgreSQL's payload limit is 8,000 bytes; an id and comma are 37. */
const IDS_PER_ANNOUNCEMENT = 200;

interface RememberedSession {
  userId: string;
  expiresAt: Date;
}

/** Creates, upgrades and revokes server-side sessions, and signs their tokens. */
export function createSessionService(db: Db, signer: TokenSigner, options: SessionServiceOptions = {}) {
  const remembered = new Map<string, RememberedSession>();
  // Bumped by every revocation: a read that started before one does not remember what it read
  // (the row it saw may be the one just revoked).
  let revocations = 0;
  const forget = (sessionIds: readonly string[]) => {
    revocations += 1;
    for (const id of sessionIds) remembered.delete(id);
  };
  const forgetAll = () => {
    revocations += 1;
    remembered.clear();
  };
  const remember = (sessionId: string, session: RememberedSession) =>
    setBounded(remembered, REMEMBERED_SESSIONS, sessionId, session);
  const listener =
    typeof options.remember === 'object'
      ? options.remember.listen(SESSIONS_REVOKED_CHANNEL, {
          message: (payload) => forget(payload.split(',')),
          // Lost: announcements may be missed from now on. Back: some were, while it was away.
          live: forgetAll,
        })
      : undefined;
  const trusted = () => options.remember === 'process' || (listener?.isLive() ?? false);
  /** Tells the other instances (on commit of `tx`) which sessions it revoked. */
  const announce = async (tx: Db, sessionIds: readonly string[]) => {
    if (!listener) return;
    for (let i = 0; i < sessionIds.length; i += IDS_PER_ANNOUNCEMENT) {
      const ids = sessionIds.slice(i, i + IDS_PER_ANNOUNCEMENT).join(',');
      await tx.execute(sql`select pg_notify(${SESSIONS_REVOKED_CHANNEL}, ${ids})`);
    }
  };
  // Every protected request asks this: a prepared statement, built once (and, on PostgreSQL,
  // parsed once per connection), not rebuilt from the query builder each time.
  const findSession = db
    .select({ id: sessions.id, state: sessions.state, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('kaunti_find_session');
  return {
    /** At login: a session waiting for its OTP, and a token that only the OTP routes accept. */
    async startPending(userId: string, context: SessionContext = {}) {
      const expiresAt = new Date(Date.now() + PENDING_SESSION_MS);
      const [row] = await db
        .insert(sessions)
        .values({
          userId,
          state: 'pending_otp',
          expiresAt,
          ip: context.ip ?? null,
          userAgent: context.userAgent ?? null,
        })
        .returning({ id: sessions.id });
      const token = await signer.sign({ sub: userId, sid: row!.id, scope: 'otp' }, expiresAt);
      return { sessionId: row!.id, token, expiresAt };
    },

    /**
     * After a correct OTP: the pending session is closed and a new verified one opened (a new id,
     * so a token seen before verification is worth nothing after it).
     */
    async verify(pendingSessionId: string, userId: string, context: SessionContext = {}) {
      const now = new Date();
      const expiresAt = new Date(now.getTime() + VERIFIED_SESSION_MS);
      return db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ state: 'revoked', revokedAt: now, revokedReason: 'verified' })
          .where(and(eq(sessions.id, pendingSessionId), eq(sessions.state, 'pending_otp')));
        const [row] = await tx
          .insert(sessions)
          .values({
            userId,
            state: 'verified',
            expiresAt,
            verifiedAt: now,
            ip: context.ip ?? null,
            userAgent: context.userAgent ?? null,
          })
          .returning({ id: sessions.id });
        await recordAudit(tx, {
          actor: { type: 'user', id: userId },
          entityType: 'session',
          entityId: row!.id,
          action: 'session.verified',
          fromState: 'pending_otp',
          toState: 'verified',
          ...(context.requestId ? { requestId: context.requestId } : {}),
        });
        const token = await signer.sign({ sub: userId, sid: row!.id, scope: 'full' }, expiresAt);
        return { sessionId: row!.id, token, expiresAt };
      });
    },

    /** The live session behind a token's claims, or undefined (revoked, expired, unknown). */
    async find(sessionId: string, userId: string) {
      const now = new Date();
      const trust = trusted();
      if (trust) {
        const known = remembered.get(sessionId);
        if (known && known.userId === userId && known.expiresAt > now) {
          return { id: sessionId, state: 'verified' as const, expiresAt: known.expiresAt };
        }
        if (known && known.expiresAt <= now) remembered.delete(sessionId);
      }
      const before = revocations;
      const [row] = await findSession.execute({ sessionId, userId, now });
      if (!row || row.state === 'revoked') return undefined;
      if (trust && row.state === 'verified' && before === revocations && trusted()) {
        remember(sessionId, { userId, expiresAt: row.expiresAt });
      }
      return row;
    },

    async revoke(sessionId: string, reason: string, actorUserId: string, requestId?: string) {
      // Forgotten before (no request after this one starts is let through from memory) and after
      // (a read that ran meanwhile saw the row before the commit and must not be remembered).
      forget([sessionId]);
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(sessions)
          .set({ state: 'revoked', revokedAt: new Date(), revokedReason: reason })
          .where(and(eq(sessions.id, sessionId), ne(sessions.state, 'revoked')))
          .returning({ id: sessions.id });
        if (changed.length > 0) {
          await announce(tx, [sessionId]);
          await recordAudit(tx, {
            actor: { type: 'user', id: actorUserId },
            entityType: 'session',
            entityId: sessionId,
            action: `session.revoked.${reason}`,
            toState: 'revoked',
            ...(requestId ? { requestId } : {}),
          });
        }
      });
      forget([sessionId]);
    },

    /** Revokes every live session of a user except one (after a password change). */
    async revokeOthers(userId: string, keepSessionId: string | undefined, reason: string) {
      const revoked = await db.transaction(async (tx) => {
        const rows = await tx
          .update(sessions)
          .set({ state: 'revoked', revokedAt: new Date(), revokedReason: reason })
          .where(
            and(
              eq(sessions.userId, userId),
              ne(sessions.state, 'revoked'),
              ...(keepSessionId ? [ne(sessions.id, keepSessionId)] : []),
            ),
          )
          .returning({ id: sessions.id });
        await announce(
          tx,
          rows.map((row) => row.id),
        );
        return rows;
      });
      forget(revoked.map((row) => row.id));
      return revoked.length;
    },

    /** Stops listening for other instances' revocations (at shutdown). */
    async close() {
      await listener?.close();
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;

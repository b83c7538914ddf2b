import { eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { tooManyRequests } from '../../platform/errors';
import { authThrottles } from './schema';

/** A limit: at most `max` counted events per fixed window of `windowMs`. */
export interface ThrottleRule {
  /** Part of the key, e.g. "login-account". */
  name: string;
  max: number;
  windowMs: number;
  /** The sentence before "Please try again in N minutes." */
  message: string;
}

const MINUTE = 60_000;

/**
 * The accounts limits (OWASP ASVS: rate-limit sign-in and one-time codes). Per-IP limits are
 * generous because Kenyan mobile networks put many subscribers behind one address (CGNAT).
 */
export const LIMITS = {
  /**
   * Wrong passwords typed to sign in to one account from one address: that guesser waits out
   * the window, while the owner at any other address signs in as usual (decision 008). No
   * stranger can lock an account: the SMS code after the password is the second lock.
   */
  loginFailuresPerAccountAddress: {
    name: 'login-account-address',
    max: 5,
    windowMs: 15 * MINUTE,
    message: 'Too many failed sign-in attempts for this account from your network.',
  },
  /**
   * Wrong passwords typed inside a signed-in session to confirm a sensitive change (new phone,
   * new password): a stolen session cannot guess the password.
   */
  loginFailuresPerAccount: {
    name: 'login-account',
    max: 5,
    windowMs: 15 * MINUTE,
    message: 'Too many failed sign-in attempts for this account.',
  },
  /** Wrong passwords from one address, whatever the account. */
  loginFailuresPerIp: {
    name: 'login-ip',
    max: 30,
    windowMs: 15 * MINUTE,
    message: 'Too many failed sign-in attempts from your network.',
  },
  /**
   * Sign-in codes sent to one phone (sign-up, login, re-send, phone change). Password reset codes
   * are counted apart (below): anyone may ask for those, and must not use up the owner's sign-in.
   */
  codesPerPhone: {
    name: 'otp-phone',
    max: 5,
    windowMs: 30 * MINUTE,
    message: 'Too many codes have been sent to this phone.',
  },
  /**
   * Password reset codes sent to one phone. A new one goes out only once the last was used or
   * expired (otp.ts), so a stranger asking again and again gets the owner at most one SMS per
   * 10 minutes; this bounds even that, and nothing else counts it.
   */
  resetCodesPerPhone: {
    name: 'reset-phone',
    max: 4,
    windowMs: 60 * MINUTE,
    message: 'Too many password reset codes have been sent to this phone.',
  },
  /**
   * Codes sent to a business's registered phone for an account to take the business over
   * (areas/business): counted apart from the sign-in codes, so asking for them cannot use up
   * the owner's own sign-in.
   */
  takeoverCodesPerPhone: {
    name: 'takeover-phone',
    max: 3,
    windowMs: 60 * MINUTE,
    message: "Too many codes have been sent to this business's registered phone.",
  },
  /** Wrong takeover codes typed for one business, by any account: the 5th locks it (below). */
  takeoverWrongCodesPerBusiness: {
    name: 'takeover-wrong',
    max: 4,
    windowMs: 60 * MINUTE,
    message: 'Too many wrong codes have been typed for this business.',
  },
  /**
   * A business locked after 5 wrong takeover codes: for an hour from the 5th, nobody may ask for
   * or type a code for it. Counted once, at the lock (max 0: while the window runs, it is over).
   */
  takeoverLock: {
    name: 'takeover-lock',
    max: 0,
    windowMs: 60 * MINUTE,
    message: 'This business is locked after too many wrong codes.',
  },
  /** Codes asked for again (re-send, phone change) from one address. */
  codeRequestsPerIp: {
    name: 'otp-ip',
    max: 20,
    windowMs: 30 * MINUTE,
    message: 'Too many codes have been requested from your network.',
  },
} as const satisfies Record<string, ThrottleRule>;

/** Past this age a counter is over for every rule (the longest window). */
const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((rule) => rule.windowMs));

/** "Please try again in 15 minutes." (rounded up, at least 1). */
export function tryAgainMessage(rule: ThrottleRule, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${rule.message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export type ThrottleState = { blocked: false; hits: number } | { blocked: true; retryAfterSeconds: number };

/**
 * Fixed-window counters in the database (table auth_throttles), so the limits hold across every
 * server instance. `hit` counts one event atomically (one upsert); `check` reads without counting.
 */
export function createThrottle(db: Db) {
  const keyOf = (rule: ThrottleRule, subject: string) => `${rule.name}:${subject}`;

  /** Blocked when `hits` is over the rule's max within the window. */
  function stateOf(rule: ThrottleRule, hits: number, windowStartedAt: Date, now: Date): ThrottleState {
    const endsAt = windowStartedAt.getTime() + rule.windowMs;
    if (endsAt <= now.getTime()) return { blocked: false, hits: 0 };
    if (hits > rule.max)
      return { blocked: true, retryAfterSeconds: Math.ceil((endsAt - now.getTime()) / 1000) };
    return { blocked: false, hits };
  }

  return {
    /** Whether one more event would be over the limit (nothing is counted). */
    async check(rule: ThrottleRule, subject: string, now = new Date()): Promise<ThrottleState> {
      const [row] = await db
        .select({ hits: authThrottles.hits, windowStartedAt: authThrottles.windowStartedAt })
        .from(authThrottles)
        .where(eq(authThrottles.key, keyOf(rule, subject)))
        .limit(1);
      return row ? stateOf(rule, row.hits + 1, row.windowStartedAt, now) : { blocked: false, hits: 0 };
    },

    /**
     * Counts one event, atomically, and says whether it is over the limit (the max+1-th event in
     * a window is the first one refused). A window that has ended starts again at this event.
     * Count first, then act: concurrent requests cannot slip past the limit together.
     */
    async hit(rule: ThrottleRule, subject: string, now = new Date()): Promise<ThrottleState> {
      const windowStart = new Date(now.getTime() - rule.windowMs);
      const expired = sql`${authThrottles.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(authThrottles)
        .values({ key: keyOf(rule, subject), hits: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: authThrottles.key,
          set: {
            hits: sql`case when ${expired} then 1 else ${authThrottles.hits} + 1 end`,
            windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${authThrottles.windowStartedAt} end`,
          },
        })
        .returning({ hits: authThrottles.hits, windowStartedAt: authThrottles.windowStartedAt });
      return stateOf(rule, row!.hits, row!.windowStartedAt, now);
    },

    /** Takes back one counted event (a sign-in attempt that turned out to be right). */
    async release(rule: ThrottleRule, subject: string): Promise<void> {
      await db
        .update(authThrottles)
        .set({ hits: sql`greatest(${authThrottles.hits} - 1, 0)` })
        .where(eq(authThrottles.key, keyOf(rule, subject)));
    },

    /** Forgets the subject's count (after a successful sign-in, the account's failures). */
    async clear(rule: ThrottleRule, subject: string): Promise<void> {
      await db.delete(authThrottles).where(eq(authThrottles.key, keyOf(rule, subject)));
    },

    /**
     * Deletes the counters whose window has ended for every rule (housekeeping: a counter is
     * written for each phone, account and address that ever signs in or asks for a code, and an
     * ended window counts as zero anyway). Answers how many were deleted.
     */
    async prune(now = new Date()): Promise<number> {
      // Each rule's counters once its own window has ended; a counter of a rule no longer
      // listed once the longest window has.
      const ended = Object.values(LIMITS).map(
        (rule) =>
          sql`(${authThrottles.key} like ${`${rule.name}:%`} and ${authThrottles.windowStartedAt} <= ${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz)`,
      );
      const known = Object.values(LIMITS).map((rule) => sql`${authThrottles.key} like ${`${rule.name}:%`}`);
      const cutoff = new Date(now.getTime() - LONGEST_WINDOW_MS);
      const deleted = await db
        .delete(authThrottles)
        .where(
          sql`(${sql.join(ended, sql` or `)}) or (not (${sql.join(known, sql` or `)}) and ${lte(authThrottles.windowStartedAt, cutoff)})`,
        )
        .returning({ key: authThrottles.key });
      return deleted.length;
    },

    /** Counts one event and throws 429 "… Please try again in N minutes." when it is over the limit. */
    async consume(rule: ThrottleRule, subject: string, now = new Date()): Promise<void> {
      const state = await this.hit(rule, subject, now);
      if (state.blocked)
        throw tooManyRequests(tryAgainMessage(rule, state.retryAfterSeconds), state.retryAfterSeconds);
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;

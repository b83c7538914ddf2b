import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import { recordAudit } from '../audit/audit';
import { otpCodes, users } from './schema';
import { LIMITS, type Throttle, type ThrottleRule } from './throttle';

/** No code has this id: what a refusal without a code counts its try against. */
const NO_CODE_ID = '00000000-0000-0000-0000-000000000000';

/** A code lives 10 minutes (ASVS: at most 10). */
export const OTP_TTL_MS = 10 * 60 * 1000;
/** The 5th wrong try voids the code. */
export const OTP_MAX_WRONG_TRIES = 5;

export type OtpPurpose = (typeof otpCodes.$inferSelect)['purpose'];

export const OTP_MESSAGES = {
  none: 'Please request a code first.',
  expired: 'This code has expired. Please request a new code.',
  used: 'This code has already been used. Please request a new code.',
  void: 'This code can no longer be used. Please request a new code.',
  wrong: 'The code is incorrect. Please check it and try again.',
  wrongAndVoid: 'The code is incorrect, and it has been tried too many times. Please request a new code.',
} as const;

/**
 * Whether a refused code was a guess at a live code (wrong, or wrong and now void), not a code
 * typed where none was asked for, or one already used or expired. A lock that counts guesses
 * (a business's takeover) counts only these: a stranger who never had a code sent cannot lock
 * the business against its owner.
 */
export const wasGuessAtLiveCode = (error: unknown): boolean =>
  error instanceof AppError &&
  (error.code === 'otp_wrong' ||
    (error.code === 'otp_unusable' && error.message === OTP_MESSAGES.wrongAndVoid));

const PURPOSE_WORDS: Record<OtpPurpose, string> = {
  login: 'code',
  password_reset: 'password reset code',
  change_phone: 'phone number change code',
  // Sent to a business's registered phone when an account asks to act for it (areas/business).
  business_takeover: 'code to let an account act for your business',
};

/** The SMS text: "Your Nairobi City County e-Services code is 123456. It expires in 10 minutes. Do not share it." */
export function otpSmsText(portalName: string, purpose: OtpPurpose, code: string): string {
  return `Your ${portalName} ${PURPOSE_WORDS[purpose]} is ${code}. It expires in ${OTP_TTL_MS / 60_000} minutes. Do not share it.`;
}

/** 6 digits from the operating system's CSPRNG (about 20 bits, ASVS's minimum). */
export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export interface IssueOptions {
  userId: string;
  purpose: OtpPurpose;
  /** 254 form. */
  phoneNumber: string;
  /** A login code belongs to its pending session. */
  sessionId?: string;
  /** Counted against the per-address limit when given (re-sends and requests from anonymous callers). */
  ip?: string | undefined;
  /** The per-phone limit it counts against (default: codes per phone, the sign-in codes' limit). */
  limit?: ThrottleRule;
  /**
   * Send nothing while the last code of this purpose is still pending (neither used nor expired,
   * a code voided by wrong tries included): a password reset code, which anyone may ask for.
   */
  onlyWhenNoneLive?: boolean;
}

export interface VerifyOptions {
  userId: string;
  purpose: OtpPurpose;
  code: string;
  sessionId?: string;
  /** The number the code must have been sent to (a phone change). */
  phoneNumber?: string;
}

/**
 * One-time codes: generated from a CSPRNG, kept only as an HMAC (keyed with a server secret, so a
 * copy of the table does not give the codes away even though there are only a million of them),
 * valid 10 minutes, single use, void after 5 wrong tries, and sent at most 5 times per phone per
 * 30 minutes. A new code for the same purpose replaces the old one.
 */
export function createOtpService(deps: {
  db: Db;
  sms: SmsGateway;
  throttle: Throttle;
  secret: string;
  portalName: () => Promise<string>;
}) {
  const { db } = deps;
  const key = createHmac('sha256', deps.secret).update('kaunti-otp-v1').digest();
  const digest = (id: string, code: string) =>
    createHmac('sha256', key).update(`${id}:${code}`).digest('base64url');

  const scope = (o: { userId: string; purpose: OtpPurpose; sessionId?: string | undefined }) =>
    and(
      eq(otpCodes.userId, o.userId),
      eq(otpCodes.purpose, o.purpose),
      o.sessionId ? eq(otpCodes.sessionId, o.sessionId) : isNull(otpCodes.sessionId),
    );

  /** A code of this scope that is still pending: neither used nor expired (void ones included). */
  const live = async (tx: Db, options: IssueOptions, now: Date) => {
    const [row] = await tx
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(
        and(
          scope(options),
          inArray(otpCodes.state, ['active', 'void']),
          gt(otpCodes.expiresAt, sql`${now.toISOString()}::timestamptz`),
        ),
      )
      .limit(1);
    return row !== undefined;
  };

  /**
   * One wrong try counted on the code `id` (voided on the 5th), atomically: parallel guesses
   * cannot get more than 5 tries between them. Run for a code that does not exist too, so a
   * refusal costs the same whether or not there was a code to refuse.
   */
  const countWrongTry = (id: string) =>
    db
      .update(otpCodes)
      .set({
        attempts: sql`${otpCodes.attempts} + 1`,
        state: sql`case when ${otpCodes.attempts} + 1 >= ${OTP_MAX_WRONG_TRIES} then 'void' else ${otpCodes.state} end`,
      })
      .where(and(eq(otpCodes.id, id), eq(otpCodes.state, 'active')))
      .returning({ state: otpCodes.state });

  return {
    /**
     * Makes a new code, replaces any earlier one for the same purpose, and sends it. Throws 429
     * when the phone (or the address) has had too many codes. `sent` is whether the SMS went out
     * (false too when `onlyWhenNoneLive` found the last code still pending: nothing is counted).
     */
    async issue(options: IssueOptions): Promise<{ sent: boolean }> {
      if (options.onlyWhenNoneLive && (await live(db, options, new Date()))) return { sent: false };
      await deps.throttle.consume(options.limit ?? LIMITS.codesPerPhone, options.phoneNumber);
      if (options.ip) await deps.throttle.consume(LIMITS.codeRequestsPerIp, options.ip);
      const code = generateOtp();
      const id = randomUUID();
      const now = new Date();
      const issued = await db.transaction(async (tx) => {
        if (options.onlyWhenNoneLive) {
          // Requests for one account take turns here: two at once cannot both send a code.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, options.userId)).for('update');
          if (await live(tx, options, now)) return false;
        }
        await tx
          .update(otpCodes)
          .set({ state: 'replaced' })
          .where(and(scope(options), eq(otpCodes.state, 'active')));
        await tx.insert(otpCodes).values({
          id,
          userId: options.userId,
          purpose: options.purpose,
          sessionId: options.sessionId ?? null,
          phoneNumber: options.phoneNumber,
          codeHash: digest(id, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        });
        return true;
      });
      if (!issued) return { sent: false };
      const result = await deps.sms.send(
        options.phoneNumber,
        otpSmsText(await deps.portalName(), options.purpose, code),
      );
      return { sent: result.accepted };
    },

    /**
     * Checks a code against the latest one issued for this purpose, and uses it up when right.
     * Throws 400 with a message saying what to do (request a new code, or check and try again).
     */
    async verify(options: VerifyOptions): Promise<void> {
      const [row] = await db
        .select()
        .from(otpCodes)
        .where(scope(options))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      const now = new Date();
      const unusable =
        !row || (options.phoneNumber && row.phoneNumber !== options.phoneNumber)
          ? OTP_MESSAGES.none
          : row.state === 'used'
            ? OTP_MESSAGES.used
            : row.state !== 'active'
              ? OTP_MESSAGES.void
              : row.expiresAt.getTime() <= now.getTime()
                ? OTP_MESSAGES.expired
                : undefined;
      if (unusable || !row) {
        // The same work as a wrong code (a digest, a counted try, here one that finds nothing to
        // count), so the time of a refusal does not tell whether there was a code to refuse.
        digest(NO_CODE_ID, options.code);
        await countWrongTry(NO_CODE_ID);
        throw new AppError(400, 'otp_unusable', unusable ?? OTP_MESSAGES.none);
      }

      const expected = Buffer.from(row.codeHash);
      const actual = Buffer.from(digest(row.id, options.code));
      const right = expected.length === actual.length && timingSafeEqual(expected, actual);

      if (!right) {
        const [counted] = await countWrongTry(row.id);
        if (!counted) throw new AppError(400, 'otp_unusable', OTP_MESSAGES.void);
        if (counted.state === 'void') {
          await recordAudit(db, {
            actor: { type: 'user', id: options.userId },
            entityType: 'otp_code',
            entityId: row.id,
            action: 'otp.voided.too_many_tries',
            fromState: 'active',
            toState: 'void',
            data: { purpose: row.purpose },
          });
          throw new AppError(400, 'otp_unusable', OTP_MESSAGES.wrongAndVoid);
        }
        throw new AppError(400, 'otp_wrong', OTP_MESSAGES.wrong);
      }

      const [used] = await db
        .update(otpCodes)
        .set({ state: 'used', usedAt: now })
        .where(
          and(
            eq(otpCodes.id, row.id),
            eq(otpCodes.state, 'active'),
            lt(otpCodes.attempts, OTP_MAX_WRONG_TRIES),
            sql`${otpCodes.expiresAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: otpCodes.id });
      // Someone used (or voided) it between the read and this update: single use wins.
      if (!used) throw new AppError(400, 'otp_unusable', OTP_MESSAGES.used);
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;

import type {
  AccountLanguage,
  LoginResponse,
  OtpSendResponse,
  OtpVerifyResponse,
  PasswordForgotResponse,
  SignupResponse,
  signupRequestSchema,
} from '@kaunti/contract/api-accounts';
import { guessIdentifierType } from '@kaunti/contract/identifier';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { AppError, badRequest, unauthorized } from '../../platform/errors';
import { recordAudit } from '../audit/audit';
import type { OtpService } from './otp';
import { hashPassword, verifyNothing, verifyPassword } from './passwords';
import { users } from './schema';
import type { SessionContext, SessionService } from './sessions';
import { LIMITS, type Throttle, tryAgainMessage } from './throttle';
import { mapUniqueViolation, signupTakenError, toProfileUser, type UserRow, type UserStore } from './users';

export const LOGIN_FAILED_MESSAGE = 'Incorrect phone number, ID number or password.';
export const NO_ACCOUNT_MESSAGE = 'We could not find an account with this phone number or ID number.';
/** What forgot-password answers, whoever asks. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this phone number or ID number, we have sent a code to its phone. Enter it with your new password. A code is valid for 10 minutes: a new one is sent only once it has been used or has expired.';
/**
 * What a password reset answers when it does not reset: a wrong code, no code, a used, void or
 * expired one, and an account that does not exist all read the same, so the answer never tells
 * a stranger whether a phone number or ID number has an account.
 */
export const RESET_REFUSED_MESSAGE =
  'The code is incorrect or no longer valid. Please check it and try again, or request a new code.';
/** The reset of an unknown account checks a code of this (no one's) account, as long as a real one. */
const NO_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

/** Who is asking: the address is undefined when per-address limits do not apply (see routes). */
export interface RequestContext extends SessionContext {
  limitedIp?: string | undefined;
}

/** "Nairobi City County" → "NCC": the prefix of the county's customer numbers. */
export function customerNoPrefix(countyName: string): string {
  const initials = countyName
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
    .replace(/[^A-Z]/g, '');
  return initials || 'CUS';
}

/**
 * Sign-up, sign-in with a one-time code, logout and password recovery. Sessions live in the
 * database (sessions.ts): a login opens a `pending_otp` session whose token only the OTP routes
 * accept; the right code closes it and opens a verified one with a new id.
 */
export function createAuthService(deps: {
  db: Db;
  users: UserStore;
  sessions: SessionService;
  otp: OtpService;
  throttle: Throttle;
  countyName: () => Promise<string>;
}) {
  const { db, throttle } = deps;

  /** A pending session and its code. Throws 429 before anything is created when the phone is over its limit. */
  async function startLogin(user: UserRow, context: RequestContext): Promise<LoginResponse> {
    const phoneLimit = await throttle.check(LIMITS.codesPerPhone, user.phoneNumber);
    if (phoneLimit.blocked) {
      throw new AppError(
        429,
        'rate_limited',
        tryAgainMessage(LIMITS.codesPerPhone, phoneLimit.retryAfterSeconds),
        undefined,
        { 'retry-after': String(phoneLimit.retryAfterSeconds) },
      );
    }
    const pending = await deps.sessions.startPending(user.id, context);
    const { sent } = await deps.otp.issue({
      userId: user.id,
      purpose: 'login',
      phoneNumber: user.phoneNumber,
      sessionId: pending.sessionId,
    });
    return {
      token: pending.token,
      mobile_number: user.phoneNumber,
      first_time_login: user.firstTimeLogin,
      otp_sent: sent,
    };
  }

  return {
    /** `language`: the page's language (its Accept-Language), kept for the account's SMS. */
    async signup(
      input: z.output<typeof signupRequestSchema>,
      context: RequestContext,
      language: AccountLanguage = 'en',
    ): Promise<SignupResponse> {
      // One answer whichever detail is taken: a stranger learns no one's registration from it.
      if (await deps.users.byPhone(input.phone_number)) throw signupTakenError();
      if (await deps.users.byIdentifier(input.identifier)) throw signupTakenError();
      const passwordHash = await hashPassword(input.password);
      const prefix = customerNoPrefix(await deps.countyName());
      const identifierType = guessIdentifierType(input.identifier);
      let user: UserRow;
      try {
        user = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              // customer_no_seq is customerNoSequence in schema.ts.
              customerNo: sql`${`${prefix}-`} || lpad(nextval('customer_no_seq')::text, 7, '0')`,
              firstName: input.first_name,
              middleName: input.middle_name ?? null,
              surName: input.sur_name,
              identifier: input.identifier,
              identifierType,
              phoneNumber: input.phone_number,
              email: input.email,
              passwordHash,
              language,
            })
            .returning();
          await recordAudit(tx, {
            actor: { type: 'user', id: row!.id },
            entityType: 'user',
            entityId: row!.id,
            action: 'user.signed_up',
            toState: 'registered',
            data: { customer_no: row!.customerNo, identifier_type: identifierType, language },
            ...(context.requestId ? { requestId: context.requestId } : {}),
          });
          return row!;
        });
      } catch (error) {
        try {
          mapUniqueViolation(error);
        } catch (mapped) {
          if (mapped instanceof AppError && mapped.statusCode === 409) throw signupTakenError();
          throw mapped;
        }
      }
      let login: LoginResponse;
      try {
        login = await startLogin(user, context);
      } catch (error) {
        // The account exists; the code could not go out now (limit reached). The user signs in later.
        if (!(error instanceof AppError && error.statusCode === 429)) throw error;
        const pending = await deps.sessions.startPending(user.id, context);
        login = {
          token: pending.token,
          mobile_number: user.phoneNumber,
          first_time_login: true,
          otp_sent: false,
        };
      }
      return { ...login, customer_no: user.customerNo, identifier_type: identifierType };
    },

    /**
     * Checks the password, counting every attempt against the account *from this address* and
     * against the address before the check (so parallel guesses cannot slip past the limits); a
     * right password takes its attempt back. A guesser is slowed where it guesses; the owner
     * elsewhere is never locked out (the SMS code is the second lock). Then a pending session
     * and a code by SMS — unless `admit` (a door of its own, e.g. the back office's) refuses the
     * account once its password is known right: nothing is opened and no code is sent.
     */
    async login(
      username: string,
      password: string,
      context: RequestContext,
      admit?: (userId: string) => Promise<void>,
    ): Promise<LoginResponse> {
      const user = await deps.users.byUsername(username);
      const accountKey = user ? user.id : `unknown:${username.trim().toUpperCase()}`;
      const pairKey = `${accountKey}@${context.limitedIp ?? 'local'}`;
      await throttle.consume(LIMITS.loginFailuresPerAccountAddress, pairKey);
      if (context.limitedIp) await throttle.consume(LIMITS.loginFailuresPerIp, context.limitedIp);
      let right = false;
      if (user) right = await verifyPassword(user.passwordHash, password);
      else await verifyNothing(password);
      if (!user || !right) throw unauthorized(LOGIN_FAILED_MESSAGE, 'unauthorized');
      await throttle.clear(LIMITS.loginFailuresPerAccountAddress, pairKey);
      if (context.limitedIp) await throttle.release(LIMITS.loginFailuresPerIp, context.limitedIp);
      if (admit) await admit(user.id);
      return startLogin(user, context);
    },

    /** A new login code for the caller's pending session. */
    async resendLoginCode(
      userId: string,
      sessionId: string,
      context: RequestContext,
    ): Promise<OtpSendResponse> {
      const user = await deps.users.byId(userId);
      if (!user) throw unauthorized();
      const { sent } = await deps.otp.issue({
        userId,
        purpose: 'login',
        phoneNumber: user.phoneNumber,
        sessionId,
        ip: context.limitedIp,
      });
      return {
        message: sent
          ? 'We have sent a new code to your phone.'
          : 'We could not send the code. Please try again.',
        mobile_number: user.phoneNumber,
        otp_sent: sent,
      };
    },

    /** The right code turns the pending session into a verified one (a new id and token). */
    async verifyLoginCode(
      userId: string,
      sessionId: string,
      code: string,
      context: RequestContext,
    ): Promise<OtpVerifyResponse> {
      await deps.otp.verify({ userId, purpose: 'login', sessionId, code });
      const verified = await deps.sessions.verify(sessionId, userId, context);
      const [user] = await db
        .update(users)
        .set({
          firstTimeLogin: false,
          phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, now())`,
        })
        .where(eq(users.id, userId))
        .returning();
      return { token: verified.token, data: toProfileUser(user!) };
    },

    async logout(userId: string, sessionId: string, requestId?: string): Promise<void> {
      await deps.sessions.revoke(sessionId, 'logout', userId, requestId);
    },

    /**
     * A password reset code to the account's phone — only when the last one was used or has
     * expired, and counted apart from sign-in codes, so no stranger can use up the owner's
     * sign-in codes (or flood their phone) by asking. The answer is the same whether or not an
     * account uses this phone number or ID number and whether or not a code went out, so it tells
     * a stranger nothing about who is registered. (The route limits requests per address.)
     */
    async forgotPassword(username: string, _context: RequestContext): Promise<PasswordForgotResponse> {
      const user = await deps.users.byUsername(username);
      if (user) {
        await deps.otp
          .issue({
            userId: user.id,
            purpose: 'password_reset',
            phoneNumber: user.phoneNumber,
            limit: LIMITS.resetCodesPerPhone,
            onlyWhenNoneLive: true,
          })
          .catch((error: unknown) => {
            if (!(error instanceof AppError && error.statusCode === 429)) throw error;
          });
      }
      return { message: FORGOT_PASSWORD_MESSAGE, otp_sent: true, masked_phone: null };
    },

    /** The right code sets the new password and ends every session of the account. */
    async resetPassword(
      username: string,
      code: string,
      password: string,
      context: RequestContext,
    ): Promise<void> {
      const user = await deps.users.byUsername(username);
      // An unknown account is refused as a wrong code is, after the same work: its words, status
      // and time confirm or deny no account.
      try {
        await deps.otp.verify({ userId: user?.id ?? NO_ACCOUNT_ID, purpose: 'password_reset', code });
      } catch (error) {
        // Vague on purpose, so the general `bad_request`: a wrong code and an unknown account look alike.
        if (error instanceof AppError && error.statusCode === 400)
          throw badRequest(RESET_REFUSED_MESSAGE, 'bad_request');
        throw error;
      }
      if (!user) throw badRequest(RESET_REFUSED_MESSAGE, 'bad_request');
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
        await recordAudit(tx, {
          actor: { type: 'user', id: user.id },
          entityType: 'user',
          entityId: user.id,
          action: 'user.password_reset',
          ...(context.requestId ? { requestId: context.requestId } : {}),
        });
      });
      await deps.sessions.revokeOthers(user.id, undefined, 'password_reset');
      await throttle.clear(LIMITS.loginFailuresPerAccount, user.id);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

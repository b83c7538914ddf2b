import {
  type AccountLanguage,
  type ChangePhoneResponse,
  type CustomerCheck,
  normaliseIdentifier,
  PHOTO_FORMAT_MESSAGE,
  type ProfileResponse,
  type ProfileUser,
  type profileUpdateRequestSchema,
} from '@kaunti/contract/api-accounts';
import { guessIdentifierType } from '@kaunti/contract/identifier';
import { maskName, maskPhone } from '@kaunti/contract/masking';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { recordAudit } from '../audit/audit';
import type { RequestContext } from './auth-service';
import type { CustomerRecords } from './customer-records';
import type { OtpService } from './otp';
import { hashPassword, verifyPassword } from './passwords';
import { users } from './schema';
import type { SessionService } from './sessions';
import { LIMITS, type Throttle } from './throttle';
import {
  mapUniqueViolation,
  takenError,
  toErpData,
  toProfileUser,
  type UserRow,
  type UserStore,
} from './users';

export const WRONG_PASSWORD_MESSAGE = 'The password is incorrect.';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The current password is incorrect.';
export const SAME_PHONE_MESSAGE = 'This is already your phone number.';
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the current one.';

/**
 * The signed-in user's own profile. Every method takes the caller's id from the session (never
 * from the request), so a user can read and change only their own record.
 */
export function createProfileService(deps: {
  db: Db;
  users: UserStore;
  sessions: SessionService;
  otp: OtpService;
  throttle: Throttle;
  customerRecords: CustomerRecords;
  /** Whether an upload is the user's own JPEG or PNG (uploads module; accounts does not import it). */
  isOwnImage: (userId: string, uploadId: string) => Promise<boolean>;
}) {
  const { db } = deps;

  async function own(userId: string): Promise<UserRow> {
    const user = await deps.users.byId(userId);
    if (!user) throw notFound('Account not found.');
    return user;
  }

  /**
   * A password typed to confirm a sensitive change counts against the account's sign-in limit,
   * so a stolen session cannot be used to guess the password.
   */
  async function confirmPassword(
    user: UserRow,
    password: string,
    field: string,
    message: string,
  ): Promise<void> {
    await deps.throttle.consume(LIMITS.loginFailuresPerAccount, user.id);
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError(400, 'validation_failed', message, [{ path: field, message }]);
    }
    await deps.throttle.release(LIMITS.loginFailuresPerAccount, user.id);
  }

  return {
    async get(userId: string): Promise<ProfileResponse> {
      const user = await own(userId);
      return { data: toProfileUser(user), erp_data: toErpData(user) };
    },

    async update(
      userId: string,
      input: z.output<typeof profileUpdateRequestSchema>,
      context: RequestContext,
    ): Promise<ProfileUser> {
      if (typeof input.photo === 'string') {
        // The photo must be the user's own upload, and an image (another's id is "not yours").
        if (!(await deps.isOwnImage(userId, input.photo))) {
          throw new AppError(400, 'validation_failed', PHOTO_FORMAT_MESSAGE, [
            { path: 'photo', message: PHOTO_FORMAT_MESSAGE },
          ]);
        }
      }
      return db.transaction(async (tx) => {
        const [user] = await tx
          .update(users)
          .set({
            firstName: input.first_name,
            middleName: input.middle_name ?? null,
            surName: input.sur_name,
            email: input.email,
            mobileNumber2nd: input.mobile_number_2nd ?? null,
            secondaryEmail: input.secondary_email ?? null,
            ...(input.photo === undefined ? {} : { photo: input.photo }),
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId))
          .returning();
        if (!user) throw notFound('Account not found.');
        await recordAudit(tx, {
          actor: { type: 'user', id: userId },
          entityType: 'user',
          entityId: userId,
          action: 'user.profile_updated',
          data: { fields: Object.keys(input) },
          ...(context.requestId ? { requestId: context.requestId } : {}),
        });
        return toProfileUser(user);
      });
    },

    /**
     * Step 1 (password): a code to the new number. Step 2 (otp): the number changes. The new
     * number must not belong to another account (checked at both steps, and by the unique index).
     */
    async changePhone(
      userId: string,
      input: { phone_number: string; password?: string | undefined; otp?: string | undefined },
      context: RequestContext,
    ): Promise<ChangePhoneResponse> {
      const user = await own(userId);
      const phone = input.phone_number;
      if (phone === user.phoneNumber) {
        throw new AppError(400, 'validation_failed', SAME_PHONE_MESSAGE, [
          { path: 'phone_number', message: SAME_PHONE_MESSAGE },
        ]);
      }
      const holder = await deps.users.byPhone(phone);
      if (holder && holder.id !== userId) throw takenError('phone_number');

      if (input.otp === undefined) {
        await confirmPassword(user, input.password ?? '', 'password', WRONG_PASSWORD_MESSAGE);
        const { sent } = await deps.otp.issue({
          userId,
          purpose: 'change_phone',
          phoneNumber: phone,
          ip: context.limitedIp,
        });
        return {
          message: sent
            ? 'We have sent a code to the new number. Enter it to confirm the change.'
            : 'We could not send the code. Please try again.',
          changed: false,
          mobile_number: phone,
          otp_sent: sent,
        };
      }

      await deps.otp.verify({ userId, purpose: 'change_phone', code: input.otp, phoneNumber: phone });
      let updated: UserRow;
      try {
        updated = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({ phoneNumber: phone, phoneVerifiedAt: new Date(), updatedAt: new Date() })
            .where(and(eq(users.id, userId), eq(users.phoneNumber, user.phoneNumber)))
            .returning();
          if (!row)
            throw new AppError(
              400,
              'changed_meanwhile',
              'Your phone number changed in the meantime. Please start again.',
            );
          await recordAudit(tx, {
            actor: { type: 'user', id: userId },
            entityType: 'user',
            entityId: userId,
            action: 'user.phone_changed',
            data: { from: maskPhone(user.phoneNumber), to: maskPhone(phone) },
            ...(context.requestId ? { requestId: context.requestId } : {}),
          });
          return row;
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        mapUniqueViolation(error);
      }
      return {
        message: 'Your phone number has been changed.',
        changed: true,
        mobile_number: phone,
        otp_sent: false,
        data: toProfileUser(updated),
      };
    },

    /** A new password; every other session of the user ends at once (this one stays). */
    async changePassword(
      userId: string,
      sessionId: string,
      currentPassword: string,
      newPassword: string,
      context: RequestContext,
    ): Promise<{ message: string; signed_out_sessions: number }> {
      const user = await own(userId);
      await confirmPassword(user, currentPassword, 'current_password', WRONG_CURRENT_PASSWORD_MESSAGE);
      if (currentPassword === newPassword) {
        throw new AppError(400, 'validation_failed', SAME_PASSWORD_MESSAGE, [
          { path: 'new_password', message: SAME_PASSWORD_MESSAGE },
        ]);
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
        await recordAudit(tx, {
          actor: { type: 'user', id: userId },
          entityType: 'user',
          entityId: userId,
          action: 'user.password_changed',
          ...(context.requestId ? { requestId: context.requestId } : {}),
        });
      });
      const signedOut = await deps.sessions.revokeOthers(userId, sessionId, 'password_change');
      return {
        message:
          signedOut > 0
            ? 'Your password has been changed. You have been signed out on your other devices.'
            : 'Your password has been changed.',
        signed_out_sessions: signedOut,
      };
    },

    /** Spec: PSV activation success sets psv to true. Doing it again changes nothing. */
    /** The language of the account's SMS (issue 36 item 25); a change is audited. */
    async setLanguage(
      userId: string,
      language: AccountLanguage,
      context: RequestContext,
    ): Promise<{ language: AccountLanguage }> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ language: users.language })
          .from(users)
          .where(eq(users.id, userId))
          .for('update')
          .limit(1);
        if (!before) throw notFound('Account not found.');
        if (before.language !== language) {
          await tx.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
          await recordAudit(tx, {
            actor: { type: 'user', id: userId },
            entityType: 'user',
            entityId: userId,
            action: 'user.language_changed',
            fromState: before.language,
            toState: language,
            ...(context.requestId ? { requestId: context.requestId } : {}),
          });
        }
        return { language };
      });
    },

    async activatePsv(userId: string, context: RequestContext): Promise<ProfileUser> {
      return db.transaction(async (tx) => {
        const [changed] = await tx
          .update(users)
          .set({ psv: true, updatedAt: new Date() })
          .where(and(eq(users.id, userId), eq(users.psv, false)))
          .returning();
        if (changed) {
          await recordAudit(tx, {
            actor: { type: 'user', id: userId },
            entityType: 'user',
            entityId: userId,
            action: 'user.psv_activated',
            fromState: 'psv_off',
            toState: 'psv_on',
            ...(context.requestId ? { requestId: context.requestId } : {}),
          });
          return toProfileUser(changed);
        }
        // Inside the transaction, read through it (PGlite has one connection).
        const [current] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
        if (!current) throw notFound('Account not found.');
        return toProfileUser(current);
      });
    },

    /**
     * GET /api/customers/check: whether a portal account exists for an identifier, whether the
     * county's records know the customer, and a masked summary. See customer-records.ts.
     */
    async checkCustomer(rawIdentifier: string): Promise<CustomerCheck> {
      const identifier = normaliseIdentifier(rawIdentifier);
      const user = await deps.users.byIdentifier(identifier);
      if (user) {
        return {
          data: {
            customer_no: user.customerNo,
            name: maskName([user.firstName, user.surName].join(' ')),
            identifier_type: user.identifierType,
            masked_phone: maskPhone(user.phoneNumber),
          },
          has_account: true,
          erp_account: true,
        };
      }
      const record = await deps.customerRecords.find(identifier);
      return {
        data: record
          ? {
              customer_no: null,
              name: maskName(record.name),
              identifier_type: guessIdentifierType(identifier),
              masked_phone: null,
            }
          : null,
        has_account: false,
        erp_account: record !== null,
      };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;

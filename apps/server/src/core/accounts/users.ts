import type { ErpData, ProfileUser } from '@kaunti/contract/api-accounts';
import { normaliseIdentifier } from '@kaunti/contract/api-accounts';
import { isValidPhone, normalisePhone } from '@kaunti/contract/phone';
import { eq, or, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;

export const PHONE_TAKEN_MESSAGE =
  'An account with this phone number already exists. Please login or recover your password.';
export const IDENTIFIER_TAKEN_MESSAGE =
  'An account with this ID, passport, BRS number or KRA PIN already exists. Please login or recover your password.';

/**
 * Sign-up's 409 when the phone or the identifier is already registered: it names neither, so
 * it confirms no one's registration, and says what to do next.
 */
export const SIGNUP_TAKEN_MESSAGE =
  'We could not create an account with these details. If you already have an account, please login or recover your password; otherwise check your phone number and ID number.';
export function signupTakenError(): AppError {
  return new AppError(409, 'already_exists', SIGNUP_TAKEN_MESSAGE);
}

/** 409 for a phone or identifier that is already registered, naming the field for the form (a signed-in user's own change). */
export function takenError(field: 'phone_number' | 'identifier'): AppError {
  const message = field === 'phone_number' ? PHONE_TAKEN_MESSAGE : IDENTIFIER_TAKEN_MESSAGE;
  return new AppError(409, 'already_exists', message, [{ path: field, message }]);
}

/**
 * Maps a unique-index violation on users (PostgreSQL 23505, raised by node-postgres or PGlite,
 * sometimes wrapped by drizzle in `cause`) to the 409 a person can act on; anything else is rethrown.
 */
export function mapUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error, 'users_phone_uq')) throw takenError('phone_number');
  if (isUniqueViolation(error, 'users_identifier_uq')) throw takenError('identifier');
  throw error;
}

export function fullName(user: Pick<UserRow, 'firstName' | 'middleName' | 'surName'>): string {
  return [user.firstName, user.middleName, user.surName]
    .filter((part) => part && part.trim() !== '')
    .join(' ');
}

/** The user as the API shows it to its owner. */
export function toProfileUser(user: UserRow): ProfileUser {
  return {
    id: user.id,
    customer_no: user.customerNo,
    first_name: user.firstName,
    middle_name: user.middleName,
    sur_name: user.surName,
    full_name: fullName(user),
    identifier: user.identifier,
    identifier_type: user.identifierType,
    phone_number: user.phoneNumber,
    email: user.email,
    mobile_number_2nd: user.mobileNumber2nd,
    secondary_email: user.secondaryEmail,
    photo: user.photo,
    psv: user.psv,
    first_time_login: user.firstTimeLogin,
    language: user.language,
    created_at: user.createdAt.toISOString(),
  };
}

/** The user's record in the county's revenue books (see erpDataSchema). */
export function toErpData(user: UserRow): ErpData {
  return {
    customer_no: user.customerNo,
    customer_name: fullName(user),
    identifier: user.identifier,
    identifier_type: user.identifierType,
    kra_pin: user.identifierType === 'pin_no' ? user.identifier : null,
    registered_at: user.createdAt.toISOString(),
  };
}

export function createUserStore(db: Db) {
  return {
    async byId(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /**
     * The user a sign-in name points to: the phone number in any accepted form, else the
     * identifier (compared upper case). A phone match wins if one value could be both.
     */
    async byUsername(username: string): Promise<UserRow | undefined> {
      const identifier = normaliseIdentifier(username);
      const phone = isValidPhone(username) ? normalisePhone(username) : undefined;
      const rows = await db
        .select()
        .from(users)
        .where(
          phone
            ? or(eq(users.phoneNumber, phone), eq(sql`upper(${users.identifier})`, identifier))
            : eq(sql`upper(${users.identifier})`, identifier),
        )
        .limit(2);
      return rows.find((row) => row.phoneNumber === phone) ?? rows[0];
    },

    async byPhone(phoneNumber: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
      return row;
    },

    async byIdentifier(identifier: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`upper(${users.identifier})`, normaliseIdentifier(identifier)))
        .limit(1);
      return row;
    },
  };
}
export type UserStore = ReturnType<typeof createUserStore>;

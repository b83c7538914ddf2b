import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Customer numbers: a county prefix and this sequence, zero-padded ("NCC-0001001"). A sequence
 * (not max()+1) so two sign-ups at the same moment never get the same number.
 */
export const customerNoSequence = pgSequence('customer_no_seq', { startWith: 1001, increment: 1 });

/** A citizen or business account (and, with role staff, a county officer). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The county's customer number, printed on invoices (customerNo), e.g. "NCC-0000123". */
    customerNo: text('customer_no').notNull().unique(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    surName: text('sur_name').notNull(),
    /** National ID, passport, BRS number or KRA PIN, as typed (trimmed, upper case). */
    identifier: text('identifier').notNull(),
    identifierType: text('identifier_type', {
      enum: ['id_number', 'passport', 'brs_no', 'pin_no'],
    }).notNull(),
    /** Always the 254 form. */
    phoneNumber: text('phone_number').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['citizen', 'staff'] })
      .notNull()
      .default('citizen'),
    psv: boolean('psv').notNull().default(false),
    firstTimeLogin: boolean('first_time_login').notNull().default(true),
    mobileNumber2nd: text('mobile_number_2nd'),
    secondaryEmail: text('secondary_email'),
    photo: text('photo'),
    /**
     * The language the account's SMS are written in (issue 36 item 25): the page's language at
     * sign-up, then the one a signed-in user switches to.
     */
    language: text('language', { enum: ['en', 'sw'] })
      .notNull()
      .default('en'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_identifier_uq').on(sql`upper(${t.identifier})`),
    uniqueIndex('users_phone_uq').on(t.phoneNumber),
  ],
);

/**
 * Server-side sessions. A JWT names its session (claim `sid`); the guard checks the row, so
 * logout and a password change take effect at once. A session starts `pending_otp` at login and
 * only a verified one (after the OTP) opens the protected API.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['pending_otp', 'verified', 'revoked'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.state)],
);

/**
 * One-time codes sent by SMS. Only an HMAC of the code is kept. A code is `active` until it is
 * used, replaced by a newer code for the same purpose, or void (expired, or 5 wrong tries).
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['login', 'password_reset', 'change_phone', 'business_takeover'],
    }).notNull(),
    /** The login session a login code belongs to. */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** Where the code was sent (254 form); for a phone change, the new number. */
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    state: text('state', { enum: ['active', 'used', 'replaced', 'void'] })
      .notNull()
      .default('active'),
    /** Wrong codes tried against this one. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('otp_codes_user_idx').on(t.userId, t.purpose, t.state)],
);

/**
 * Counters for the sign-in and SMS limits (failed logins per account and per IP, codes sent per
 * phone and per IP). In the database, so every server instance sees the same counts.
 * A key is "<rule>:<subject>"; a fixed window starts at the first hit.
 */
export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

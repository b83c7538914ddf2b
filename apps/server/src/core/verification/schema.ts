import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

export const STAFF_STATUSES = ['active', 'suspended', 'left'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/**
 * County officers as their staff ID cards show them (the HR register, not portal accounts: a
 * back-office login is a `users` row with role staff). The card's QR code opens
 * `/everify/s/{qid}/{staff_no}`; `qid` is random and unguessable, so the staff list cannot be
 * walked by trying numbers.
 */
export const staff = pgTable('staff', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The payroll number printed on the card, e.g. "20114587". */
  staffNo: text('staff_no').notNull().unique(),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name'),
  surName: text('sur_name').notNull(),
  department: text('department').notNull(),
  designation: text('designation').notNull(),
  status: text('status', { enum: STAFF_STATUSES }).notNull().default('active'),
  /** The random id in the card's QR code (16 base64url characters). */
  qid: text('qid').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A citizen's national ID verification QR code (`/everify/i/{qid}/{id}`): one random qid per
 * account, made the first time the citizen asks for it. Kept here, keyed by user, rather than as
 * a column on `users` (which belongs to accounts). A new qid (deleting the row) invalidates
 * every copy of the old QR code.
 */
export const identityQrCodes = pgTable('identity_qr_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  qid: text('qid').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import type { OfficerRole } from '@kaunti/contract/api-staff';
import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/**
 * County officers: the portal accounts (users.role = 'staff') that work in the back office,
 * with their roles and the service areas they serve (`*`: every area). Officers are created by
 * an administrator, never by sign-up; a new officer must set their own password first.
 */
export const officers = pgTable('officers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  staffNo: text('staff_no'),
  roles: text('roles').array().$type<OfficerRole[]>().notNull(),
  areas: text('areas').array().notNull(),
  active: boolean('active').notNull().default(true),
  /** True until the officer sets their own password (an administrator's is only a start). */
  mustSetPassword: boolean('must_set_password').notNull().default(true),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
});

export type OfficerRow = typeof officers.$inferSelect;

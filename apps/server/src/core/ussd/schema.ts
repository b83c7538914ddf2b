import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A USSD caller's language, kept by a keyed hash of the phone (never the number): a known phone
 * starts on the main menu in its language. `session_id` is the gateway session the choice was
 * made in, so that session's later steps are walked from the language screen as they began.
 */
export const ussdCallers = pgTable('ussd_callers', {
  phoneKey: text('phone_key').primaryKey(),
  language: text('language', { enum: ['en', 'sw'] }).notNull(),
  sessionId: text('session_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

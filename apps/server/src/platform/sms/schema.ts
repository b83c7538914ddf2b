import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The outbox SMS driver's messages (development and tests): what would have been sent, kept so
 * a person or a browser test can read a one-time code. Never used in production.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    /** Increasing, so "newest first" holds even for two messages in the same instant. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The recipient, 254 form. */
    phoneNumber: text('phone_number').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phoneNumber, t.id)],
);

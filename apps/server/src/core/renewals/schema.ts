import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/**
 * The renewable documents an account holds (decision 040): written when a document of a
 * `renewable` service is issued, unless an area keeps it against something of its own (a
 * business's permits: `areas/business`). /permits, renewals and reminders find them here without
 * reading applications' answers.
 */
export const renewableDocuments = pgTable(
  'renewable_documents',
  {
    documentId: text('document_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: text('service_id').notNull(),
    applicationNo: text('application_no').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when its renewal is issued: it is then followed by that one. */
    renewedBy: text('renewed_by'),
  },
  (t) => [
    index('renewable_documents_user_idx').on(t.userId, t.expiresAt),
    index('renewable_documents_expiry_idx').on(t.expiresAt),
  ],
);

/**
 * SMS reminders sent before a renewable document expires — a business's permit or an account's
 * licence: one row per document and threshold, so each goes once whichever instance sends it.
 */
export const permitReminders = pgTable(
  'permit_reminders',
  {
    documentId: text('document_id').notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.daysBefore] })],
);

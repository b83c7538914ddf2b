import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/** A service form saved as the user goes. The id is made by the web app (PUT is idempotent). */
export const drafts = pgTable(
  'drafts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: text('service_id').notNull(),
    step: integer('step').notNull().default(0),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // By user only (a user has a few drafts; their order is sorted in memory): every save changes
  // `updated_at`, and an index on it made each save a new index entry rather than an update in
  // place (migration 0014 also leaves room on each page for those in-place updates).
  (t) => [index('drafts_user_idx').on(t.userId)],
);

import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Faults of public toilets reported by anyone (closed, dirty, no water), open until an officer
 * closes them; each move audited.
 */
export const toiletFaults = pgTable(
  'toilet_faults',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toiletCode: text('toilet_code').notNull(),
    kind: text('kind', { enum: ['closed', 'dirty', 'no_water'] }).notNull(),
    note: text('note'),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
  },
  (t) => [index('toilet_faults_open_idx').on(t.status, t.toiletCode)],
);

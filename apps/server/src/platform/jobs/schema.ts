import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per periodic job: when a run last started and which instance took it. An instance
 * runs a job only if it wins the row for this period (jobs/lease.ts), so N instances run each
 * job once per period, not N times.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  holder: text('holder').notNull(),
});

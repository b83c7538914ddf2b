import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { jobRuns } from './schema';

/** This process, as job_runs.holder names it. */
export const INSTANCE_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * Takes a periodic job's run for this period: true for exactly one caller among every instance
 * sharing the database, until `periodMs` has passed since the run it won started. One statement
 * (insert, or update only when the period is over), so two instances can never both win.
 */
export async function claimJobRun(
  db: Db,
  name: string,
  periodMs: number,
  holder = INSTANCE_ID,
): Promise<boolean> {
  // A little under the period: a tick that comes a few milliseconds early is not a missed run.
  const due = Math.max(0, periodMs - 1_000);
  const won = await db
    .insert(jobRuns)
    .values({ name, lastStartedAt: sql`now()`, holder })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastStartedAt: sql`now()`, holder },
      setWhere: sql`${jobRuns.lastStartedAt} <= now() - make_interval(secs => ${due / 1000})`,
    })
    .returning({ name: jobRuns.name });
  return won.length > 0;
}

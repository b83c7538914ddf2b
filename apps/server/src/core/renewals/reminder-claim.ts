import type { Db } from '../../platform/db/database';
import { DAY_MS, REMINDER_DAYS } from '../documents/renewal';
import { permitReminders } from './schema';

/**
 * Claims the expiry reminder a renewable document is due at `now`: the nearest threshold of
 * REMINDER_DAYS it has reached, once across instances (a `permit_reminders` row per document and
 * threshold). Rows for the further thresholds are written too, so a document first seen 5 days
 * before its expiry is not also told "30 days". Answers the days left when this caller won the
 * claim and should send the SMS, else undefined.
 */
export async function claimReminder(
  db: Db,
  documentId: string,
  expiresAt: Date,
  now: Date,
): Promise<number | undefined> {
  const daysLeft = Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS);
  const thresholds = REMINDER_DAYS.filter((d) => daysLeft <= d);
  if (thresholds.length === 0) return undefined;
  const nearest = Math.min(...thresholds);
  const written = await db
    .insert(permitReminders)
    .values(thresholds.map((daysBefore) => ({ documentId, daysBefore })))
    .onConflictDoNothing()
    .returning({ daysBefore: permitReminders.daysBefore });
  return written.some((w) => w.daysBefore === nearest) ? daysLeft : undefined;
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { applications } from './schema';

type ApplicationRow = typeof applications.$inferSelect;

/**
 * One of the user's own applications by its number (of one service, if given); anyone else's —
 * or none — is the same 404, so a number never tells a stranger that it exists.
 */
export async function findOwnedApplication(
  db: Db,
  userId: string,
  applicationNo: string,
  serviceId?: string,
): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.applicationNo, applicationNo.trim().toUpperCase()),
        eq(applications.userId, userId),
        ...(serviceId ? [eq(applications.serviceId, serviceId)] : []),
      ),
    )
    .limit(1);
  if (!row) throw notFound('We could not find that application.');
  return row;
}

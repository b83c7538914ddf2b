import { and, eq } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import type { Db } from '../../platform/db/database';
import { forbidden, notFound } from '../../platform/errors';
import { saccos } from './schema';

// Who may use Sacco services: PSV activated, and only their own Saccos.

export type SaccoRow = typeof saccos.$inferSelect;

export const PSV_NOT_ACTIVE_MESSAGE =
  'PSV services are not active on your account. Activate PSV services on your profile first, then manage your Sacco here.';
const SACCO_NOT_FOUND = 'We could not find that Sacco among yours.';

/** A name or other text as typed, its spaces tidied. */
export const clean = (value: string | undefined) => value?.trim().replace(/\s+/g, ' ') ?? '';

/** The caller may use Sacco services only with PSV activated (403 with what to do). */
export async function requirePsv(db: Db, userId: string) {
  const [user] = await db.select({ psv: users.psv }).from(users).where(eq(users.id, userId));
  if (!user?.psv) throw forbidden(PSV_NOT_ACTIVE_MESSAGE);
}

/** One of the user's Saccos, or 404 (another manager's Sacco is never revealed). */
export async function ownSacco(tx: Db, userId: string, saccoId: string): Promise<SaccoRow> {
  const [row] = await tx
    .select()
    .from(saccos)
    .where(and(eq(saccos.id, saccoId), eq(saccos.userId, userId)));
  if (!row) throw notFound(SACCO_NOT_FOUND);
  return row;
}

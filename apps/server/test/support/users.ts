import { randomInt } from 'node:crypto';
import type { OfficerRole } from '@kaunti/contract/api-staff';
import { eq } from 'drizzle-orm';
import { users } from '../../src/core/accounts/schema';
import { createSessionService } from '../../src/core/accounts/sessions';
import { createTokenSigner } from '../../src/core/accounts/tokens';
import { officers } from '../../src/core/staff/schema';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  phoneNumber: string;
  identifier: string;
  /** A verified session's token: `Authorization: Bearer <token>` opens the protected API. */
  token: string;
  headers: { authorization: string };
}

/**
 * A user with a verified session, written straight to the database (the accounts API tests
 * exercise sign-up and login themselves; other tests only need someone signed in).
 */
export async function createSignedInUser(
  t: TestApp,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  const n = randomInt(10_000_000, 99_999_999);
  const [user] = await t.database.db
    .insert(users)
    .values({
      customerNo: `TEST-${n}`,
      firstName: 'Wanjiku',
      surName: 'Test',
      identifier: String(n),
      identifierType: 'id_number',
      phoneNumber: `2547${String(n).slice(0, 8)}`,
      email: `user${n}@example.co.ke`,
      passwordHash: 'not-a-real-hash',
      firstTimeLogin: false,
      phoneVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  const sessions = createSessionService(t.database.db, createTokenSigner(t.config.jwtSecret));
  const pending = await sessions.startPending(user!.id);
  const { token } = await sessions.verify(pending.sessionId, user!.id);
  return {
    id: user!.id,
    phoneNumber: user!.phoneNumber,
    identifier: user!.identifier,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** A county officer with a verified session, these roles and areas (every area by default). */
export async function createOfficer(
  t: TestApp,
  roles: OfficerRole[],
  areas: string[] = ['*'],
  options: { mustSetPassword?: boolean } = {},
): Promise<TestUser> {
  const user = await createSignedInUser(t, { role: 'staff' });
  await t.database.db
    .insert(officers)
    .values({ userId: user.id, roles, areas, mustSetPassword: options.mustSetPassword ?? false });
  return user;
}

/** A seeded account (a demo officer, the demo citizen) by its phone (07…), with a verified session. */
export async function signedInAs(t: TestApp, phone: string): Promise<TestUser> {
  const [user] = await t.database.db
    .select()
    .from(users)
    .where(eq(users.phoneNumber, `254${phone.slice(1)}`))
    .limit(1);
  if (!user) throw new Error(`no seeded account ${phone}`);
  const sessions = createSessionService(t.database.db, createTokenSigner(t.config.jwtSecret));
  const pending = await sessions.startPending(user.id);
  const { token } = await sessions.verify(pending.sessionId, user.id);
  return {
    id: user.id,
    phoneNumber: user.phoneNumber,
    identifier: user.identifier,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** Services whose published example names the demo citizen's own records (a tenancy): tried as that citizen. */
export const DEMO_CITIZEN_EXAMPLES: ReadonlySet<string> = new Set([
  'next-of-kin',
  'property-management',
  'tenancy-transfer',
]);

/**
 * Of those, the services whose issue hands the demo citizen's records to someone else (a tenancy
 * transferred): a walk that issues them takes them after the others.
 */
export const HANDS_OVER_DEMO_RECORDS: ReadonlySet<string> = new Set(['tenancy-transfer']);

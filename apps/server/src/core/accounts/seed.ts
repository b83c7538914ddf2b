import { guessIdentifierType } from '@kaunti/contract/identifier';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { customerNoPrefix } from './auth-service';
import { hashPassword } from './passwords';
import { users } from './schema';

/**
 * Demo accounts for trying the portal (only when KAUNTI_DEMO_DATA is on, never by default in
 * production). Both sign in with the password below; the one-time code goes to the SMS outbox.
 * Their phones end in none of the M-Pesa simulator's magic digits (tools/mpesa-sim), so paying
 * with the phone the payment page fills in succeeds.
 */
export const DEMO_PASSWORD = 'Kaunti#Demo2024';
export const DEMO_USERS = [
  {
    firstName: 'Wanjiku',
    middleName: 'Njeri',
    surName: 'Kamau',
    identifier: '2345678',
    phoneNumber: '254712345678',
    email: 'wanjiku.kamau@example.co.ke',
  },
  {
    firstName: 'Otieno',
    middleName: null,
    surName: 'Odhiambo',
    identifier: 'A004416331M',
    phoneNumber: '254722334455',
    email: 'otieno.odhiambo@example.co.ke',
  },
] as const;

/** Adds the demo accounts that are missing (matched by phone); running it again changes nothing. */
export async function seedDemoUsers(db: Db, countyName: string): Promise<void> {
  const existing = await db.select({ phone: users.phoneNumber }).from(users);
  const have = new Set(existing.map((row) => row.phone));
  const missing = DEMO_USERS.filter((user) => !have.has(user.phoneNumber));
  if (missing.length === 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const prefix = customerNoPrefix(countyName);
  for (const user of missing) {
    await db
      .insert(users)
      .values({
        ...user,
        customerNo: sql`${`${prefix}-`} || lpad(nextval('customer_no_seq')::text, 7, '0')`,
        identifierType: guessIdentifierType(user.identifier),
        passwordHash,
        firstTimeLogin: false,
        phoneVerifiedAt: new Date(),
      })
      .onConflictDoNothing();
  }
}

import type { OfficerRole } from '@kaunti/contract/api-staff';
import { guessIdentifierType } from '@kaunti/contract/identifier';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { customerNoPrefix } from '../accounts/auth-service';
import { hashPassword } from '../accounts/passwords';
import { users } from '../accounts/schema';
import type { CountyProfile } from '../county/county-profile';
import { officers } from './schema';

/** The demo officers' password (README table); only with demo data, never by default in production. */
export const DEMO_STAFF_PASSWORD = 'Kaunti#Staff2024';

/** One demo officer per role, serving every area. They sign in at /staff/login. */
export const DEMO_OFFICERS: readonly {
  role: OfficerRole;
  phoneNumber: string;
  firstName: string;
  surName: string;
  identifier: string;
  staffNo: string;
}[] = [
  {
    role: 'reviewer',
    phoneNumber: '254700000101',
    firstName: 'Achieng',
    surName: 'Otieno',
    identifier: '30000101',
    staffNo: '0101',
  },
  {
    role: 'approver',
    phoneNumber: '254700000102',
    firstName: 'Kamau',
    surName: 'Mwangi',
    identifier: '30000102',
    staffNo: '0102',
  },
  {
    role: 'revenue',
    phoneNumber: '254700000103',
    firstName: 'Fatuma',
    surName: 'Hassan',
    identifier: '30000103',
    staffNo: '0103',
  },
  {
    role: 'admin',
    phoneNumber: '254700000104',
    firstName: 'Kiprono',
    surName: 'Langat',
    identifier: '30000104',
    staffNo: '0104',
  },
  {
    role: 'auditor',
    phoneNumber: '254700000105',
    firstName: 'Wairimu',
    surName: 'Njoroge',
    identifier: '30000105',
    staffNo: '0105',
  },
  {
    role: 'enforcement',
    phoneNumber: '254700000106',
    firstName: 'Mutua',
    surName: 'Kilonzo',
    identifier: '30000106',
    staffNo: '0106',
  },
];

/** Adds the demo officers that are missing (by phone); running it again changes nothing. */
export async function seedDemoOfficers(db: Db, profile: CountyProfile): Promise<void> {
  // Addresses at the county's own domain, staff numbers under its initials (NCC/0101, MC/0101).
  const domain = new URL(profile.contacts.website).hostname.replace(/^www\./, '');
  const staffPrefix = customerNoPrefix(profile.name);
  const existing = new Set((await db.select({ phone: users.phoneNumber }).from(users)).map((r) => r.phone));
  const missing = DEMO_OFFICERS.filter((o) => !existing.has(o.phoneNumber));
  if (missing.length === 0) return;
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  for (const officer of missing) {
    const [user] = await db
      .insert(users)
      .values({
        customerNo: sql`'STAFF-' || lpad(nextval('customer_no_seq')::text, 7, '0')`,
        firstName: officer.firstName,
        surName: officer.surName,
        identifier: officer.identifier,
        identifierType: guessIdentifierType(officer.identifier),
        phoneNumber: officer.phoneNumber,
        email: `${officer.firstName.toLowerCase()}.${officer.surName.toLowerCase()}@${domain}`,
        passwordHash,
        role: 'staff',
        firstTimeLogin: false,
        phoneVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (!user) continue;
    await db
      .insert(officers)
      .values({
        userId: user.id,
        staffNo: `${staffPrefix}/${officer.staffNo}`,
        roles: [officer.role],
        areas: ['*'],
        mustSetPassword: false,
      })
      .onConflictDoNothing();
  }
}

import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { users } from '../accounts/schema';
import { identityQrCodes, type StaffStatus, staff } from './schema';
import { newQid } from './verification-service';

/**
 * Demo records for E-Verify (KAUNTI_DEMO_DATA): fictional Nairobi City County officers for the
 * staff ID check, and fictional citizens (who cannot sign in: no usable password) for the national
 * ID check. Idempotent: a second run updates the officers' details and keeps every QR id.
 */

export interface DemoStaff {
  staffNo: string;
  firstName: string;
  middleName?: string;
  surName: string;
  department: string;
  designation: string;
  status: StaffStatus;
}

export const DEMO_STAFF: DemoStaff[] = [
  {
    staffNo: '20114587',
    firstName: 'Grace',
    middleName: 'Wanjiru',
    surName: 'Mwangi',
    department: 'Finance and Economic Planning',
    designation: 'Senior Revenue Officer',
    status: 'active',
  },
  {
    staffNo: '20098231',
    firstName: 'Peter',
    middleName: 'Otieno',
    surName: 'Ouma',
    department: 'Built Environment and Urban Planning',
    designation: 'Building Inspector',
    status: 'active',
  },
  {
    staffNo: '20126640',
    firstName: 'Fatuma',
    middleName: 'Hassan',
    surName: 'Abdi',
    department: 'Health, Wellness and Nutrition',
    designation: 'Public Health Officer',
    status: 'active',
  },
  {
    staffNo: '20071129',
    firstName: 'John',
    middleName: 'Kiprotich',
    surName: 'Kiptoo',
    department: 'Mobility and Works',
    designation: 'Parking Enforcement Officer',
    status: 'active',
  },
  {
    staffNo: '20139902',
    firstName: 'Mary',
    middleName: 'Achieng',
    surName: 'Odhiambo',
    department: 'Business and Hustler Opportunities',
    designation: 'Trade Licensing Officer',
    status: 'active',
  },
  {
    staffNo: '20102218',
    firstName: 'Esther',
    middleName: 'Njeri',
    surName: 'Kamau',
    department: 'Built Environment and Urban Planning',
    designation: 'Valuation Officer',
    status: 'active',
  },
  {
    staffNo: '20085573',
    firstName: 'Samuel',
    middleName: 'Mutua',
    surName: 'Musyoka',
    department: 'Security and Compliance',
    designation: 'County Inspectorate Officer',
    status: 'suspended',
  },
  {
    staffNo: '20060344',
    firstName: 'David',
    middleName: 'Kamau',
    surName: 'Githinji',
    department: 'Environment, Water, Food and Agriculture',
    designation: 'Market Superintendent',
    status: 'left',
  },
];

export interface DemoCitizen {
  customerNo: string;
  firstName: string;
  middleName?: string;
  surName: string;
  idNumber: string;
  phoneNumber: string;
  email: string;
  phoneVerified: boolean;
}

export const DEMO_CITIZENS: DemoCitizen[] = [
  {
    customerNo: 'NCC-DEMO-EV01',
    firstName: 'Wanjiku',
    middleName: 'Mary',
    surName: 'Kariuki',
    idNumber: '27845123',
    phoneNumber: '254700000201',
    email: 'wanjiku.kariuki@example.co.ke',
    phoneVerified: true,
  },
  {
    customerNo: 'NCC-DEMO-EV02',
    firstName: 'Brian',
    surName: 'Omondi',
    idNumber: '31290456',
    phoneNumber: '254700000202',
    email: 'brian.omondi@example.co.ke',
    phoneVerified: false,
  },
];

export async function seedVerificationDemo(db: Db): Promise<void> {
  const now = new Date();
  await db
    .insert(staff)
    .values(DEMO_STAFF.map((s) => ({ ...s, middleName: s.middleName ?? null, qid: newQid() })))
    .onConflictDoUpdate({
      target: staff.staffNo,
      set: {
        firstName: sql`excluded.first_name`,
        middleName: sql`excluded.middle_name`,
        surName: sql`excluded.sur_name`,
        department: sql`excluded.department`,
        designation: sql`excluded.designation`,
        status: sql`excluded.status`,
        updatedAt: now,
      },
    });

  for (const citizen of DEMO_CITIZENS) {
    // Demo data made before the back office had these citizens on 0700000101/102, which are
    // now the demo officers' phones: they move to their own numbers.
    await db
      .update(users)
      .set({ phoneNumber: citizen.phoneNumber })
      .where(and(eq(users.customerNo, citizen.customerNo), ne(users.phoneNumber, citizen.phoneNumber)));
    // Any clash (this identifier or phone already taken) leaves the existing account alone.
    await db
      .insert(users)
      .values({
        customerNo: citizen.customerNo,
        firstName: citizen.firstName,
        middleName: citizen.middleName ?? null,
        surName: citizen.surName,
        identifier: citizen.idNumber,
        identifierType: 'id_number',
        phoneNumber: citizen.phoneNumber,
        email: citizen.email,
        // Not an argon2 hash: no password matches it, so demo citizens cannot sign in.
        passwordHash: 'demo-account-no-login',
        firstTimeLogin: false,
        phoneVerifiedAt: citizen.phoneVerified ? now : null,
      })
      .onConflictDoNothing();
  }
  const demoUsers = await db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.customerNo,
        DEMO_CITIZENS.map((c) => c.customerNo),
      ),
    );
  for (const user of demoUsers) {
    await db
      .insert(identityQrCodes)
      .values({ userId: user.id, qid: newQid() })
      .onConflictDoNothing({ target: identityQrCodes.userId });
  }
}

/** The demo officers' and citizens' QR ids, for the demo samples. */
export async function demoVerificationRecords(db: Db) {
  const officers = await db
    .select({ staffNo: staff.staffNo, qid: staff.qid, status: staff.status })
    .from(staff)
    .where(
      inArray(
        staff.staffNo,
        DEMO_STAFF.map((s) => s.staffNo),
      ),
    );
  const citizens = await db
    .select({ idNumber: users.identifier, qid: identityQrCodes.qid, verifiedAt: users.phoneVerifiedAt })
    .from(identityQrCodes)
    .innerJoin(users, eq(users.id, identityQrCodes.userId))
    .where(
      inArray(
        users.customerNo,
        DEMO_CITIZENS.map((c) => c.customerNo),
      ),
    );
  return { officers, citizens };
}

import { randomBytes } from 'node:crypto';
import { findService } from '@kaunti/catalogue/catalogue';
import { isRenewable } from '@kaunti/catalogue/definition';
import type {
  IdentityVerifyResponse,
  PermitValidateResponse,
  StaffVerifyResponse,
} from '@kaunti/contract/api-verify';
import { maskName } from '@kaunti/contract/masking';
import { identityVerifyUrlFor } from '@kaunti/contract/verify-code';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { users } from '../accounts/schema';
import { applications } from '../applications/schema';
import type { CountyService } from '../county/county-service';
import { documents } from '../documents/schema';
import { standingOf } from '../documents/standing';
import { identityQrCodes, staff } from './schema';

/**
 * Staff ID and national ID checks (`/everify/s/{qid}/{sid}`, `/everify/i/{qid}/{id}`).
 *
 * Both need the random `qid` of the QR code AND the number printed beside it: knowing a staff or
 * ID number alone tells nothing, so these public pages cannot be used to find out who works for
 * the county or who has an account. A mismatch answers "not found" / "not registered", exactly
 * as a code that does not exist.
 *
 * Staff names are shown in full: county officers are public officers, the card already shows the
 * name, and the check is there to compare the card with the person holding it. A citizen's name is
 * masked (J*** K****): the check confirms a registration, it does not publish personal data.
 */

export interface VerificationService {
  verifyStaff(qid: string, staffNo: string): Promise<StaffVerifyResponse>;
  verifyIdentity(qid: string, idNumber: string): Promise<IdentityVerifyResponse>;
  /** The signed-in citizen's own national ID QR code (made on first request). */
  identityQrFor(userId: string): Promise<{ qid: string; url: string }>;
  /**
   * Whether a permit number is a permit in force — or a licence of a renewable service (a dog,
   * liquor… licence): issued, not revoked, not expired.
   */
  validatePermit(permitNo: string): Promise<PermitValidateResponse>;
}

/** The register's kinds a permit check answers for: permits, and a renewable service's licence or certificate. */
const PERMIT_KINDS: ('permit' | 'licence' | 'certificate')[] = ['permit', 'licence', 'certificate'];

/** A random QR id: 12 bytes, 16 base64url characters. */
export function newQid(): string {
  return randomBytes(12).toString('base64url');
}

const fullName = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

export function createVerificationService(deps: {
  db: Db;
  county: CountyService;
  publicUrl: string;
}): VerificationService {
  const { db } = deps;
  return {
    async validatePermit(permitNo) {
      const number = permitNo.trim().replace(/\s+/g, '').toUpperCase();
      // A permit, or what a renewable service issues (a licence, a certificate: decision 040).
      const rows = await db
        .select({
          kind: documents.kind,
          status: documents.status,
          expiresAt: documents.expiresAt,
          serviceId: applications.serviceId,
        })
        .from(documents)
        .leftJoin(applications, eq(applications.applicationNo, documents.subject))
        .where(and(inArray(documents.kind, PERMIT_KINDS), eq(documents.number, number)))
        .limit(PERMIT_KINDS.length);
      const row = rows.find((r) => {
        if (r.kind === 'permit') return true;
        const service = r.serviceId ? findService(r.serviceId) : undefined;
        return service !== undefined && isRenewable(service);
      });
      return { permitNo: number, isValid: row !== undefined && standingOf(row) === 'valid' };
    },

    async verifyStaff(qid, staffNo) {
      const issuer = (await deps.county.get()).name;
      const checkedAt = new Date().toISOString();
      const [row] = await db.select().from(staff).where(eq(staff.qid, qid)).limit(1);
      if (!row || row.staffNo !== staffNo.trim())
        return { status: 'not_found', issuer, checked_at: checkedAt };
      return {
        status: row.status === 'active' ? 'valid' : row.status,
        staff: {
          staff_no: row.staffNo,
          name: fullName(row.firstName, row.middleName, row.surName),
          department: row.department,
          designation: row.designation,
        },
        issuer,
        checked_at: checkedAt,
      };
    },

    async verifyIdentity(qid, idNumber) {
      const issuer = (await deps.county.get()).name;
      const checkedAt = new Date().toISOString();
      const [row] = await db
        .select({
          identifier: users.identifier,
          identifierType: users.identifierType,
          firstName: users.firstName,
          middleName: users.middleName,
          surName: users.surName,
          phoneVerifiedAt: users.phoneVerifiedAt,
          createdAt: users.createdAt,
        })
        .from(identityQrCodes)
        .innerJoin(users, eq(users.id, identityQrCodes.userId))
        .where(eq(identityQrCodes.qid, qid))
        .limit(1);
      const matches =
        row !== undefined &&
        row.identifierType === 'id_number' &&
        row.identifier.trim().toUpperCase() === idNumber.trim().toUpperCase();
      if (!matches) return { status: 'not_registered', issuer, checked_at: checkedAt };
      return {
        status: row.phoneVerifiedAt ? 'registered_verified' : 'registered_not_verified',
        person: {
          name: maskName(fullName(row.firstName, row.middleName, row.surName)),
          id_number: row.identifier,
          registered_at: row.createdAt.toISOString(),
        },
        issuer,
        checked_at: checkedAt,
      };
    },

    async identityQrFor(userId) {
      const [user] = await db
        .select({ identifier: users.identifier, identifierType: users.identifierType })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) throw notFound('Account not found.');
      if (user.identifierType !== 'id_number') {
        throw new AppError(
          400,
          'id_number_required',
          'Only accounts registered with a national ID number have an ID verification code.',
        );
      }
      await db
        .insert(identityQrCodes)
        .values({ userId, qid: newQid() })
        .onConflictDoNothing({ target: identityQrCodes.userId });
      const [row] = await db
        .select()
        .from(identityQrCodes)
        .where(eq(identityQrCodes.userId, userId))
        .limit(1);
      return { qid: row!.qid, url: identityVerifyUrlFor(deps.publicUrl, row!.qid, user.identifier) };
    },
  };
}

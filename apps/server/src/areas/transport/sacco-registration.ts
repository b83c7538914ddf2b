import {
  type RegisterSaccoRequest,
  SACCO_REGISTRATION_MESSAGE,
  SACCO_REGISTRATION_PATTERN,
  type SaccoSummary,
} from '@kaunti/contract/api-saccos';
import type { FieldError } from '@kaunti/contract/errors';
import { isValidPhone, normalisePhone, PHONE_FORMAT_MESSAGE } from '@kaunti/contract/phone-number';
import { and, eq } from 'drizzle-orm';
import { invalid } from '../../core/applications/submission-checks';
import { recordAudit } from '../../core/audit/audit';
import { type Db, isUniqueViolation } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead, UUID_KEY } from '../../platform/db/pages';
import { conflict } from '../../platform/errors';
import { clean, requirePsv } from './sacco-access';
import { type SaccoViews, summaryOf } from './sacco-views';
import { saccos } from './schema';

/** A manager's Saccos: registered, and listed a page at a time with this year's summary. */
export function createSaccoRegistration(db: Db, views: SaccoViews) {
  return {
    /** Registers a transport Sacco managed by the caller. */
    async register(userId: string, input: RegisterSaccoRequest, requestId?: string): Promise<SaccoSummary> {
      await requirePsv(db, userId);
      const errors: FieldError[] = [];
      const name = clean(input.name);
      if (name.length < 3) errors.push({ path: 'name', message: "Please enter the Sacco's registered name" });
      const registrationNo = clean(input.registration_no).toUpperCase().replace(/\s+/g, '');
      if (!SACCO_REGISTRATION_PATTERN.test(registrationNo))
        errors.push({ path: 'registration_no', message: SACCO_REGISTRATION_MESSAGE });
      const phone = clean(input.phone);
      if (!isValidPhone(phone)) errors.push({ path: 'phone', message: PHONE_FORMAT_MESSAGE });
      const email = clean(input.email);
      if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        errors.push({
          path: 'email',
          message: 'Please enter a valid e-mail address, e.g. office@sacco.co.ke',
        });
      if (errors.length > 0) invalid(errors);
      try {
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(saccos)
            .values({ userId, name, registrationNo, phone: normalisePhone(phone), email: email || null })
            .returning();
          await recordAudit(tx, {
            actor: { type: 'user', id: userId },
            entityType: 'sacco',
            entityId: inserted!.id,
            action: 'registered',
            toState: 'registered',
            data: { registration_no: registrationNo },
            ...(requestId ? { requestId } : {}),
          });
          return inserted!;
        });
        return summaryOf(row, []);
      } catch (error) {
        if (isUniqueViolation(error, 'saccos_registration_uq'))
          throw conflict(
            `A Sacco with the registration number ${registrationNo} is already registered on the portal. If it is yours, ask the county to move it to your account.`,
            'already_exists',
          );
        throw error;
      }
    },
    /**
     * The caller's Saccos, each with its summary for this year: newest registered first, a page
     * at a time (`platform/db/pages.ts`).
     */
    async mine(userId: string, page: PageQuery = {}): Promise<Page<SaccoSummary>> {
      await requirePsv(db, userId);
      const read = pageRead(page, saccos.createdAt, saccos.id, UUID_KEY);
      const rows = await db
        .select({ row: saccos, at: read.at })
        .from(saccos)
        .where(and(eq(saccos.userId, userId), read.after))
        .orderBy(...read.orderBy)
        .limit(read.rows);
      const shown = pageOf(
        rows,
        read.limit,
        (r) => ({ at: r.at, key: r.row.id }),
        (r) => r.row,
      );
      return {
        ...shown,
        data: await Promise.all(shown.data.map(async (row) => summaryOf(row, await views.vehiclesOf(row)))),
      };
    },
  };
}

import type { AccountLanguage } from '@kaunti/contract/api-accounts';
import type { OfficerWaitingList } from '@kaunti/contract/api-estates';
import { asc, eq } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import { applications } from '../../core/applications/schema';
import { fullName } from '../../core/bills/bill-service';
import type { Db } from '../../platform/db/database';
import type { createAllocationReads } from './allocation-reads';
import type { Use } from './allocation-terms';
import { sizeWords } from './house-words';
import { onWaitingList } from './waiting-list';

/** The officer's view of an estate's waiting list for a kind of unit, beside its vacant houses. */
export function createAllocationWaitingList(db: Db, reads: ReturnType<typeof createAllocationReads>) {
  const { estateOf, vacantHouses } = reads;
  return {
    /** An estate's waiting list for a kind of unit, in its order, and its vacant houses of that kind. */
    async waitingList(
      estateCode: string,
      use: Use,
      language: AccountLanguage = 'en',
    ): Promise<OfficerWaitingList> {
      const estate = await estateOf(db, estateCode);
      const [waiting, vacant] = await Promise.all([
        db
          .select({
            applicationNo: applications.applicationNo,
            status: applications.status,
            createdAt: applications.createdAt,
            values: applications.values,
            firstName: users.firstName,
            middleName: users.middleName,
            surName: users.surName,
          })
          .from(applications)
          .innerJoin(users, eq(users.id, applications.userId))
          .where(onWaitingList(estate.code, use))
          .orderBy(asc(applications.createdAt), asc(applications.applicationNo)),
        vacantHouses(db, estate.code, use),
      ]);
      return {
        estate_code: estate.code,
        estate: estate.name,
        unit_use: use,
        waiting: waiting.map((w, i) => {
          const household = Number((w.values as Record<string, unknown>).household_size);
          return {
            place: i + 1,
            application_no: w.applicationNo,
            applicant_name: fullName(w.firstName, w.middleName, w.surName) || 'Applicant',
            household_size: Number.isInteger(household) ? household : null,
            applied_on: w.createdAt.toISOString(),
            status: w.status,
            registered: w.status === 'issued',
          };
        }),
        vacant: vacant.map((h) => ({
          house_no: h.houseNo,
          block: h.block,
          size: sizeWords(h.size, language),
          monthly_rent_cents: h.monthlyRentCents,
        })),
      };
    },
  };
}

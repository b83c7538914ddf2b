import type { AccountLanguage } from '@kaunti/contract/api-accounts';
import type { OfficerWaitingList } from '@kaunti/contract/api-estates';
import { and, eq, not, sql } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import { applications } from '../../core/applications/schema';
import { fullName } from '../../core/bills/bill-service';
import type { Db } from '../../platform/db/database';
import { type PageQuery, pageOf, pageRead } from '../../platform/db/pages';
import type { createAllocationReads } from './allocation-reads';
import type { Use } from './allocation-terms';
import { sizeWords } from './house-words';
import { APPLICATION_NO_KEY, onWaitingList } from './waiting-list';

/** The officer's view of an estate's waiting list for a kind of unit, beside its vacant houses. */
export function createAllocationWaitingList(db: Db, reads: ReturnType<typeof createAllocationReads>) {
  const { estateOf, vacantHouses } = reads;
  return {
    /**
     * An estate's waiting list for a kind of unit, in its order (first come first: created_at, then
     * application number), a page at a time after the cursor's position (decision 038), each place
     * counted from the start of the list; and its vacant houses of that kind, whole on every page
     * (the estate's houses, not a list that grows).
     */
    async waitingList(
      estateCode: string,
      use: Use,
      language: AccountLanguage = 'en',
      page: PageQuery = {},
    ): Promise<OfficerWaitingList> {
      const estate = await estateOf(db, estateCode);
      const read = pageRead(
        page,
        applications.createdAt,
        applications.applicationNo,
        APPLICATION_NO_KEY,
        'oldest first',
      );
      const onList = onWaitingList(estate.code, use);
      const [found, ahead, vacant] = await Promise.all([
        db
          .select({
            at: read.at,
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
          .where(and(onList, read.after))
          .orderBy(...read.orderBy)
          .limit(read.rows),
        // Those on the list up to the cursor's position: the places before this page's first.
        read.after
          ? db
              .select({ n: sql<number>`count(*)::int` })
              .from(applications)
              .where(and(onList, not(read.after)))
              .then(([row]) => Number(row?.n ?? 0))
          : Promise.resolve(0),
        vacantHouses(db, estate.code, use),
      ]);
      const { data: waiting, next_cursor } = pageOf(
        found,
        read.limit,
        (w) => ({ at: w.at, key: w.applicationNo }),
        (w) => w,
      );
      return {
        estate_code: estate.code,
        estate: estate.name,
        unit_use: use,
        waiting: waiting.map((w, i) => {
          const household = Number((w.values as Record<string, unknown>).household_size);
          return {
            place: ahead + i + 1,
            application_no: w.applicationNo,
            applicant_name: fullName(w.firstName, w.middleName, w.surName) || 'Applicant',
            household_size: Number.isInteger(household) ? household : null,
            applied_on: w.createdAt.toISOString(),
            status: w.status,
            registered: w.status === 'issued',
          };
        }),
        next_cursor,
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

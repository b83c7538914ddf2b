import { formatKes } from '@kaunti/contract/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import type { IssuingListener } from '../../core/applications/application-transitions';
import type { AreaValidator } from '../../core/applications/submission-checks';
import { recordAudit } from '../../core/audit/audit';
import { kenyaDate, kenyaToday } from '../../core/bills/kenya-date';
import type { StandingChargeService } from '../../core/bills/standing-charges';
import { referenceItems } from '../../core/county/schema';
import type { Db } from '../../platform/db/database';
import { conflict } from '../../platform/errors';
import { marketStalls, stallAllocations } from './schema';
import type { StallReads } from './stall-reads';
import { firstRentMonth, isStallType, STALL_SERVICE, STALL_WORDS } from './stall-terms';

/** A stall application: checked against the vacant stalls, and a stall allocated as it is issued. */
export function createStallApplications(
  deps: { db: Db; standing: StandingChargeService },
  reads: StallReads,
) {
  const { db, standing } = deps;
  const { vacant, openRent } = reads;

  /** A stall application names a market that lets stalls of that kind, with one vacant now (else a field error). */
  const validateApplication: AreaValidator = async ({ service, values }) => {
    if (service.id !== STALL_SERVICE) return [];
    const marketCode = String(values.market_code ?? '');
    if (!isStallType(values.stall_type)) return [];
    const free = await vacant(db, marketCode, values.stall_type);
    if (free.length === 0)
      return [
        {
          path: 'stall_type',
          message: `No ${STALL_WORDS[values.stall_type]} is vacant at this market now. Please choose another kind of stall or another market.`,
        },
      ];
    return [];
  };

  /**
   * An issued stall application is allocated the lowest-numbered vacant stall of its kind at its
   * market (locked, so two officers issuing at once never take the same one; the partial unique
   * index holds it too), whose rent opens from this month and is raised at once. Answers the
   * stall's number and rent, which the allocation letter prints. None vacant: the issue is refused.
   */
  const allocateIssued: IssuingListener = async (tx, { row, actor }) => {
    if (row.serviceId !== STALL_SERVICE) return undefined;
    const values = (row.values as Record<string, unknown> | null) ?? {};
    const marketCode = String(values.market_code ?? '');
    const stallType = values.stall_type;
    if (!isStallType(stallType))
      throw conflict('This application does not name a kind of stall.', 'no_stall_vacant');
    const [free] = await tx
      .select({ stallNo: marketStalls.stallNo, monthlyRentCents: marketStalls.monthlyRentCents })
      .from(marketStalls)
      .where(
        and(
          eq(marketStalls.marketCode, marketCode),
          eq(marketStalls.stallType, stallType),
          sql`not exists (select 1 from ${stallAllocations} a where a.stall_no = ${marketStalls.stallNo} and a.status = 'active')`,
        ),
      )
      .orderBy(asc(marketStalls.position), asc(marketStalls.stallNo))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!free)
      throw conflict(
        `No ${STALL_WORDS[stallType]} is vacant at this market now, so no stall can be allocated. Reject the application with that reason.`,
        'no_stall_vacant',
      );
    const [user] = await tx
      .select({ firstName: users.firstName, middleName: users.middleName, surName: users.surName })
      .from(users)
      .where(eq(users.id, row.userId));
    const traderName =
      [user?.firstName, user?.middleName, user?.surName].filter(Boolean).join(' ') || 'Trader';
    const rentFrom = firstRentMonth(kenyaToday());
    const [allocation] = await tx
      .insert(stallAllocations)
      .values({
        stallNo: free.stallNo,
        userId: row.userId,
        traderName,
        goodsSold: String(values.goods_sold ?? ''),
        applicationNo: row.applicationNo,
        allocatedOn: kenyaDate(),
        rentFrom,
      })
      .returning();
    // In the issuing transaction (never another connection: it may be the only one).
    const [market] = await tx
      .select({ name: referenceItems.name })
      .from(referenceItems)
      .where(and(eq(referenceItems.list, 'markets'), eq(referenceItems.code, marketCode)));
    const obligation = await openRent(
      tx,
      { ...allocation!, rentFrom },
      { marketCode, monthlyRentCents: free.monthlyRentCents },
      market?.name ?? marketCode,
    );
    await standing.raiseNow(tx, obligation.id);
    await recordAudit(tx, {
      actor,
      entityType: 'market_stall',
      entityId: free.stallNo,
      action: 'allocated',
      toState: 'active',
      data: {
        application_no: row.applicationNo,
        user_id: row.userId,
        monthly_rent_cents: free.monthlyRentCents,
      },
    });
    return { stall_no: free.stallNo, monthly_rent: formatKes(free.monthlyRentCents) };
  };

  return { validateApplication, allocateIssued };
}

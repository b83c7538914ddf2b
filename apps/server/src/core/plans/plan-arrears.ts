import { and, asc, eq, inArray, isNotNull, isNull, lt, notLike } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { kenyaDate } from '../bills/kenya-date';
import { bills, standingObligations } from '../bills/schema';
import type { StandingChargeService } from '../bills/standing-charges';
import { type CoveredItem, PLAN_SOURCE, type PlanRow } from './plan-model';
import { paymentPlans } from './schema';

/** What a plan would cover and whether one is open: read for the page, locked for a grant. */
export function createPlanArrears(standing: Pick<StandingChargeService, 'summary'>) {
  /** Everything a plan would cover now: balances of standing obligations, open overdue bills. */
  async function coveredOf(
    on: Db,
    userId: string,
    lock = false,
    /** The words of each item: a plan keeps the English; the arrears page reads them in its reader's language. */
    language: 'en' | 'sw' = 'en',
  ): Promise<CoveredItem[]> {
    const today = kenyaDate();
    const obligations = await on
      .select()
      .from(standingObligations)
      .where(eq(standingObligations.userId, userId));
    const items: CoveredItem[] = [];
    for (const obligation of obligations) {
      // What another open bill carries of it (a tenancy transfer's) is that bill's to ask for.
      const { askableCents: balanceCents } = await standing.summary(obligation, on);
      if (balanceCents > 0)
        items.push({
          kind: 'standing',
          sourceId: obligation.id,
          reference: obligation.reference,
          description: (language === 'sw' && obligation.descriptionSw) || obligation.description,
          amount_cents: balanceCents,
        });
    }
    const query = on
      .select()
      .from(bills)
      .where(
        and(
          eq(bills.userId, userId),
          inArray(bills.status, ['unpaid', 'partially_paid']),
          isNotNull(bills.sourceKey),
          // An application's bill is its fee, not arrears (and its payment moves the application).
          isNull(bills.applicationId),
          notLike(bills.sourceKey, 'standing:%'),
          notLike(bills.sourceKey, `${PLAN_SOURCE}:%`),
          lt(bills.dueDate, today),
        ),
      )
      .orderBy(asc(bills.dueDate));
    const overdue = lock ? await query.for('update') : await query;
    for (const bill of overdue)
      items.push({
        kind: 'bill',
        sourceId: bill.billNo,
        reference: bill.billNo,
        description: (language === 'sw' && bill.descriptionSw) || bill.description,
        amount_cents: bill.totalCents - bill.paidCents,
      });
    return items;
  }

  async function openPlanOf(on: Db, userId: string): Promise<PlanRow | undefined> {
    const [row] = await on
      .select()
      .from(paymentPlans)
      .where(and(eq(paymentPlans.userId, userId), inArray(paymentPlans.status, ['pending_review', 'active'])))
      .limit(1);
    return row;
  }

  return { coveredOf, openPlanOf };
}

export type PlanArrears = ReturnType<typeof createPlanArrears>;

import type { ArrearsItem, PaymentPlan } from '@kaunti/contract/api-payment-plans';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { notFound } from '../../platform/errors';
import { documents } from '../documents/schema';
import type { PaymentPlanDeps, PlanRow } from './plan-model';
import { paymentPlanInstalments, paymentPlanItems, paymentPlans } from './schema';

/** A plan as the API answers it (its items, instalments and schedule letter), and the owner's own. */
export function createPlanViews(deps: Pick<PaymentPlanDeps, 'db' | 'links'>) {
  const { db } = deps;

  async function present(rows: PlanRow[]): Promise<PaymentPlan[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [items, instalments, docs] = await Promise.all([
      db.select().from(paymentPlanItems).where(inArray(paymentPlanItems.planId, ids)),
      db
        .select()
        .from(paymentPlanInstalments)
        .where(inArray(paymentPlanInstalments.planId, ids))
        .orderBy(asc(paymentPlanInstalments.number)),
      db
        .select()
        .from(documents)
        .where(
          inArray(
            documents.id,
            rows.map((r) => r.documentId).filter((id): id is string => id !== null),
          ),
        ),
    ]);
    return rows.map((row) => {
      const own = instalments.filter((i) => i.planId === row.id);
      const doc = docs.find((d) => d.id === row.documentId);
      const link = doc ? deps.links.link(doc) : null;
      const covered = items.filter((i) => i.planId === row.id);
      return {
        plan_no: row.planNo,
        status: row.status,
        arrears_cents: row.arrearsCents,
        instalment_count: row.instalmentCount,
        items:
          covered.length > 0
            ? covered.map((i) => ({
                kind: i.kind,
                reference: i.reference,
                description: i.description,
                amount_cents: i.amountCents,
              }))
            : (row.asked ?? []).map(
                (i) => ({ ...i, kind: i.kind === 'standing' ? 'standing' : 'bill' }) as ArrearsItem,
              ),
        instalments: own.map((i) => ({
          number: i.number,
          due_date: i.dueDate,
          amount_cents: i.amountCents,
          status: i.status,
          bill_no: i.billNo,
        })),
        missed_count: own.filter((i) => i.status === 'missed').length,
        decided_by_officer: row.needsOfficer,
        reason: row.reason,
        rest_bill_no: row.restBillNo,
        document: link
          ? {
              id: link.id,
              number: link.number,
              print_url: link.print_url,
              pdf_url: link.pdf_url,
              url: link.url,
            }
          : null,
        created_at: row.createdAt.toISOString(),
        granted_at: row.grantedAt?.toISOString() ?? null,
      };
    });
  }

  async function ownPlan(userId: string, planNo: string): Promise<PlanRow> {
    const [row] = await db
      .select()
      .from(paymentPlans)
      .where(and(eq(paymentPlans.planNo, planNo), eq(paymentPlans.userId, userId)))
      .limit(1);
    // Another account's plan is as unknown as one that does not exist.
    if (!row) throw notFound('We could not find that payment plan.');
    return row;
  }

  return { present, ownPlan };
}

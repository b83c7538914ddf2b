import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { Actor } from '../audit/audit';
import { kenyaDate } from '../bills/kenya-date';
import { bills } from '../bills/schema';
import {
  type InstalmentRow,
  instalmentStatus,
  moveInstalment,
  movePlan,
  type PaymentPlanDeps,
  PLAN_SOURCE,
  type PlanRow,
} from './plan-model';
import { addDays, BILL_DAYS_BEFORE, restPenaltyCents } from './plan-rule';
import { paymentPlanInstalments, paymentPlans } from './schema';

/**
 * A plan's instalments and their bills: each billed within a month of its due day, paid through
 * its bill (registered on the bills core), and, once two are missed, the rest on one bill.
 */
export function createPlanInstalments(deps: Pick<PaymentPlanDeps, 'bills'>) {
  const { bills: billService } = deps;

  async function raiseInstalmentBill(tx: Db, plan: PlanRow, instalment: InstalmentRow, actor: Actor) {
    const n = instalment.number;
    const count = plan.instalmentCount;
    const bill = await billService.raise(tx, {
      userId: plan.userId,
      description: `Payment plan ${plan.planNo}: instalment ${n} of ${count}`,
      descriptionSw: `Mpango wa malipo ${plan.planNo}: awamu ya ${n} kati ya ${count}`,
      lines: [
        {
          amount_cents: instalment.amountCents,
          description: `Payment plan ${plan.planNo}, instalment ${n} of ${count}, due ${instalment.dueDate}`,
          description_sw: `Mpango wa malipo ${plan.planNo}, awamu ya ${n} kati ya ${count}, inadaiwa ${instalment.dueDate}`,
          parcel: null,
          code: plan.planNo,
        },
      ],
      sourceKey: `${PLAN_SOURCE}:${plan.planNo}:${n}`,
      dueDate: instalment.dueDate,
      actor,
    });
    await moveInstalment(tx, plan, instalment, 'billed', { billNo: bill.bill_no }, actor);
  }

  /** Bills the instalments of an active plan due within a month (locked: once across instances). */
  async function billDue(tx: Db, plan: PlanRow, today: string, actor: Actor): Promise<number> {
    const due = await tx
      .select()
      .from(paymentPlanInstalments)
      .where(
        and(
          eq(paymentPlanInstalments.planId, plan.id),
          eq(paymentPlanInstalments.status, 'scheduled'),
          sql`${paymentPlanInstalments.dueDate} <= ${addDays(today, BILL_DAYS_BEFORE)}::date`,
        ),
      )
      .orderBy(asc(paymentPlanInstalments.number))
      .for('update');
    for (const instalment of due) await raiseInstalmentBill(tx, plan, instalment, actor);
    return due.length;
  }

  /** Ends a plan after its second missed instalment: the rest falls due on one bill, today. */
  async function endPlan(tx: Db, plan: PlanRow, actor: Actor): Promise<void> {
    const open = await tx
      .select()
      .from(paymentPlanInstalments)
      .where(
        and(
          eq(paymentPlanInstalments.planId, plan.id),
          inArray(paymentPlanInstalments.status, ['scheduled', 'billed', 'missed']),
        ),
      )
      .orderBy(asc(paymentPlanInstalments.number));
    let rest = 0;
    for (const instalment of open) {
      let paid = 0;
      if (instalment.billNo) {
        const [bill] = await tx.select().from(bills).where(eq(bills.billNo, instalment.billNo));
        paid = bill?.paidCents ?? 0;
        if (bill && (bill.status === 'unpaid' || bill.status === 'partially_paid'))
          await billService.cancel(
            tx,
            bill.billNo,
            actor,
            `Payment plan ${plan.planNo} ended: the rest fell due`,
            undefined,
            {
              keepPaid: true,
            },
          );
      }
      rest += Math.max(0, instalment.amountCents - paid);
      await moveInstalment(tx, plan, instalment, 'fallen_due', {}, actor);
    }
    let restBillNo: string | null = null;
    const penalty = restPenaltyCents(rest);
    if (rest > 0) {
      const bill = await billService.raise(tx, {
        userId: plan.userId,
        description: `Payment plan ${plan.planNo}: the rest, fallen due`,
        descriptionSw: `Mpango wa malipo ${plan.planNo}: kiasi kilichobaki, kinadaiwa sasa`,
        lines: [
          {
            amount_cents: rest,
            description: `Payment plan ${plan.planNo}: the rest, fallen due after two missed instalments`,
            description_sw: `Mpango wa malipo ${plan.planNo}: kiasi kilichobaki, kinadaiwa sasa baada ya awamu mbili kukosa kulipwa`,
            parcel: null,
            code: plan.planNo,
          },
          // The penalty the plan held back while it was kept (decision 037): never on nothing.
          ...(penalty > 0
            ? [
                {
                  amount_cents: penalty,
                  description: `Late payment penalty: payment plan ${plan.planNo} ended after two missed instalments`,
                  description_sw: `Adhabu ya kuchelewa kulipa: mpango wa malipo ${plan.planNo} umekoma baada ya awamu mbili kukosa kulipwa`,
                  parcel: null,
                  code: plan.planNo,
                },
              ]
            : []),
        ],
        sourceKey: `${PLAN_SOURCE}:${plan.planNo}:rest`,
        dueDate: kenyaDate(),
        actor,
      });
      restBillNo = bill.bill_no;
    }
    await movePlan(
      tx,
      plan,
      'defaulted',
      { endedAt: new Date(), restBillNo, reason: 'Two instalments were missed: the rest fell due.' },
      actor,
      { rest_cents: rest, penalty_cents: rest > 0 ? penalty : 0, rest_bill_no: restBillNo },
    );
  }

  // An instalment's bill paid (STK push or paybill), in the payment's transaction.
  billService.onObligationPaid(PLAN_SOURCE, async (tx, bill) => {
    const [, planNo, n] = bill.sourceKey?.split(':') ?? [];
    if (!planNo || !n || n === 'rest') return;
    const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.planNo, planNo)).for('update');
    if (!plan) return;
    const [instalment] = await tx
      .select()
      .from(paymentPlanInstalments)
      .where(and(eq(paymentPlanInstalments.planId, plan.id), eq(paymentPlanInstalments.number, Number(n))))
      .for('update');
    if (!instalment || !instalmentStatus.can(instalment.status, 'paid')) return;
    const actor: Actor = { type: 'system', id: 'payment-plans' };
    await moveInstalment(tx, plan, instalment, 'paid', {}, actor);
    const [left] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentPlanInstalments)
      .where(
        and(eq(paymentPlanInstalments.planId, plan.id), sql`${paymentPlanInstalments.status} <> 'paid'`),
      );
    if (plan.status === 'active' && (left?.n ?? 0) === 0)
      await movePlan(tx, plan, 'completed', { endedAt: new Date() }, actor, { bill_no: bill.billNo });
  });

  return { billDue, endPlan };
}

export type PlanInstalments = ReturnType<typeof createPlanInstalments>;

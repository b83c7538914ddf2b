import { composePrinted } from '@kaunti/catalogue/document-texts';
import { findDocumentTemplate } from '@kaunti/catalogue/registries/documents';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { conflict } from '../../platform/errors';
import { users } from '../accounts/schema';
import type { Actor } from '../audit/audit';
import { fullName } from '../bills/bill-service';
import { kenyaDate } from '../bills/kenya-date';
import { standingPayments } from '../bills/schema';
import type { PlanArrears } from './plan-arrears';
import type { PlanInstalments } from './plan-instalments';
import { type CoveredItem, movePlan, type PaymentPlanDeps, PLAN_TEMPLATE, type PlanRow } from './plan-model';
import { scheduleOf } from './plan-rule';
import { paymentPlanInstalments, paymentPlanItems } from './schema';

/**
 * Granting a plan: what it covers moves into it (a standing balance recorded paid by the plan, an
 * overdue bill settled by it), its schedule is written and issued as a letter, and the
 * instalments due within a month are billed.
 */
export function createPlanGrant(
  deps: Pick<PaymentPlanDeps, 'bills' | 'county' | 'documents'>,
  parts: { arrears: Pick<PlanArrears, 'coveredOf'>; instalments: Pick<PlanInstalments, 'billDue'> },
) {
  const { bills: billService } = deps;
  const { coveredOf } = parts.arrears;
  const { billDue } = parts.instalments;

  /** Moves what the plan covers into it and writes its schedule; the plan becomes active. */
  async function grant(tx: Db, plan: PlanRow, actor: Actor, requestId?: string): Promise<PlanRow> {
    const covered = await coveredOf(tx, plan.userId, true);
    const total = covered.reduce((sum, c) => sum + c.amount_cents, 0);
    if (total <= 0)
      throw conflict('Nothing is owed any more: there is nothing for a plan to cover.', 'nothing_to_pay');
    const reference = `PLAN:${plan.planNo}`;
    for (const item of covered) {
      if (item.kind === 'standing') {
        // Recorded paid by the plan: its balance falls to nothing, so no penalty is raised on it.
        await tx.insert(standingPayments).values({
          obligationId: item.sourceId,
          amountCents: item.amount_cents,
          billNo: null,
          reference,
        });
        const open = await billService.findOpenBySource(tx, `standing:${item.sourceId}`);
        if (open)
          await billService.cancel(
            tx,
            open.billNo,
            actor,
            `Moved to payment plan ${plan.planNo}`,
            requestId,
            {
              keepPaid: true,
            },
          );
      } else {
        await billService.applyPayment(tx, {
          billNo: item.sourceId,
          amountCents: item.amount_cents,
          actor,
          reference,
          // Not money: the plan bills it anew, and only its instalments' receipts say received.
          settlement: true,
          ...(requestId ? { requestId } : {}),
        });
      }
    }
    await tx.insert(paymentPlanItems).values(
      covered.map((c) => ({
        planId: plan.id,
        kind: c.kind,
        sourceId: c.sourceId,
        reference: c.reference,
        description: c.description,
        amountCents: c.amount_cents,
      })),
    );
    const today = kenyaDate();
    const schedule = scheduleOf(total, plan.instalmentCount, today);
    await tx.insert(paymentPlanInstalments).values(
      schedule.map((s) => ({
        planId: plan.id,
        number: s.number,
        dueDate: s.dueDate,
        amountCents: s.amountCents,
        status: 'scheduled' as const,
      })),
    );
    const issuedAt = new Date();
    const document = await issueSchedule(tx, plan, total, covered, schedule, issuedAt, actor);
    const granted = await movePlan(
      tx,
      plan,
      'active',
      {
        arrearsCents: total,
        grantedAt: issuedAt,
        documentId: document.id,
        ...(actor.type === 'staff' ? { decidedBy: actor.id } : {}),
      },
      actor,
      { arrears_cents: total, instalments: plan.instalmentCount, covered: covered.map((c) => c.reference) },
      requestId,
    );
    await billDue(tx, granted, today, actor);
    return granted;
  }

  async function issueSchedule(
    tx: Db,
    plan: PlanRow,
    total: number,
    covered: CoveredItem[],
    schedule: ReturnType<typeof scheduleOf>,
    issuedAt: Date,
    actor: Actor,
  ) {
    const template = findDocumentTemplate(PLAN_TEMPLATE)!;
    const [user] = await tx.select().from(users).where(eq(users.id, plan.userId));
    const holder = fullName(user?.firstName, user?.middleName, user?.surName);
    const printed = composePrinted(template, {
      holder,
      number: plan.planNo,
      county: (await deps.county.get(tx)).name,
      fee_cents: total,
      issued_at: issuedAt,
      expires_at: null,
      values: {
        instalment_count: String(plan.instalmentCount),
        instalments: schedule.map((s) => ({
          number: String(s.number),
          due_date: s.dueDate,
          amount: s.amountCents,
        })),
        covered: covered.map((c) => ({
          reference: c.reference,
          description: c.description,
          amount: c.amount_cents,
        })),
      },
    });
    const issued = await deps.documents.issue(
      {
        kind: 'letter',
        number: plan.planNo,
        holderName: holder,
        ownerUserId: plan.userId,
        subject: plan.planNo,
        amountCents: total,
        facts: { description: template.title },
        printed,
        issuedAt,
        expiresAt: null,
        actor,
      },
      tx,
    );
    return issued.document;
  }

  return { grant };
}

import type { ArrearsItem, InstalmentStatus, PlanStatus } from '@kaunti/contract/api-payment-plans';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { conflict } from '../../platform/errors';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import { StateMachine } from '../../platform/state-machine';
import type { ApplicationDocuments } from '../applications/application-documents';
import { type Actor, recordAudit } from '../audit/audit';
import type { BillService } from '../bills/bill-service';
import type { StandingChargeService } from '../bills/standing-charges';
import type { CountyService } from '../county/county-service';
import type { DocumentService } from '../documents/document-service';
import type { PlanLimitsConfig } from './plan-rule';
import { paymentPlanInstalments, paymentPlans } from './schema';

/** What the payment plan modules share: their names, status tables, rows and moves, and their deps. */
export interface PaymentPlanDeps {
  db: Db;
  bills: BillService;
  standing: StandingChargeService;
  documents: Pick<DocumentService, 'issue'>;
  links: Pick<ApplicationDocuments, 'link'>;
  county: Pick<CountyService, 'get'>;
  sms: SmsGateway;
  publicUrl: string;
  limits: PlanLimitsConfig;
  log: { warn(object: Record<string, unknown>, message: string): void };
}

/** The bills of a plan's instalments carry "payment-plan:<plan_no>:<n>" (the rest: ":rest"). */
export const PLAN_SOURCE = 'payment-plan';
/** What a plan's template is called in the document registry. */
export const PLAN_TEMPLATE = 'payment-plan-schedule';

export const planStatus = new StateMachine<PlanStatus>('payment plan', {
  pending_review: ['active', 'refused', 'withdrawn'],
  active: ['completed', 'defaulted'],
  refused: [],
  withdrawn: [],
  completed: [],
  defaulted: [],
});

export const instalmentStatus = new StateMachine<InstalmentStatus>('instalment', {
  scheduled: ['billed', 'fallen_due'],
  billed: ['paid', 'missed', 'fallen_due'],
  missed: ['paid', 'fallen_due'],
  paid: [],
  fallen_due: [],
});

export type PlanRow = typeof paymentPlans.$inferSelect;
export type InstalmentRow = typeof paymentPlanInstalments.$inferSelect;
export interface CoveredItem extends ArrearsItem {
  sourceId: string;
}

/** Moves a plan through its status table, audited; a plan changed meanwhile is a 409. */
export async function movePlan(
  tx: Db,
  plan: PlanRow,
  to: PlanStatus,
  set: Partial<PlanRow>,
  actor: Actor,
  data: Record<string, unknown> = {},
  requestId?: string,
): Promise<PlanRow> {
  planStatus.assert(plan.status, to);
  const [row] = await tx
    .update(paymentPlans)
    .set({ ...set, status: to })
    .where(and(eq(paymentPlans.id, plan.id), eq(paymentPlans.status, plan.status)))
    .returning();
  if (!row) throw conflict('This payment plan changed meanwhile. Please try again.', 'changed_meanwhile');
  await recordAudit(tx, {
    actor,
    entityType: 'payment_plan',
    entityId: plan.planNo,
    action: to,
    fromState: plan.status,
    toState: to,
    data,
    ...(requestId ? { requestId } : {}),
  });
  return row;
}

/** Moves an instalment through its status table, audited. */
export async function moveInstalment(
  tx: Db,
  plan: PlanRow,
  instalment: InstalmentRow,
  to: InstalmentStatus,
  set: Partial<InstalmentRow>,
  actor: Actor,
): Promise<void> {
  instalmentStatus.assert(instalment.status, to);
  await tx
    .update(paymentPlanInstalments)
    .set({ ...set, status: to })
    .where(eq(paymentPlanInstalments.id, instalment.id));
  await recordAudit(tx, {
    actor,
    entityType: 'payment_plan_instalment',
    entityId: `${plan.planNo}:${instalment.number}`,
    action: to,
    fromState: instalment.status,
    toState: to,
    data: {
      amount_cents: instalment.amountCents,
      due_date: instalment.dueDate,
      ...(set.billNo ? { bill_no: set.billNo } : {}),
    },
  });
}

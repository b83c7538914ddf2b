import { randomInt } from 'node:crypto';
import { composePrinted } from '@kaunti/catalogue/document-texts';
import { findDocumentTemplate } from '@kaunti/catalogue/registries/documents';
import {
  type Arrears,
  type ArrearsItem,
  type InstalmentStatus,
  type PaymentPlan,
  PLAN_MAX_INSTALMENTS,
  PLAN_MIN_ARREARS_CENTS,
  PLAN_MIN_INSTALMENTS,
  type PlanStatus,
} from '@kaunti/contract/api-payment-plans';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, notLike, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../platform/db/database';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import { StateMachine } from '../../platform/state-machine';
import { users } from '../accounts/schema';
import type { ApplicationDocuments } from '../applications/application-documents';
import { type Actor, recordAudit } from '../audit/audit';
import { type BillService, fullName } from '../bills/bill-service';
import { kenyaDate } from '../bills/kenya-date';
import { bills, standingObligations, standingPayments } from '../bills/schema';
import type { StandingChargeService } from '../bills/standing-charges';
import type { CountyService } from '../county/county-service';
import type { DocumentService } from '../documents/document-service';
import { documents } from '../documents/schema';
import {
  addDays,
  BILL_DAYS_BEFORE,
  grantedAtOnce,
  MISSES_THAT_END_A_PLAN,
  type PlanLimitsConfig,
  REMINDER_DAYS_BEFORE,
  restPenaltyCents,
  scheduleOf,
} from './plan-rule';
import { paymentPlanInstalments, paymentPlanItems, paymentPlans } from './schema';

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

type PlanRow = typeof paymentPlans.$inferSelect;
type InstalmentRow = typeof paymentPlanInstalments.$inferSelect;
interface CoveredItem extends ArrearsItem {
  sourceId: string;
}

const REMINDER: Record<
  'en' | 'sw',
  (x: {
    county: string;
    n: number;
    planNo: string;
    amount: string;
    date: string;
    billNo: string;
    url: string;
  }) => string
> = {
  en: (x) =>
    `${x.county}: instalment ${x.n} of your payment plan ${x.planNo}, ${x.amount}, is due on ${x.date}. Pay bill ${x.billNo}: ${x.url}`,
  sw: (x) =>
    `${x.county}: awamu ya ${x.n} ya mpango wako wa malipo ${x.planNo}, ${x.amount}, inadaiwa tarehe ${x.date}. Lipa bili ${x.billNo}: ${x.url}`,
};

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

/**
 * Payment plans (decision 037): arrears — any standing obligation's balance and any open overdue
 * bill of an obligation on the account, whatever area owns it — paid in monthly instalments.
 * Granting a plan moves what it covers into it (a standing obligation's balance is recorded paid
 * by the plan, an overdue bill is settled by it), so penalties stop and no other bill asks for the
 * same money; the plan's instalments are then billed one by one. Two missed instalments end it and
 * the rest falls due on one bill.
 */
export function createPaymentPlans(deps: PaymentPlanDeps) {
  const { db, bills: billService, standing } = deps;

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

  const limitsView = () => ({
    min_arrears_cents: PLAN_MIN_ARREARS_CENTS,
    min_instalments: PLAN_MIN_INSTALMENTS,
    max_instalments: PLAN_MAX_INSTALMENTS,
    instant_max_instalments: deps.limits.instantMaxInstalments,
    instant_max_cents: deps.limits.instantMaxCents,
  });

  async function movePlan(
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

  async function moveInstalment(
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

  /** Moves what the plan covers into it and writes its schedule; the plan becomes active. */
  async function grant(tx: Db, plan: PlanRow, actor: Actor, requestId?: string): Promise<PlanRow> {
    const covered = await coveredOf(tx, plan.userId, true);
    const total = covered.reduce((sum, c) => sum + c.amount_cents, 0);
    if (total <= 0) throw conflict('Nothing is owed any more: there is nothing for a plan to cover.');
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

  async function newPlanNo(): Promise<string> {
    const year = kenyaDate().slice(0, 4);
    return `PP-${year}-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
  }

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

  return {
    limits: limitsView,

    async arrears(userId: string, language: 'en' | 'sw' = 'en'): Promise<Arrears> {
      const [items, open] = await Promise.all([
        coveredOf(db, userId, false, language),
        openPlanOf(db, userId),
      ]);
      const total = items.reduce((sum, i) => sum + i.amount_cents, 0);
      return {
        arrears_cents: total,
        items: items.map(({ sourceId: _, ...item }) => item),
        eligible: !open && total >= PLAN_MIN_ARREARS_CENTS,
        open_plan_no: open?.planNo ?? null,
        limits: limitsView(),
      };
    },

    async list(userId: string): Promise<PaymentPlan[]> {
      const rows = await db
        .select()
        .from(paymentPlans)
        .where(eq(paymentPlans.userId, userId))
        .orderBy(desc(paymentPlans.createdAt));
      return present(rows);
    },

    async get(userId: string, planNo: string): Promise<PaymentPlan> {
      return (await present([await ownPlan(userId, planNo)]))[0]!;
    },

    /** A plan asked for: granted at once within the county's limits, else waiting for an officer. */
    async request(userId: string, count: number, requestId?: string): Promise<PaymentPlan> {
      if (!Number.isInteger(count) || count < PLAN_MIN_INSTALMENTS || count > PLAN_MAX_INSTALMENTS)
        throw badRequest('Choose between 2 and 12 monthly instalments.', [
          { path: 'instalments', message: 'Choose between 2 and 12 monthly instalments.' },
        ]);
      const actor: Actor = { type: 'user', id: userId };
      try {
        const row = await db.transaction(async (tx) => {
          // One request at a time per account: the account's row is the lock.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
          if (await openPlanOf(tx, userId))
            throw conflict('You already have a payment plan open. See it below.');
          const covered = await coveredOf(tx, userId);
          const total = covered.reduce((sum, c) => sum + c.amount_cents, 0);
          if (total < PLAN_MIN_ARREARS_CENTS)
            throw badRequest(
              `A payment plan is offered for arrears of at least ${formatKes(PLAN_MIN_ARREARS_CENTS)}.`,
            );
          const atOnce = grantedAtOnce(deps.limits, total, count);
          let inserted: PlanRow | undefined;
          for (let attempt = 0; attempt < 8 && !inserted; attempt++)
            [inserted] = await tx
              .insert(paymentPlans)
              .values({
                planNo: await newPlanNo(),
                userId,
                status: 'pending_review',
                arrearsCents: total,
                instalmentCount: count,
                needsOfficer: !atOnce,
                asked: covered.map(({ sourceId: _, ...item }) => item),
              })
              .onConflictDoNothing({ target: paymentPlans.planNo })
              .returning();
          if (!inserted) throw new Error('Could not find a free plan number.');
          await recordAudit(tx, {
            actor,
            entityType: 'payment_plan',
            entityId: inserted.planNo,
            action: 'requested',
            toState: 'pending_review',
            data: { arrears_cents: total, instalments: count, granted_at_once: atOnce },
            ...(requestId ? { requestId } : {}),
          });
          return atOnce ? grant(tx, inserted, { type: 'system', id: 'payment-plans' }, requestId) : inserted;
        });
        return (await present([row]))[0]!;
      } catch (error) {
        if (isUniqueViolation(error, 'payment_plans_one_open_uq'))
          throw conflict('You already have a payment plan open. See it below.');
        throw error;
      }
    },

    /** The citizen withdraws a plan still waiting for an officer. */
    async withdraw(userId: string, planNo: string, requestId?: string): Promise<PaymentPlan> {
      const plan = await ownPlan(userId, planNo);
      const row = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(paymentPlans)
          .where(eq(paymentPlans.id, plan.id))
          .for('update');
        return movePlan(
          tx,
          locked!,
          'withdrawn',
          { endedAt: new Date() },
          { type: 'user', id: userId },
          {},
          requestId,
        );
      });
      return (await present([row]))[0]!;
    },

    /** Plans waiting for a revenue officer (never shown their own to decide: the decision refuses it). */
    async pending(officerId: string) {
      const rows = await db
        .select({ plan: paymentPlans, user: users })
        .from(paymentPlans)
        .innerJoin(users, eq(users.id, paymentPlans.userId))
        .where(eq(paymentPlans.status, 'pending_review'))
        .orderBy(asc(paymentPlans.createdAt))
        .limit(200);
      const shown = await present(rows.map((r) => r.plan));
      return shown.map((plan, i) => ({
        ...plan,
        customer_name: fullName(rows[i]!.user.firstName, rows[i]!.user.middleName, rows[i]!.user.surName),
        own: rows[i]!.plan.userId === officerId,
      }));
    },

    /** A revenue officer grants or refuses a plan above the limits; never their own. */
    async decide(
      officerId: string,
      planNo: string,
      decision: 'grant' | 'refuse',
      reason: string | undefined,
      requestId?: string,
    ): Promise<PaymentPlan> {
      const actor: Actor = { type: 'staff', id: officerId };
      const row = await db.transaction(async (tx) => {
        const [plan] = await tx
          .select()
          .from(paymentPlans)
          .where(eq(paymentPlans.planNo, planNo))
          .for('update');
        if (!plan) throw notFound('We could not find that payment plan.');
        if (plan.userId === officerId) throw forbidden('You cannot decide your own payment plan.');
        if (plan.status !== 'pending_review')
          throw conflict('This payment plan has already been decided.', 'illegal_transition');
        if (decision === 'grant') return grant(tx, plan, actor, requestId);
        if (!reason)
          throw badRequest('Say why the plan is refused.', [
            { path: 'reason', message: 'Say why the plan is refused.' },
          ]);
        return movePlan(
          tx,
          plan,
          'refused',
          { decidedBy: officerId, reason, endedAt: new Date() },
          actor,
          { reason },
          requestId,
        );
      });
      await tellDecision(row);
      return (await present([row]))[0]!;
    },

    /**
     * The job (hourly, once across instances, and safe if two run at once): bills the instalments
     * due within a month, marks those unpaid after their due day missed (the second ends the plan),
     * and sends each reminder three days before its due day — claimed in the database first, so
     * it goes once whatever runs.
     */
    async runDue(
      now: Date = new Date(),
    ): Promise<{ billed: number; missed: number; ended: number; reminded: number }> {
      const today = kenyaDate(now);
      const system: Actor = { type: 'system', id: 'payment-plans' };
      let billed = 0;
      let missed = 0;
      let ended = 0;
      const active = await db
        .selectDistinct({ id: paymentPlans.id })
        .from(paymentPlans)
        .innerJoin(paymentPlanInstalments, eq(paymentPlanInstalments.planId, paymentPlans.id))
        .where(
          and(
            eq(paymentPlans.status, 'active'),
            sql`((${paymentPlanInstalments.status} = 'scheduled' and ${paymentPlanInstalments.dueDate} <= ${addDays(today, BILL_DAYS_BEFORE)}::date)
              or (${paymentPlanInstalments.status} = 'billed' and ${paymentPlanInstalments.dueDate} < ${today}::date))`,
          ),
        );
      for (const { id } of active) {
        await db.transaction(async (tx) => {
          const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, id)).for('update');
          if (plan?.status !== 'active') return;
          const late = await tx
            .select()
            .from(paymentPlanInstalments)
            .where(
              and(
                eq(paymentPlanInstalments.planId, plan.id),
                eq(paymentPlanInstalments.status, 'billed'),
                lt(paymentPlanInstalments.dueDate, today),
              ),
            )
            .orderBy(asc(paymentPlanInstalments.number));
          for (const instalment of late) {
            await moveInstalment(tx, plan, instalment, 'missed', {}, system);
            missed += 1;
          }
          const [count] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(paymentPlanInstalments)
            .where(
              and(eq(paymentPlanInstalments.planId, plan.id), eq(paymentPlanInstalments.status, 'missed')),
            );
          if ((count?.n ?? 0) >= MISSES_THAT_END_A_PLAN) {
            await endPlan(tx, plan, system);
            ended += 1;
            return;
          }
          billed += await billDue(tx, plan, today, system);
        });
      }
      const reminded = await sendReminders(today);
      return { billed, missed, ended, reminded };
    },
  };

  /** The citizen hears of an officer's decision by SMS, in their account's language. */
  async function tellDecision(plan: PlanRow): Promise<void> {
    try {
      const [user] = await db
        .select({ phone: users.phoneNumber, language: users.language })
        .from(users)
        .where(eq(users.id, plan.userId));
      if (!user) return;
      const county = (await deps.county.get()).name;
      const url = `${deps.publicUrl}/account/payment-plans`;
      const sw = user.language === 'sw';
      const text =
        plan.status === 'active'
          ? sw
            ? `${county}: mpango wako wa malipo ${plan.planNo} umekubaliwa: awamu ${plan.instalmentCount} za kila mwezi. Ratiba: ${url}`
            : `${county}: your payment plan ${plan.planNo} is granted: ${plan.instalmentCount} monthly instalments. Schedule: ${url}`
          : sw
            ? `${county}: mpango wako wa malipo ${plan.planNo} umekataliwa: ${plan.reason ?? ''}. ${url}`
            : `${county}: your payment plan ${plan.planNo} was refused: ${plan.reason ?? ''}. ${url}`;
      const result = await deps.sms.send(user.phone, text);
      if (!result.accepted)
        deps.log.warn({ plan_no: plan.planNo }, 'payment plan decision SMS was not accepted');
    } catch (error) {
      deps.log.warn({ err: error }, 'payment plan decision SMS failed');
    }
  }

  /** Claims the reminders due today in one statement (each row once, whoever else runs), then sends them. */
  async function sendReminders(today: string): Promise<number> {
    const claimed = await db
      .update(paymentPlanInstalments)
      .set({ remindedAt: new Date() })
      .where(
        and(
          sql`${paymentPlanInstalments.remindedAt} is null`,
          inArray(paymentPlanInstalments.status, ['scheduled', 'billed']),
          sql`${paymentPlanInstalments.dueDate} between ${today}::date and ${addDays(today, REMINDER_DAYS_BEFORE)}::date`,
          sql`${paymentPlanInstalments.planId} in (select id from ${paymentPlans} where status = 'active')`,
        ),
      )
      .returning();
    if (claimed.length === 0) return 0;
    const county = (await deps.county.get()).name;
    const plans = await db
      .select({ plan: paymentPlans, phone: users.phoneNumber, language: users.language })
      .from(paymentPlans)
      .innerJoin(users, eq(users.id, paymentPlans.userId))
      .where(inArray(paymentPlans.id, [...new Set(claimed.map((c) => c.planId))]));
    let sent = 0;
    for (const instalment of claimed) {
      const owner = plans.find((p) => p.plan.id === instalment.planId);
      if (!owner) continue;
      const text = REMINDER[owner.language === 'sw' ? 'sw' : 'en']({
        county,
        n: instalment.number,
        planNo: owner.plan.planNo,
        amount: formatKes(instalment.amountCents),
        date: formatDisplayDate(instalment.dueDate, owner.language === 'sw' ? 'sw' : 'en'),
        billNo: instalment.billNo ?? '-',
        url: `${deps.publicUrl}/account/payment-plans`,
      });
      try {
        const result = await deps.sms.send(owner.phone, text);
        if (result.accepted) sent += 1;
        else
          deps.log.warn(
            { plan_no: owner.plan.planNo },
            'payment plan reminder was not accepted by the gateway',
          );
      } catch (error) {
        deps.log.warn({ err: error }, 'payment plan reminder failed');
      }
    }
    return sent;
  }
}

export type PaymentPlanService = ReturnType<typeof createPaymentPlans>;

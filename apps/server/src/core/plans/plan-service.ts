import { randomInt } from 'node:crypto';
import {
  type Arrears,
  type PaymentPlan,
  PLAN_MAX_INSTALMENTS,
  PLAN_MIN_ARREARS_CENTS,
  PLAN_MIN_INSTALMENTS,
} from '@kaunti/contract/api-payment-plans';
import { formatKes } from '@kaunti/contract/money';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead, UUID_KEY } from '../../platform/db/pages';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { users } from '../accounts/schema';
import { type Actor, recordAudit } from '../audit/audit';
import { fullName } from '../bills/bill-service';
import { kenyaDate } from '../bills/kenya-date';
import { createPlanArrears } from './plan-arrears';
import { createPlanGrant } from './plan-grant';
import { createPlanInstalments } from './plan-instalments';
import { moveInstalment, movePlan, type PaymentPlanDeps, type PlanRow } from './plan-model';
import { addDays, BILL_DAYS_BEFORE, grantedAtOnce, MISSES_THAT_END_A_PLAN } from './plan-rule';
import { createPlanSms } from './plan-sms';
import { createPlanViews } from './plan-views';
import { paymentPlanInstalments, paymentPlans } from './schema';

/**
 * Payment plans (decision 037): arrears — any standing obligation's balance and any open overdue
 * bill of an obligation on the account, whatever area owns it — paid in monthly instalments.
 * Granting a plan moves what it covers into it (a standing obligation's balance is recorded paid
 * by the plan, an overdue bill is settled by it), so penalties stop and no other bill asks for the
 * same money; the plan's instalments are then billed one by one. Two missed instalments end it and
 * the rest falls due on one bill.
 */
export function createPaymentPlans(deps: PaymentPlanDeps) {
  const { db, standing } = deps;
  const { coveredOf, openPlanOf } = createPlanArrears(standing);
  const instalments = createPlanInstalments(deps);
  const { billDue, endPlan } = instalments;
  const { grant } = createPlanGrant(deps, { arrears: { coveredOf }, instalments });
  const { present, ownPlan } = createPlanViews(deps);
  const { tellDecision, sendReminders } = createPlanSms(deps);

  const limitsView = () => ({
    min_arrears_cents: PLAN_MIN_ARREARS_CENTS,
    min_instalments: PLAN_MIN_INSTALMENTS,
    max_instalments: PLAN_MAX_INSTALMENTS,
    instant_max_instalments: deps.limits.instantMaxInstalments,
    instant_max_cents: deps.limits.instantMaxCents,
  });

  async function newPlanNo(): Promise<string> {
    const year = kenyaDate().slice(0, 4);
    return `PP-${year}-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
  }

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

    /** The user's plans, newest first, a page at a time (`platform/db/pages.ts`). */
    async list(userId: string, page: PageQuery = {}): Promise<Page<PaymentPlan>> {
      const read = pageRead(page, paymentPlans.createdAt, paymentPlans.id, UUID_KEY);
      const rows = await db
        .select({ row: paymentPlans, at: read.at })
        .from(paymentPlans)
        .where(and(eq(paymentPlans.userId, userId), read.after))
        .orderBy(...read.orderBy)
        .limit(read.rows);
      const shown = pageOf(
        rows,
        read.limit,
        (r) => ({ at: r.at, key: r.row.id }),
        (r) => r.row,
      );
      return { ...shown, data: await present(shown.data) };
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
            throw conflict('You already have a payment plan open. See it below.', 'plan_already_open');
          const covered = await coveredOf(tx, userId);
          const total = covered.reduce((sum, c) => sum + c.amount_cents, 0);
          if (total < PLAN_MIN_ARREARS_CENTS)
            throw badRequest(
              `A payment plan is offered for arrears of at least ${formatKes(PLAN_MIN_ARREARS_CENTS)}.`,
              'arrears_too_small',
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
          throw conflict('You already have a payment plan open. See it below.', 'plan_already_open');
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

    /** Plans waiting for a revenue officer, oldest first, a page at a time (their own shown, marked: the decision refuses it). */
    async pending(officerId: string, page: PageQuery = {}) {
      const read = pageRead(page, paymentPlans.createdAt, paymentPlans.id, UUID_KEY, 'oldest first');
      const found = await db
        .select({ plan: paymentPlans, user: users, at: read.at })
        .from(paymentPlans)
        .innerJoin(users, eq(users.id, paymentPlans.userId))
        .where(and(eq(paymentPlans.status, 'pending_review'), read.after))
        .orderBy(...read.orderBy)
        .limit(read.rows);
      const { data: rows, next_cursor } = pageOf(
        found,
        read.limit,
        (r) => ({ at: r.at, key: r.plan.id }),
        (r) => r,
      );
      const shown = await present(rows.map((r) => r.plan));
      return {
        data: shown.map((plan, i) => ({
          ...plan,
          customer_name: fullName(rows[i]!.user.firstName, rows[i]!.user.middleName, rows[i]!.user.surName),
          own: rows[i]!.plan.userId === officerId,
        })),
        next_cursor,
      };
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
}

export type PaymentPlanService = ReturnType<typeof createPaymentPlans>;

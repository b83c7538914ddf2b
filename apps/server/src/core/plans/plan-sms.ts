import { formatDisplayDate } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { users } from '../accounts/schema';
import type { PaymentPlanDeps, PlanRow } from './plan-model';
import { addDays, REMINDER_DAYS_BEFORE } from './plan-rule';
import { paymentPlanInstalments, paymentPlans } from './schema';

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

/** What a plan's holder hears by SMS: an officer's decision, and each instalment's reminder. */
export function createPlanSms(deps: Pick<PaymentPlanDeps, 'db' | 'county' | 'publicUrl' | 'sms' | 'log'>) {
  const { db } = deps;

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

  return { tellDecision, sendReminders };
}

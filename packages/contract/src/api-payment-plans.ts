import { z } from 'zod';
import { nextCursorSchema } from './api-bills';
import { centsSchema } from './cents-schema';

/**
 * Payment plans (issue 41, decision 037): a citizen owing at least KES 5,000 of arrears (rent,
 * stall rent, rates: any open overdue bill of an obligation or standing charge of their account)
 * pays them in 2 to 12 monthly instalments. Within the county's limits a plan is granted at once;
 * above them a revenue officer decides. Every route answers only the caller's own plans (another's
 * is a 404).
 *
 *  - `GET  /api/payment-plans/arrears`          → {@link arrearsSchema}
 *  - `GET  /api/payment-plans`                  → `{ data: PaymentPlan[] }`
 *  - `POST /api/payment-plans`                  body {@link planRequestSchema} → {@link paymentPlanSchema}
 *  - `GET  /api/payment-plans/{plan_no}`        → {@link paymentPlanSchema}
 *  - `GET  /api/staff/payment-plans`            → the plans waiting for a revenue officer
 *  - `POST /api/staff/payment-plans/{plan_no}/decision` body {@link planDecisionSchema}
 */

/** The smallest arrears a plan is offered for: KES 5,000. */
export const PLAN_MIN_ARREARS_CENTS = 500_000;
export const PLAN_MIN_INSTALMENTS = 2;
export const PLAN_MAX_INSTALMENTS = 12;

export const planNoSchema = z
  .string()
  .trim()
  .regex(/^PP-\d{4}-\d{6}$/, 'A plan number looks like PP-2026-123456.')
  .describe('The plan number, e.g. "PP-2026-123456".');

export const arrearsItemSchema = z
  .object({
    kind: z
      .enum(['standing', 'bill'])
      .describe('A standing charge (county rent, stall rent) or an open overdue bill (rates).'),
    reference: z.string().describe('What it is owed on: the tenancy or stall number, or the bill number.'),
    description: z.string().describe('What it is, e.g. "County rent, Kaloleni house 114".'),
    amount_cents: centsSchema.describe('What is owed on it now.'),
  })
  .describe('A debt a payment plan covers');
export type ArrearsItem = z.infer<typeof arrearsItemSchema>;

export const planLimitsSchema = z
  .object({
    min_arrears_cents: centsSchema.describe('The smallest arrears a plan is offered for (KES 5,000).'),
    min_instalments: z.int().describe('The fewest instalments (2).'),
    max_instalments: z.int().describe('The most instalments (12).'),
    instant_max_instalments: z
      .int()
      .describe('Up to this many instalments a plan is granted at once; more: a revenue officer decides.'),
    instant_max_cents: centsSchema.describe(
      'Up to these arrears a plan is granted at once; more: a revenue officer decides.',
    ),
  })
  .describe("The county's limits on payment plans");
export type PlanLimits = z.infer<typeof planLimitsSchema>;

export const arrearsSchema = z
  .object({
    arrears_cents: centsSchema.describe('Everything a plan would cover now.'),
    items: z.array(arrearsItemSchema).describe('What is owed, by what it is owed on.'),
    eligible: z.boolean().describe('At least the minimum is owed and no plan is open already.'),
    open_plan_no: z.string().nullable().describe('The plan already open (waiting or active), if any.'),
    limits: planLimitsSchema,
  })
  .describe('What a payment plan would cover');
export type Arrears = z.infer<typeof arrearsSchema>;

export const PLAN_STATUSES = [
  'pending_review',
  'active',
  'refused',
  'withdrawn',
  'completed',
  'defaulted',
] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const INSTALMENT_STATUSES = ['scheduled', 'billed', 'paid', 'missed', 'fallen_due'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];

export const instalmentSchema = z
  .object({
    number: z.int().positive().describe('1 for the first instalment.'),
    due_date: z.string().describe('The day it is due (YYYY-MM-DD).'),
    amount_cents: centsSchema,
    status: z
      .enum(INSTALMENT_STATUSES)
      .describe(
        'scheduled (no bill yet), billed (its bill is open), paid, missed (unpaid after its due day), ' +
          'fallen_due (the plan ended: it is on the bill of the rest).',
      ),
    bill_no: z.string().nullable().describe('Its bill, once raised (about a month before it is due).'),
  })
  .describe('An instalment of a payment plan');
export type Instalment = z.infer<typeof instalmentSchema>;

export const planDocumentSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    print_url: z.string().nullable().describe('The printable schedule: /downloads/template?id=…&key=…'),
    pdf_url: z.string(),
    url: z.string().describe('Its E-Verify link (what the QR code holds).'),
  })
  .describe('The printed schedule');

export const paymentPlanSchema = z
  .object({
    plan_no: planNoSchema,
    status: z
      .enum(PLAN_STATUSES)
      .describe(
        'pending_review (a revenue officer decides), active (granted), refused, withdrawn, completed ' +
          '(every instalment paid), defaulted (two instalments missed: the rest fell due).',
      ),
    arrears_cents: centsSchema.describe('What the plan covers: the sum of its instalments.'),
    instalment_count: z.int().min(2).max(12),
    items: z.array(arrearsItemSchema).describe('The debts it covers (moved into the plan when granted).'),
    instalments: z.array(instalmentSchema).describe('The schedule, first due first (empty until granted).'),
    missed_count: z.int().nonnegative(),
    decided_by_officer: z.boolean().describe('A revenue officer decided it (above the limits).'),
    reason: z.string().nullable().describe('Why it was refused, or why it ended.'),
    rest_bill_no: z
      .string()
      .nullable()
      .describe('The bill of the rest, once two missed instalments ended it.'),
    document: planDocumentSchema.nullable().describe('The printable schedule, once granted.'),
    created_at: z.string(),
    granted_at: z.string().nullable(),
  })
  .describe('A payment plan');
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

export const paymentPlansResponseSchema = z
  .object({ data: z.array(paymentPlanSchema), next_cursor: nextCursorSchema })
  .describe('Payment plans');

export const planRequestSchema = z
  .object({
    instalments: z
      .int()
      .min(PLAN_MIN_INSTALMENTS, 'Choose between 2 and 12 monthly instalments.')
      .max(PLAN_MAX_INSTALMENTS, 'Choose between 2 and 12 monthly instalments.')
      .describe('How many monthly instalments, 2 to 12.'),
  })
  .describe('A payment plan asked for')
  .meta({ examples: [{ instalments: 3 }] });
export type PlanRequest = z.infer<typeof planRequestSchema>;

export const planParamsSchema = z.object({ plan_no: planNoSchema });

export const staffPlanSchema = paymentPlanSchema
  .extend({
    customer_name: z.string().describe("The citizen's name on the account."),
    own: z
      .boolean()
      .describe("The plan is the calling officer's own: they may not decide it (another officer does)."),
  })
  .describe('A payment plan as a revenue officer sees it');
export const staffPlansResponseSchema = z
  .object({ data: z.array(staffPlanSchema), next_cursor: nextCursorSchema })
  .describe('Payment plans waiting for a decision');

export const planDecisionSchema = z
  .object({
    decision: z.enum(['grant', 'refuse']).describe('Grant the plan, or refuse it.'),
    reason: z.string().trim().max(500).optional().describe('Why it is refused (required to refuse).'),
  })
  .describe("A revenue officer's decision on a payment plan")
  .meta({ examples: [{ decision: 'grant' }] });
export type PlanDecision = z.infer<typeof planDecisionSchema>;

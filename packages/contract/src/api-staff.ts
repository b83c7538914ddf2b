import { z } from 'zod';
import {
  applicationEventSchema,
  applicationNoSchema,
  applicationStatusSchema,
  issuedDocumentLinkSchema,
} from './api-applications';
import { billSchema, nextCursorSchema, pageQuerySchema } from './api-bills';
import { paymentMethodSchema, paymentStatusSchema } from './api-payments';
import { centsSchema } from './cents-schema';

/**
 * The county's back office (issue 11): officers, their roles and service areas, and what each
 * role may do. The server checks every permission on every request; the web app reads the same
 * table only to show what an officer can use.
 *
 *  - `GET  /api/staff/me`                                       the signed-in officer
 *  - `GET  /api/staff/applications`                             the queue (filters, counts)
 *  - `GET  /api/staff/applications/{application_no}`            one application in full
 *  - `POST /api/staff/applications/{application_no}/status`     a decision, with a reason
 *  - `GET  /api/staff/uploads/{id}`                             an upload, inline, for its area's officers
 *  - `GET  /api/staff/audit`                                    the audit log (auditors, administrators)
 *  - `POST /api/applications/{application_no}/answer`           the citizen answers a request for information
 */

export const OFFICER_ROLES = ['reviewer', 'approver', 'revenue', 'admin', 'auditor', 'enforcement'] as const;
export const officerRoleSchema = z.enum(OFFICER_ROLES);
export type OfficerRole = z.infer<typeof officerRoleSchema>;

/** The service areas an officer may be given (`*` is every area). */
export const OFFICER_AREAS = [
  '*',
  'land',
  'business',
  'parking',
  'health',
  'markets',
  'property',
  'other',
] as const;
export const officerAreaSchema = z.enum(OFFICER_AREAS);

export const PERMISSIONS = [
  'applications.read',
  'applications.request_info',
  'applications.reject',
  'applications.approve',
  'applications.issue',
  'documents.read',
  'documents.revoke',
  'claims.decide',
  'customers.check',
  'revenue.manage',
  'payments.configure',
  'officers.manage',
  'audit.read',
  'parking.check',
  'toilets.maintain',
  'estates.allocate',
  'fees.propose',
  'fees.confirm',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What each role may do. Four eyes is on top of this: the officer who approved an application
 * cannot also issue it, and nobody decides their own application.
 */
const REVIEWER: readonly Permission[] = [
  'applications.read',
  'applications.request_info',
  'applications.reject',
  'applications.issue',
  'documents.read',
  'customers.check',
];

export const ROLE_PERMISSIONS: Record<OfficerRole, readonly Permission[]> = {
  reviewer: REVIEWER,
  // The housing officer who allocates a vacant county house to the first on its waiting list.
  approver: [...REVIEWER, 'applications.approve', 'documents.revoke', 'claims.decide', 'estates.allocate'],
  revenue: ['applications.read', 'documents.read', 'revenue.manage', 'customers.check', 'fees.confirm'],
  admin: ['officers.manage', 'audit.read', 'payments.configure', 'fees.propose', 'fees.confirm'],
  auditor: ['applications.read', 'documents.read', 'audit.read'],
  enforcement: ['documents.read', 'parking.check', 'toilets.maintain'],
};

export function permissionsOf(roles: readonly OfficerRole[]): Permission[] {
  return [...new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]))];
}

/** The permission a decision needs. */
export const DECISION_PERMISSION = {
  needs_info: 'applications.request_info',
  rejected: 'applications.reject',
  approved: 'applications.approve',
  issued: 'applications.issue',
} as const satisfies Record<string, Permission>;

export const officerSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    phone_number: z.string(),
    staff_no: z.string().nullable(),
    roles: z.array(officerRoleSchema),
    areas: z.array(officerAreaSchema),
    permissions: z.array(z.enum(PERMISSIONS)),
    active: z.boolean(),
  })
  .meta({ id: 'Officer' });
export type Officer = z.infer<typeof officerSchema>;

// ------------------------------------------------------------------------------------ the queue

export const queueQuerySchema = z.object({
  status: applicationStatusSchema
    .optional()
    .describe(
      'Default (without q): what waits for the officer — under_review, and for an officer who issues, approved ones someone else approved. With q: every status.',
    ),
  area: z.string().max(30).optional(),
  service_id: z.string().max(60).optional(),
  q: z
    .string()
    .trim()
    .max(60)
    .optional()
    .describe('An application number, bill number, phone number, ID number or KRA PIN.'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

export const queueItemSchema = z.object({
  application_no: applicationNoSchema,
  service_id: z.string(),
  service_title: z.string(),
  area: z.string(),
  status: applicationStatusSchema,
  reference: z.string().nullable(),
  applicant_name: z.string(),
  bill_no: z.string().nullable(),
  fee_cents: z.int().nonnegative(),
  submitted_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  age_days: z.int().nonnegative().describe('Whole days since it was submitted.'),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueResponseSchema = z
  .object({
    data: z.array(queueItemSchema).describe('Oldest first.'),
    counts: z
      .record(z.string(), z.int().nonnegative())
      .describe("Applications by status in the officer's areas."),
    page: z.int(),
    per_page: z.int(),
    total: z.int().nonnegative().describe('Matching the filters.'),
  })
  .meta({ id: 'Queue' });
export type QueueResponse = z.infer<typeof queueResponseSchema>;

// -------------------------------------------------------------------------- one application

export const staffValueSchema = z.object({
  name: z.string(),
  label: z.string(),
  kind: z.string(),
  value: z.unknown(),
  display: z.string().describe('The value as a person reads it (a choice by its label, a date, yes/no).'),
  upload: z
    .object({ id: z.uuid(), name: z.string(), content_type: z.string(), url: z.string() })
    .nullable()
    .describe('For a file field: the upload, viewed inline at `url`.'),
});
export type StaffValue = z.infer<typeof staffValueSchema>;

export const staffEventSchema = applicationEventSchema.extend({
  actor_name: z.string().nullable().describe("The officer's or applicant's name; null for the system."),
});

export const staffPaymentSchema = z.object({
  payment_id: z.uuid(),
  status: paymentStatusSchema,
  method: paymentMethodSchema,
  amount_cents: z.int(),
  mpesa_receipt_number: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});

export const staffApplicationSchema = z
  .object({
    application_no: applicationNoSchema,
    service_id: z.string(),
    service_title: z.string(),
    area: z.string(),
    status: applicationStatusSchema,
    reference: z.string().nullable(),
    applicant: z.object({
      name: z.string(),
      customer_no: z.string(),
      phone_number: z.string(),
      identifier: z.string(),
    }),
    values: z.array(staffValueSchema).describe('Every value under its field label, in form order.'),
    bill: billSchema.nullable(),
    payments: z
      .array(staffPaymentSchema)
      .describe("Payments towards every bill of the application (a supplementary bill's too)."),
    money: z
      .object({
        price_cents: centsSchema.describe('The price of the answers as they stand (an answer re-prices).'),
        paid_cents: centsSchema.describe("Paid towards the application's bills."),
        balance_due_cents: centsSchema.describe(
          'Still due: while above 0 it is not approved or issued (409).',
        ),
        refund_due_cents: centsSchema.describe(
          'Paid beyond the price of the answers, due back to the applicant.',
        ),
      })
      .describe('The price of the answers beside what was paid.'),
    history: z.array(staffEventSchema),
    document: issuedDocumentLinkSchema.nullable().describe('Once issued: the document issued for it.'),
    register: z
      .object({
        facts: z.array(z.object({ label: z.string(), value: z.string() })),
        problems: z
          .array(z.string())
          .describe('What the records forbid: while any is listed, it is not approved or issued (409).'),
      })
      .nullable()
      .describe(
        "What the county's records say beside the answers (a parcel's owner, rates and land use), for services that check them.",
      ),
    allowed: z
      .array(z.enum(['needs_info', 'approved', 'rejected', 'issued']))
      .describe('The decisions this officer may take now (status table, role, four eyes).'),
    submitted_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'StaffApplication' });
export type StaffApplication = z.infer<typeof staffApplicationSchema>;

const REASON_MESSAGE = 'Please give the reason for this decision (at least 3 characters)';
/** The decisions that must say why (the citizen is told the reason by SMS); approving and issuing need none. */
export const DECISIONS_WITH_REASON = ['needs_info', 'rejected'] as const;
export const decisionSchema = z
  .object({
    status: z.enum(['needs_info', 'approved', 'rejected', 'issued']),
    reason: z
      .string({ error: REASON_MESSAGE })
      .trim()
      .max(1000, 'Please keep the reason under 1000 characters')
      .optional()
      .describe('Required (at least 3 characters) for needs_info and rejected; an optional note otherwise.'),
  })
  .superRefine((decision, context) => {
    const needed = (DECISIONS_WITH_REASON as readonly string[]).includes(decision.status);
    if (needed && (decision.reason ?? '').length < 3)
      context.addIssue({ code: 'custom', path: ['reason'], message: REASON_MESSAGE });
  })
  .meta({ id: 'Decision' })
  .meta({
    examples: [
      { status: 'needs_info', reason: 'The title deed copy is unreadable: please upload a clearer scan.' },
    ],
  });
export type Decision = z.infer<typeof decisionSchema>;

// ------------------------------------------------------------------- the citizen's answer

export const answerSchema = z
  .object({
    values: z
      .record(z.string().max(100), z.unknown())
      .default({})
      .describe('Only the fields asked about (others are kept as they were); uploads are new upload ids.'),
    message: z
      .string()
      .trim()
      .max(1000, 'Please keep your message under 1000 characters')
      .optional()
      .describe('A note to the officer.'),
  })
  .meta({ id: 'Answer' })
  .meta({
    examples: [
      {
        values: { proofOfOwnership: '3f2b8c1e-5d4a-4e6f-9a7b-2c1d0e9f8a7b' },
        message: 'Here is a clearer scan of the title deed.',
      },
    ],
  });
export type Answer = z.input<typeof answerSchema>;

// -------------------------------------------------------------------------------- the audit log

export const auditQuerySchema = z.object({
  officer_id: z.uuid().optional(),
  entity_type: z.string().max(40).optional(),
  entity_id: z.string().max(80).optional(),
  action: z.string().max(60).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditEntrySchema = z.object({
  id: z.int(),
  at: z.iso.datetime({ offset: true }),
  actor_type: z.string(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  entity_type: z.string(),
  entity_id: z.string(),
  action: z.string(),
  from_state: z.string().nullable(),
  to_state: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});

export const auditResponseSchema = z
  .object({ data: z.array(auditEntrySchema).describe('Newest first.'), page: z.int(), per_page: z.int() })
  .meta({ id: 'AuditLog' });

// -------------------------------------------------------------------------------------- revenue

export const unmatchedPaymentSchema = z.object({
  payment_id: z.uuid(),
  account_typed: z.string().describe('The account number the payer typed at the paybill.'),
  reason: z
    .string()
    .describe(
      'unknown_bill, bill_cancelled, or above_prompt (M-Pesa confirmed more than an STK prompt asked for: the difference).',
    ),
  amount_cents: z.int().positive(),
  phone_number: z.string().nullable(),
  payer_name: z.string().nullable(),
  mpesa_receipt_number: z.string().nullable(),
  paid_at: z.iso.datetime({ offset: true }),
  proposal: z
    .object({
      bill_no: z.string(),
      proposed_by: z.uuid().describe('The officer who proposed it: another revenue officer must confirm it.'),
      proposed_by_name: z.string(),
      reason: z.string(),
      proposed_at: z.iso.datetime({ offset: true }),
    })
    .nullable()
    .describe('A match above the second-officer amount, waiting for a second revenue officer.'),
});
export type UnmatchedPayment = z.infer<typeof unmatchedPaymentSchema>;

export const unmatchedListSchema = z
  .object({
    data: z.array(unmatchedPaymentSchema),
    next_cursor: nextCursorSchema,
    second_officer_above_cents: z
      .int()
      .nonnegative()
      .describe('A match above this needs a second revenue officer (REVENUE_SECOND_OFFICER_ABOVE).'),
  })
  .meta({ id: 'UnmatchedPayments' });
export type UnmatchedList = z.infer<typeof unmatchedListSchema>;

export const matchResultSchema = z
  .object({
    status: z
      .enum(['matched', 'awaiting_second_officer'])
      .describe('matched: credited now; awaiting_second_officer: a second revenue officer must confirm it.'),
    bill_no: z.string(),
    amount_cents: z.int(),
    bill_status: z.string(),
  })
  .meta({ id: 'MatchResult' });
export type MatchResult = z.infer<typeof matchResultSchema>;

const revenueReason = z
  .string({ error: 'Please give the reason (at least 3 characters)' })
  .trim()
  .min(3, 'Please give the reason (at least 3 characters)')
  .max(500, 'Please keep the reason under 500 characters');

export const matchPaymentSchema = z
  .object({
    bill_no: z.string().trim().toUpperCase().min(1, 'Please enter the bill number').max(40),
    reason: revenueReason,
  })
  .meta({ id: 'MatchPayment' })
  .meta({
    examples: [
      {
        bill_no: 'NCCB40213378',
        reason: 'The payer typed the bill number with a missing digit (call 25 Nov).',
      },
    ],
  });

export const revenueReasonSchema = z
  .object({ reason: revenueReason })
  .meta({ id: 'RevenueReason' })
  .meta({ examples: [{ reason: 'The payer has no bill with the county: return the money.' }] });

const kenyaDate = z.iso.date({ error: 'Please give a date as YYYY-MM-DD' });
export const collectionsQuerySchema = z.object({
  from: kenyaDate.describe('First day (Kenya), YYYY-MM-DD.'),
  to: kenyaDate.describe('Last day (Kenya), YYYY-MM-DD.'),
  format: z.enum(['json', 'csv']).default('json'),
});

export const collectionsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rows: z.array(
      z.object({
        day: z.string(),
        area: z.string(),
        sub_county_code: z.string().nullable(),
        sub_county: z.string(),
        payments: z.int().nonnegative(),
        amount_cents: z.int().nonnegative(),
      }),
    ),
    total_payments: z.int().nonnegative(),
    total_cents: z.int().nonnegative(),
  })
  .meta({ id: 'Collections' });
export type Collections = z.infer<typeof collectionsSchema>;

/** A row of a fee schedule: an amount charged from its first day until a later row starts. */
export const feeRowSchema = z
  .object({
    schedule: z.string(),
    item: z.string(),
    description: z.string(),
    description_sw: z.string(),
    amount_cents: z.int().positive(),
    effective_from: z.string().describe('First day (Kenya) the row is charged, YYYY-MM-DD.'),
    source: z.enum(['seed', 'county']).describe("`seed`: the catalogue's row; `county`: a confirmed change."),
    in_force: z
      .boolean()
      .describe('Whether this is the row charged today (false: an older or a coming one).'),
  })
  .meta({ id: 'FeeRow' });
export type FeeRow = z.infer<typeof feeRowSchema>;

export const feeRowsQuerySchema = z.object({
  schedule: z.string().trim().max(60).optional().describe('One schedule only (e.g. `sbp-fees`).'),
  q: z.string().trim().max(60).optional().describe('Words or an item code the row must contain.'),
});
export const feeRowsResponseSchema = z.object({ data: z.array(feeRowSchema) }).meta({ id: 'FeeRows' });

export const FEE_CHANGE_STATUSES = ['proposed', 'confirmed', 'rejected'] as const;

export const proposeFeeChangeSchema = z
  .object({
    schedule: z.string().trim().min(1, 'Please choose the fee').max(60),
    item: z.string().trim().min(1, 'Please choose the fee').max(80),
    effective_from: kenyaDate.describe('The first day of the new amount: a day after today.'),
    amount_cents: z
      .int({ error: 'Please give the new amount in whole cents' })
      .positive('The new amount must be more than zero')
      .max(100_000_000_000, 'That amount is too large'),
    reason: revenueReason.describe('Why (the Finance Act or the resolution that sets it).'),
  })
  .meta({ id: 'ProposeFeeChange' })
  .meta({
    examples: [
      {
        schedule: 'sbp-fees',
        item: '100',
        effective_from: '2027-01-01',
        amount_cents: 1_200_000,
        reason: 'Nairobi City County Finance Act 2026, second schedule.',
      },
    ],
  });

export const feeChangeSchema = z
  .object({
    id: z.uuid(),
    schedule: z.string(),
    item: z.string(),
    description: z.string(),
    description_sw: z.string(),
    effective_from: z.string(),
    amount_cents: z.int().positive(),
    previous_cents: z.int().nullable().describe('What the row in force charged when it was proposed.'),
    reason: z.string(),
    status: z.enum(FEE_CHANGE_STATUSES),
    proposed_by: z.string().describe("The proposing officer's name."),
    proposed_by_me: z
      .boolean()
      .describe('Whether the signed-in officer proposed it (they cannot confirm it).'),
    decided_by: z.string().nullable(),
    decided_at: z.string().nullable(),
    decision_note: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'FeeChange' });
export type FeeChange = z.infer<typeof feeChangeSchema>;

export const feeChangesQuerySchema = z
  .object({
    status: z
      .enum(FEE_CHANGE_STATUSES)
      .optional()
      .describe('Only changes in this state (default: all, newest first).'),
  })
  .extend(pageQuerySchema.shape);
export const feeChangesResponseSchema = z
  .object({ data: z.array(feeChangeSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'FeeChanges' });

import { z } from 'zod';
import { otpSchema } from './api-accounts';
import { issuedDocumentLinkSchema } from './api-applications';
import { nextCursorSchema, pageQuerySchema } from './api-bills';

/**
 * The business permits area: the county's activity schedule, postal codes, the citizen's
 * businesses and their lookup in the county's register, "my permits" and renewals, and the
 * pest control lists. Field names follow the spec (`brim_desc`, `fa_category_desc`,
 * `ubpsubcategory3_name`, `permitNo`, `isValid`).
 */

export const activitySchema = z
  .object({
    activity_code: z.string(),
    name: z.string(),
    brim_desc: z.string().describe('The category.'),
    fa_category_desc: z.string().describe('The sub-category.'),
    ubpsubcategory3_name: z.string().describe('The industry.'),
  })
  .meta({ id: 'BusinessActivity' });
export type BusinessActivity = z.infer<typeof activitySchema>;

export const activitiesQuerySchema = z.object({
  q: z
    .string()
    .max(60)
    .optional()
    .describe('Part of the name, or the start of the code, as the trader types.'),
  industry: z
    .string()
    .max(80)
    .optional()
    .describe('Only the activities of this industry (ubpsubcategory3_name).'),
});

export const activitiesResponseSchema = z
  .object({ data: z.array(activitySchema) })
  .meta({ id: 'BusinessActivities' });

export const classificationResponseSchema = z
  .object({
    data: z.array(
      z.object({
        category: z.string().describe('brim_desc'),
        industry: z.string().describe('ubpsubcategory3_name'),
        sub_categories: z.array(
          z.object({ name: z.string().describe('fa_category_desc'), activities: z.array(activitySchema) }),
        ),
      }),
    ),
  })
  .describe('BusinessClassification: category → industry → sub-category → activity.');

export const postalCodesResponseSchema = z
  .object({
    data: z.array(z.object({ postal_code: z.string(), post_office: z.string(), label: z.string() })),
  })
  .meta({ id: 'PostalCodes' });

/** A business as the application form's fields name it (what a lookup pre-fills). */
export const businessSchema = z
  .object({
    id: z.string(),
    business_name: z.string(),
    subsidiary_name: z.string().nullable(),
    kra_pin: z.string(),
    reg_no: z.string().nullable(),
    postal_address: z.string().nullable(),
    postal_code: z.string().nullable(),
    business_phone: z.string().nullable(),
    business_email: z.string().nullable(),
    contact_name: z.string().nullable(),
  })
  .meta({ id: 'Business' });
export type Business = z.infer<typeof businessSchema>;

export const businessesResponseSchema = z
  .object({ data: z.array(businessSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'Businesses' });

export const businessLookupQuerySchema = z
  .object({
    kra_pin: z.string().max(20).optional(),
    reg_no: z.string().max(40).optional(),
  })
  .describe('One of the two: the KRA PIN or the registration number.');

/** A lookup's answer: the business, whether the caller acts for it, and where a takeover code would go. */
export const businessLookupSchema = businessSchema
  .extend({
    yours: z.boolean().describe('Whether the caller already acts for the business.'),
    phone_ending: z
      .string()
      .nullable()
      .describe(
        "A register business nobody holds: the last three digits of its registered phone, where the takeover code goes (null when the register has no phone for it, or it is the caller's).",
      ),
  })
  .describe('Business lookup');
export type BusinessLookup = z.infer<typeof businessLookupSchema>;

export const takeoverCodeRequestSchema = z
  .object({ kra_pin: z.string().trim().min(1).max(20) })
  .describe('The KRA PIN of the register business to act for.')
  .meta({ examples: [{ kra_pin: 'P052468013Q' }] });
export const takeoverCodeSentSchema = z
  .object({ message: z.string(), phone_ending: z.string() })
  .describe('Takeover code sent');
export const takeoverRequestSchema = z
  .object({
    kra_pin: z.string().trim().min(1).max(20),
    code: otpSchema,
  })
  .describe('The code sent to the business’s registered phone.')
  .meta({ examples: [{ kra_pin: 'P052468013Q', code: '482913' }] });

export const BUSINESS_CLAIM_STATUSES = ['pending', 'recommended', 'accepted', 'rejected'] as const;
export const businessClaimSchema = z
  .object({
    id: z.uuid(),
    kra_pin: z.string(),
    business_name: z.string(),
    status: z.enum(BUSINESS_CLAIM_STATUSES),
    application_no: z
      .string()
      .nullable()
      .describe('The application whose paid permit filed the claim, when a payment did.'),
    created_at: z.iso.datetime({ offset: true }),
    decided_at: z.iso.datetime({ offset: true }).nullable(),
    decision_reason: z.string().nullable().describe("The county officer's reason, once decided."),
  })
  .meta({ id: 'BusinessClaim' });
export type BusinessClaim = z.infer<typeof businessClaimSchema>;
export const businessClaimRequestSchema = z
  .object({ kra_pin: z.string().trim().min(1).max(20) })
  .meta({ id: 'BusinessClaimRequest' })
  .meta({ examples: [{ kra_pin: 'P051234567K' }] });
export const businessClaimRecordedSchema = z
  .object({ message: z.string(), claim: businessClaimSchema })
  .meta({ id: 'BusinessClaimRecorded' });
export const businessClaimsResponseSchema = z
  .object({ data: z.array(businessClaimSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'BusinessClaims' });
export const staffBusinessClaimSchema = businessClaimSchema
  .extend({
    claimant_name: z.string(),
    claimant_phone: z.string(),
    claimant_identifier: z.string(),
    in_register: z.boolean().describe("Whether the county's register knows the business."),
    holder_name: z.string().nullable().describe('Who acts for the business now, if anyone.'),
    recommended_by: z.uuid().nullable(),
    recommended_by_name: z.string().nullable(),
    recommendation_reason: z.string().nullable(),
  })
  .meta({ id: 'StaffBusinessClaim' });
export const staffBusinessClaimsResponseSchema = z
  .object({ data: z.array(staffBusinessClaimSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'StaffBusinessClaims' });
export const staffBusinessClaimsQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(BUSINESS_CLAIM_STATUSES)
    .optional()
    .describe('Default: every open claim (pending and recommended).'),
});
export const businessClaimParamsSchema = z.object({ id: z.uuid() });
export const businessClaimDecisionSchema = z
  .object({
    decision: z.enum(['accepted', 'rejected']),
    reason: z
      .string()
      .trim()
      .min(3, { message: 'Please give the reason for the decision' })
      .max(500, { message: 'Please keep the reason under 500 characters' }),
  })
  .meta({ id: 'BusinessClaimDecision' })
  .meta({
    examples: [{ decision: 'accepted', reason: 'Certificate of registration and ID seen at the office' }],
  });

export const PERMIT_STATES = ['active', 'expiring', 'expired', 'revoked', 'renewed'] as const;
export type PermitState = (typeof PERMIT_STATES)[number];

export const myPermitSchema = z
  .object({
    permitNo: z.string(),
    service_id: z.string(),
    service_title: z.string(),
    business_name: z
      .string()
      .describe('Whom it is issued to: the business, or the holder a licence names (the dog, the trader).'),
    kra_pin: z
      .string()
      .nullable()
      .describe("The business's KRA PIN; null for a licence the account holds, not a business."),
    issued_at: z.string(),
    expires_at: z.string(),
    state: z
      .enum(PERMIT_STATES)
      .describe('active; expiring (within 30 days); expired; revoked; renewed (a newer permit follows it).'),
    days_left: z.int().describe('Days until it expires (negative: days since).'),
    renewable: z.boolean().describe('It may be renewed now: within 30 days of its expiry, or after it.'),
    renewable_from: z
      .string()
      .nullable()
      .describe(
        'The first day it may be renewed (YYYY-MM-DD); null for a certificate, which is applied for again.',
      ),
    short_code: z.string().nullable().describe('Its E-Verify code.'),
    document: issuedDocumentLinkSchema,
  })
  .meta({ id: 'Permit' });
export type MyPermit = z.infer<typeof myPermitSchema>;

export const myPermitsResponseSchema = z
  .object({ data: z.array(myPermitSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'Permits' });

export const permitParamsSchema = z.object({ document_id: z.string().max(64) });

export const pestControlProvidersResponseSchema = z
  .object({
    data: z.array(
      z.object({ provider_code: z.string(), name: z.string(), licence_no: z.string(), phone: z.string() }),
    ),
  })
  .describe('PestControlProviders: operators licensed by the county.');

export const pestControlServicesResponseSchema = z
  .object({
    data: z.array(
      z.object({
        service_code: z.string(),
        name: z.string(),
        products: z.string().describe('The products the service uses.'),
        fee_cents: z.int().nullable(),
      }),
    ),
  })
  .meta({ id: 'PestControlServices' });

export const pestControlSummarySchema = z
  .object({
    balance_cents: z.int().describe('What the user owes on pest control bills.'),
    unpaid_bills: z.array(z.object({ bill_no: z.string(), description: z.string(), balance_cents: z.int() })),
    applications: z.array(
      z.object({
        application_no: z.string(),
        status: z.string(),
        business_name: z.string().nullable(),
        submitted_at: z.string(),
      }),
    ),
    certificates: z.array(myPermitSchema),
  })
  .describe('PestControlSummary: balance, applications, unpaid fees and certificates.');

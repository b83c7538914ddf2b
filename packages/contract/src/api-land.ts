import { z } from 'zod';
import { billSchema, nextCursorSchema, pageQuerySchema } from './api-bills';
import { LR_NUMBER_REQUIRED_MESSAGE } from './land-messages';

export * from './land-messages';

/**
 * The land area's API (spec section 7, plus a few helpers). Every route needs a verified session.
 * Lists answer `{ data: [...] }`; the web app stores the whole body under `data`.
 *
 * Reference data
 *  - `POST /api/lands/land_utils/get_land_uses`            body `{ land_use_code: "" }` → {@link landUsesResponseSchema}
 *  - `GET  /api/lands/application/GetAddLRReasonforapplication`                          → {@link landReasonsResponseSchema}
 *  - `GET  /api/globalms/ground_rent/service_type`                                       → {@link groundRentServiceTypesResponseSchema}
 *  - `GET  /api/globalms/ground_rent/zone?ward_code=&sub_county_code=`                   → {@link groundRentZonesResponseSchema}
 *  - `GET  /api/lands/land_r/services`                                                   → {@link landServicesResponseSchema}
 *  - `GET  /api/lands/land_survey/Getlandsurveyservicetypes?land_service_code=`          → {@link surveyServiceTypesResponseSchema}
 *  - `GET  /api/lands/consultants?profession=` (not in the spec)                         → {@link consultantsResponseSchema}
 *
 * Applications (payload = the service's catalogue fields; answer = ApplicationSubmitted from api-applications)
 *  - `POST /api/lands/application/add_lr_application`              land-transfer
 *  - `POST /api/globalms/ground_rent/application`                  ground-rent
 *  - `POST /api/lands/land_survey/Applylandsurveyapplication`      land-survey
 *  - `POST /api/lands/land_clearence/Applylandclearanceapplication` land-clearance
 *  - `POST /api/lands/rate_search/application`                     rates-search
 *
 * Parcels and rates
 *  - `POST /api/lands/land_r/LinkLandParceltoCustomer`  `{ lr_number }` → {@link linkParcelResponseSchema}
 *  - `GET  /api/lands/land_r/customer_parcels` (not in the spec)        → {@link parcelsResponseSchema}
 *  - `GET  /api/lands/parcel_validation?lr_number=` (not in the spec)   → {@link parcelSchema}
 *  - `POST /api/lands/rates/current-bill`               `{ lr_number }` → Bill (api-bills)
 *
 * LR numbers are matched ignoring case and spaces ("209/10001", "Nairobi/Block 72/1234").
 */

export const lrNumberSchema = z
  .string({ error: LR_NUMBER_REQUIRED_MESSAGE })
  .trim()
  .min(1, LR_NUMBER_REQUIRED_MESSAGE)
  .max(60, 'Please enter a valid LR number, e.g. 209/10001')
  .describe('LR (parcel) number as on the title deed, e.g. "209/10001".');

export const landUseSchema = z.object({
  land_use_code: z.string().describe('e.g. "RES"'),
  description: z.string().describe('e.g. "Residential"'),
});
export const landUsesRequestSchema = z
  .object({
    land_use_code: z
      .string()
      .max(20)
      .optional()
      .describe('Sent empty for the whole list; a code answers that one only.'),
  })
  .meta({ id: 'LandUsesRequest' })
  .meta({ examples: [{ land_use_code: '' }] });
export const landUsesResponseSchema = z.object({ data: z.array(landUseSchema) }).meta({ id: 'LandUses' });

export const landReasonSchema = z.object({
  reason_code: z.string().describe('e.g. "SALE"'),
  description: z.string().describe('e.g. "Sale / transfer to a buyer"'),
});
export const landReasonsResponseSchema = z
  .object({ data: z.array(landReasonSchema) })
  .meta({ id: 'LandReasons' });

export const groundRentServiceTypeSchema = z.object({
  service_type_code: z.string().describe('e.g. "GR"'),
  name: z.string().describe('e.g. "Ground Rent"'),
  description: z.string(),
});
export const groundRentServiceTypesResponseSchema = z
  .object({ data: z.array(groundRentServiceTypeSchema) })
  .meta({ id: 'GroundRentServiceTypes' });

export const groundRentZonesQuerySchema = z.object({
  ward_code: z.string().max(20).optional(),
  sub_county_code: z.string().max(20).optional(),
});
export const groundRentZoneSchema = z.object({
  zone_code: z.string().describe('e.g. "GRZ-274-A"'),
  zone_name: z.string(),
  sub_county_code: z.string(),
  ward_code: z.string(),
  ground_rent_cents: z.int().nonnegative().describe('Annual ground rent per plot in this zone.'),
  stand_premium_cents: z.int().nonnegative().describe('One-off stand premium per plot in this zone.'),
});
export const groundRentZonesResponseSchema = z
  .object({ data: z.array(groundRentZoneSchema) })
  .meta({ id: 'GroundRentZones' });

export const landServiceSchema = z.object({
  land_service_code: z.string().describe('e.g. "SRV"'),
  name: z.string(),
  description: z.string(),
});
export const landServicesResponseSchema = z
  .object({ data: z.array(landServiceSchema) })
  .meta({ id: 'LandServices' });

export const surveyServiceTypesQuerySchema = z.object({
  land_service_code: z.string().max(20).optional().describe('Sent empty for all types.'),
});
export const surveyServiceTypeSchema = z.object({
  service_type_code: z.string().describe('e.g. "SV-BRE"'),
  land_service_code: z.string(),
  name: z.string(),
  description: z.string(),
  fee_cents: z.int().nonnegative(),
});
export const surveyServiceTypesResponseSchema = z
  .object({ data: z.array(surveyServiceTypeSchema) })
  .meta({ id: 'SurveyServiceTypes' });

export const consultantsQuerySchema = z.object({
  profession: z.enum(['surveyor', 'valuer', 'planner']).optional(),
});
export const consultantSchema = z.object({
  consultant_code: z.string(),
  name: z.string(),
  firm: z.string(),
  profession: z.enum(['surveyor', 'valuer', 'planner']),
  licence_no: z.string(),
  phone: z.string(),
  email: z.string(),
});
export const consultantsResponseSchema = z
  .object({ data: z.array(consultantSchema) })
  .meta({ id: 'Consultants' });

/** A parcel as its owner or an applicant sees it (the registered owner's name is masked). */
export const parcelSchema = z
  .object({
    lr_number: z.string(),
    sub_county_code: z.string(),
    sub_county_name: z.string(),
    ward_code: z.string(),
    ward_name: z.string(),
    land_use_code: z.string(),
    land_use: z.string(),
    area_sq_ft: z.int().positive(),
    area_hectares: z.string().describe('4 decimals, e.g. "0.0929"'),
    site_value_cents: z.int().nonnegative().describe('Value on the valuation roll.'),
    annual_rates_cents: z
      .int()
      .nonnegative()
      .describe("This year's rates: site value × the rate for its use."),
    arrears_cents: z.int().nonnegative().describe('Unpaid rates of earlier years.'),
    owner_name: z.string().describe('Masked, e.g. "J*** K*****".'),
    linked_to_me: z.boolean(),
  })
  .meta({ id: 'Parcel' });
export type Parcel = z.infer<typeof parcelSchema>;
export const parcelsResponseSchema = z
  .object({ data: z.array(parcelSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'Parcels' });
export const parcelQuerySchema = z.object({ lr_number: lrNumberSchema });

export const linkParcelRequestSchema = z
  .object({ lr_number: lrNumberSchema })
  .meta({ id: 'LinkParcel' })
  .meta({ examples: [{ lr_number: '209/10001' }] });
/** The web app checks `success` and treats a missing flag as an error. */
export const linkParcelResponseSchema = z
  .object({
    success: z.literal(true),
    message: z.string().describe('"Parcel 209/10001 has been added to your account."'),
    parcel: parcelSchema,
  })
  .meta({ id: 'LinkParcelResult' });
export type LinkParcelResponse = z.infer<typeof linkParcelResponseSchema>;

/** Pending; recommended (one land officer would accept it: a second one decides); accepted; rejected. */
export const parcelClaimStatusSchema = z.enum(['pending', 'recommended', 'accepted', 'rejected']);
export const parcelClaimSchema = z
  .object({
    id: z.uuid(),
    lr_number: z.string(),
    status: parcelClaimStatusSchema,
    created_at: z.iso.datetime({ offset: true }),
    decided_at: z.iso.datetime({ offset: true }).nullable(),
    decision_reason: z.string().nullable().describe("The county officer's reason, once decided."),
  })
  .meta({ id: 'ParcelClaim' });
export type ParcelClaim = z.infer<typeof parcelClaimSchema>;

/** 202 from a link that became an ownership claim: `success` is false, so the spec's client shows the message. */
export const parcelClaimRecordedSchema = z
  .object({ success: z.literal(false), message: z.string(), claim: parcelClaimSchema })
  .meta({ id: 'ParcelClaimRecorded' });
export const parcelClaimsResponseSchema = z
  .object({ data: z.array(parcelClaimSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'ParcelClaims' });

/** County staff: a claim with who claims and who the register says owns the parcel. */
export const staffParcelClaimSchema = parcelClaimSchema
  .extend({
    claimant_name: z.string(),
    claimant_phone: z.string(),
    claimant_identifier: z.string(),
    registered_owner_name: z.string(),
    registered_owner_identifier: z.string(),
    linked_to_account: z.boolean().describe('Whether the parcel is linked to some account now.'),
    recommended_by: z.uuid().nullable().describe('The officer who recommended accepting it, if one did.'),
    recommended_by_name: z.string().nullable(),
    recommendation_reason: z.string().nullable(),
  })
  .meta({ id: 'StaffParcelClaim' });
export type StaffParcelClaim = z.infer<typeof staffParcelClaimSchema>;
export const staffParcelClaimsResponseSchema = z
  .object({ data: z.array(staffParcelClaimSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'StaffParcelClaims' });
export const staffParcelClaimsQuerySchema = pageQuerySchema.extend({
  status: parcelClaimStatusSchema.optional().describe('Default: every open claim (pending and recommended).'),
});
export const parcelClaimParamsSchema = z.object({ id: z.uuid() });
export const parcelClaimDecisionSchema = z
  .object({
    decision: z.enum(['accepted', 'rejected']),
    reason: z
      .string()
      .trim()
      .min(3, { message: 'Please give the reason for the decision' })
      .max(500, { message: 'Please keep the reason under 500 characters' }),
  })
  .meta({ id: 'ParcelClaimDecision' })
  .meta({
    examples: [{ decision: 'rejected', reason: 'The sale agreement does not name the registered owner' }],
  });

export const currentBillRequestSchema = z
  .object({ lr_number: lrNumberSchema })
  .meta({ id: 'CurrentBillRequest' })
  .meta({ examples: [{ lr_number: '209/10001' }] });
export const currentBillResponseSchema = billSchema
  .extend({
    invoice_url: z
      .string()
      .describe(
        "The bill's printable invoice, to pay at a bank, for whoever asked: the owner's name masked for anyone but the owner.",
      ),
  })
  .meta({ id: 'CurrentRatesBill' });

import { z } from 'zod';
import { billSchema, nextCursorSchema, pageQuerySchema } from './api-bills';
import { centsSchema } from './cents-schema';

/**
 * County estates (issue 40, decision 034): the houses and units a county lets, a tenant's
 * tenancies and their rent, a standing charge of the bills core (decision 028). Every route needs
 * a verified session and answers only the caller's own tenancies (another's is a 404).
 *
 *  - `GET  /api/estates/tenancies`                         → {@link tenanciesResponseSchema}
 *  - `GET  /api/estates/tenancies/{tenancy_no}`            → {@link tenancyDetailSchema} (with the statement)
 *  - `POST /api/estates/tenancies/{tenancy_no}/bill`       body `{ months }` → a bill
 *  - `GET  /api/estates/waiting-list`                      → {@link waitingListResponseSchema}
 */

export const tenancyNoSchema = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .describe('The tenancy number, e.g. "NCC-KAL-0114".');

export const tenancySchema = z
  .object({
    tenancy_no: tenancyNoSchema,
    estate: z.string().describe('The estate, e.g. "Kaloleni".'),
    block: z.string().nullable().describe('The block or court within the estate, if any.'),
    house_no: z.string().describe('The house or unit number in the estate.'),
    unit_type: z.string().describe('What is let: "residential" or "commercial", and its size.'),
    tenant_name: z.string(),
    start_date: z.string().describe('The first day of the tenancy (YYYY-MM-DD).'),
    status: z.enum(['active', 'ended']),
    monthly_rent_cents: centsSchema,
    balance_cents: centsSchema.describe('What is owed now: unpaid rent and penalties, oldest first.'),
    credit_cents: centsSchema.describe('Paid beyond everything raised: the next months take it.'),
    months_in_arrears: z.int().nonnegative(),
    next_of_kin: z
      .object({
        name: z.string(),
        id_number: z.string(),
        relationship: z.string(),
        phone: z.string(),
        application_no: z.string().describe('The next-of-kin application that recorded it.'),
      })
      .nullable()
      .describe('The next of kin recorded on the tenancy (/next-of-kin), or null.'),
  })
  .describe('A tenancy of a county house or unit');
export type Tenancy = z.infer<typeof tenancySchema>;

export const tenanciesResponseSchema = z
  .object({ data: z.array(tenancySchema), next_cursor: nextCursorSchema })
  .meta({ id: 'Tenancies' });

export const statementMonthSchema = z.object({
  period: z.string().describe('The month (its first day, YYYY-MM-DD).'),
  month: z.string().describe('The month by name, e.g. "March 2026".'),
  charge_cents: centsSchema,
  penalty_cents: centsSchema,
  paid_cents: centsSchema.describe('What of its charge and penalty is paid.'),
  due_date: z.string(),
});
export type StatementMonth = z.infer<typeof statementMonthSchema>;

export const statementPaymentSchema = z.object({
  amount_cents: centsSchema,
  bill_no: z.string().nullable(),
  reference: z.string().describe('The M-Pesa receipt or payment reference.'),
  paid_at: z.string(),
});

export const tenancyDetailSchema = tenancySchema
  .extend({
    statement: z.array(statementMonthSchema).describe('Month by month, oldest first.'),
    payments: z.array(statementPaymentSchema).describe('Payments received, oldest first.'),
  })
  .describe('A tenancy with its rent statement');
export type TenancyDetail = z.infer<typeof tenancyDetailSchema>;

export const tenancyParamsSchema = z.object({ tenancy_no: tenancyNoSchema });

export const rentBillRequestSchema = z
  .object({
    months: z.int().min(0).max(24).describe('Months to pay ahead of those raised (0 = the balance only).'),
  })
  .meta({ examples: [{ months: 3 }] });

export const rentBillResponseSchema = billSchema.describe('The bill of the rent: pay it as any other bill');

export const waitingEntrySchema = z
  .object({
    application_no: z.string().describe('The application for allocation (/property-management).'),
    estate: z.string().describe('The estate, e.g. "Kaloleni".'),
    estate_code: z.string(),
    unit_use: z.enum(['residential', 'commercial']),
    place: z.int().positive().describe('The place on the waiting list now: 1 is next.'),
    status: z.string().describe("The application's status."),
  })
  .describe("The caller's place on the county's waiting list of an estate and kind of unit");
export type WaitingEntry = z.infer<typeof waitingEntrySchema>;

export const waitingListResponseSchema = z
  .object({ data: z.array(waitingEntrySchema), next_cursor: nextCursorSchema })
  .describe("The caller's places on the county's waiting lists");

// ------------------------------------------------------------ allocation (the estates office)
//  - `GET  /api/staff/estates/waiting-list?estate_code&unit_use`  → {@link officerWaitingListSchema}
//  - `POST /api/staff/estates/allocations` `{ estate_code, house_no }` → {@link allocationSchema}
// Officers whose roles grant `estates.allocate`, in the property area (decision 036).

export const unitUseSchema = z.enum(['residential', 'commercial']);

export const waitingListQuerySchema = z
  .object({
    estate_code: z
      .string()
      .trim()
      .toUpperCase()
      .min(2)
      .max(10)
      .describe('The estate\'s code (the county-estates list), e.g. "KAL".'),
    unit_use: unitUseSchema.describe('The kind of unit: a house to live in, or a shop.'),
  })
  .extend(pageQuerySchema.shape);

export const waitingApplicantSchema = z.object({
  place: z.int().positive().describe('The place on the list: 1 is next.'),
  application_no: z.string(),
  applicant_name: z.string(),
  household_size: z.int().nullable(),
  applied_on: z.string().describe('When the application was made (ISO 8601).'),
  status: z.string().describe("The application's status."),
  registered: z
    .boolean()
    .describe(
      'Issued (registered on the list after review): a house can be allocated to it. An application still under review keeps its place but is passed over until it is registered.',
    ),
});

export const vacantHouseSchema = z.object({
  house_no: z.string(),
  block: z.string().nullable(),
  size: z.string().describe('e.g. "2 rooms", "shop".'),
  monthly_rent_cents: centsSchema,
});

export const officerWaitingListSchema = z
  .object({
    estate_code: z.string(),
    estate: z.string(),
    unit_use: unitUseSchema,
    waiting: z
      .array(waitingApplicantSchema)
      .describe('The waiting list in its order (oldest application first): a page of it.'),
    next_cursor: nextCursorSchema,
    vacant: z
      .array(vacantHouseSchema)
      .describe('The vacant houses or units of the kind, lowest number first.'),
  })
  .meta({ id: 'EstateWaitingList' });
export type OfficerWaitingList = z.infer<typeof officerWaitingListSchema>;

export const allocationRequestSchema = z
  .object({
    estate_code: z.string().trim().toUpperCase().min(2).max(10).describe('The estate of the vacant house.'),
    house_no: z
      .string()
      .trim()
      .toUpperCase()
      .min(1)
      .max(10)
      .describe('The vacant house or unit, e.g. "101" or "S1".'),
  })
  .meta({ examples: [{ estate_code: 'BAH', house_no: '101' }] });

export const allocationSchema = z
  .object({
    tenancy_no: tenancyNoSchema,
    application_no: z.string().describe('The application for allocation first on the list, now off it.'),
    tenant_name: z.string(),
    estate_code: z.string(),
    estate: z.string(),
    block: z.string().nullable(),
    house_no: z.string(),
    unit_use: unitUseSchema,
    monthly_rent_cents: centsSchema,
    start_date: z.string().describe('The first day of the tenancy (YYYY-MM-DD): the day of allocation.'),
    rent_from: z.string().describe('The first month of rent owed (YYYY-MM-01).'),
    letter: z
      .object({ print_url: z.string().nullable(), pdf_url: z.string() })
      .describe('The letter of allocation (/downloads/official-letter), naming the house.'),
  })
  .meta({ id: 'HouseAllocation' });
export type Allocation = z.infer<typeof allocationSchema>;

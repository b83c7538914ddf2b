import { z } from 'zod';

/** How many items a page holds when the caller does not say: small, so an answer stays small. */
export const DEFAULT_PAGE_LIMIT = 50;
/** The most items a page may hold. */
export const MAX_PAGE_LIMIT = 500;

/** A page of a list that grows with a person's history: `limit` items after an opaque `cursor`. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_LIMIT)
    .optional()
    .describe(`At most this many items (1 to ${MAX_PAGE_LIMIT}; default ${DEFAULT_PAGE_LIMIT}).`),
  cursor: z
    .string()
    .max(300)
    .optional()
    .describe("The `next_cursor` of the previous page, as it was: opaque, don't build one."),
});

/** The end of a page: where the next one starts. */
export const nextCursorSchema = z
  .string()
  .nullable()
  .describe('Send as `cursor` for the next page; null on the last page.');

/**
 * Bills (`GET /api/bills`, `GET /api/bills/{bill_no}`). A bill is what a citizen owes the county:
 * a unique `bill_no` (also the M-Pesa paybill account number, so at most 12 characters), lines,
 * a total in integer cents and a status. A user only ever sees their own bills (another user's
 * bill number answers 404).
 */

/** unpaid → partially_paid → paid; unpaid or partially_paid → cancelled (staff or superseded). */
export const BILL_STATUSES = ['unpaid', 'partially_paid', 'paid', 'cancelled'] as const;
export const billStatusSchema = z.enum(BILL_STATUSES);
export type BillStatus = z.infer<typeof billStatusSchema>;

/** `NCCB` + 8 digits, the last a check digit; at most 12 characters (M-Pesa AccountReference). */
export const billNoSchema = z
  .string()
  .regex(/^[A-Z]{2,6}\d{6,10}$/, 'Not found.')
  .max(12, 'Not found.')
  .describe('Bill number, e.g. "NCCB40213378"; the paybill account number.');

/**
 * One line, in the billing system's shape the printable invoice reads (`billDetails`):
 * `Amount` in shillings with 2 decimals as text, `Description`, `Parcel` (the LR number for land
 * lines, else null); `amount_cents` is the same amount as an integer, for arithmetic.
 */
export const billLineSchema = z.object({
  Amount: z.string().describe('Shillings with exactly 2 decimals, e.g. "1500.00".'),
  amount_cents: z.int().describe('The same amount in integer cents.'),
  Description: z.string(),
  Parcel: z.string().nullable().describe('LR number for a land line, else null.'),
  code: z
    .string()
    .nullable()
    .describe(
      "The charge's code (the tariff item it was priced by: a permit's activity and size), else null.",
    ),
  quantity: z.literal(1),
});
export type BillLine = z.infer<typeof billLineSchema>;

export const billSchema = z
  .object({
    bill_no: billNoSchema,
    status: billStatusSchema,
    description: z.string().describe('What the bill is for, e.g. "Land rates 2026: 209/10001".'),
    currency: z.literal('KES'),
    total_cents: z.int().nonnegative(),
    paid_cents: z.int().nonnegative(),
    balance_cents: z.int().nonnegative().describe('total_cents − paid_cents, never below 0.'),
    credit_cents: z.int().nonnegative().describe('Paid beyond the total (an overpayment), kept as credit.'),
    due_date: z.iso.date().describe('YYYY-MM-DD'),
    created_at: z.iso.datetime({ offset: true }),
    paid_at: z.iso.datetime({ offset: true }).nullable(),
    application_no: z.string().nullable().describe('The application that raised it, if any.'),
    service_id: z.string().nullable().describe('The catalogue service it is for, if any.'),
    customer_name: z
      .string()
      .nullable()
      .describe(
        'Whom the bill is addressed to: the applicant, or for a land rates bill the rated owner of the parcel ' +
          '(masked, e.g. "W****** K****", for anyone but that owner).',
      ),
    lines: z.array(billLineSchema),
  })
  .meta({ id: 'Bill' });
export type Bill = z.infer<typeof billSchema>;

export const billsResponseSchema = z
  .object({ data: z.array(billSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'Bills' });

/** A bill on another account the caller asked for (a parcel's rates bill asked for by a relative). */
export const askedBillSchema = billSchema
  .extend({ asked_at: z.iso.datetime().describe('When the caller last asked for it.') })
  .meta({ id: 'AskedBill' });
export type AskedBill = z.infer<typeof askedBillSchema>;

export const askedBillsResponseSchema = z
  .object({ data: z.array(askedBillSchema), next_cursor: nextCursorSchema })
  .meta({ id: 'AskedBills' });

const billsFilterSchema = z.object({
  status: billStatusSchema.optional().describe('Only bills in this status.'),
  area: z
    .string()
    .max(20)
    .optional()
    .describe('Only the bills of this service area\'s services (e.g. "business": /sbp/payments).'),
});

export const billParamsSchema = z.object({ bill_no: z.string().max(40) });

export const billsQuerySchema = billsFilterSchema.extend(pageQuerySchema.shape);

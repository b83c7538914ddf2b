import { z } from 'zod';
import { billSchema, billStatusSchema, nextCursorSchema } from './api-bills';
import { phoneSchema } from './phone';

/**
 * Payments by M-Pesa (`/api/payments/...`) and the account's obligations.
 *
 * Paying a bill: `POST /api/payments/mpesa/stk-push` with an `Idempotency-Key` header sends the
 * "enter your M-Pesa PIN" prompt to a phone; the answer's `payment_id` is then polled with
 * `GET /api/payments/{payment_id}` until its status is no longer `pending`.
 *
 * Amounts: the API speaks integer cents (`*_cents`), except `amount` in the push request, which is
 * whole shillings because M-Pesa moves whole shillings only. Left out, the amount is the bill's
 * balance rounded UP to a whole shilling (a balance of KES 10.50 asks for KES 11; the 50 cents
 * beyond the balance become credit on the bill).
 */

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const PAYMENT_METHODS = ['mpesa_stk', 'mpesa_c2b'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const BILL_NO_REQUIRED_MESSAGE = 'Please enter the bill number';
export const AMOUNT_WHOLE_SHILLINGS_MESSAGE = 'Enter an amount of whole shillings, at least KES 1';

/** The header every payment request carries: a fresh random value per submission, reused for its retries. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string({ message: 'An Idempotency-Key header is required.' })
  .trim()
  .min(8, { message: 'The Idempotency-Key header must be 8 to 255 characters long.' })
  .max(255, { message: 'The Idempotency-Key header must be 8 to 255 characters long.' })
  .regex(/^[\x21-\x7e]+$/, { message: 'The Idempotency-Key header must be printable ASCII without spaces.' });

export const stkPushRequestSchema = z
  .object({
    bill_no: z
      .string({ message: BILL_NO_REQUIRED_MESSAGE })
      .trim()
      .min(1, { message: BILL_NO_REQUIRED_MESSAGE })
      .max(40, { message: 'A bill number has at most 12 characters' })
      .transform((value) => value.toUpperCase())
      .describe('The bill to pay, e.g. "NCCB40213378".'),
    phone_number: phoneSchema.describe(
      'The M-Pesa phone in any accepted form (07…, 7…, 2547…, +2547…, 01…).',
    ),
    amount: z
      .int({ message: AMOUNT_WHOLE_SHILLINGS_MESSAGE })
      .min(1, { message: AMOUNT_WHOLE_SHILLINGS_MESSAGE })
      .max(1_000_000, { message: 'Enter an amount of at most KES 1,000,000' })
      .optional()
      .describe(
        "Whole shillings, at most M-Pesa's limit on one payment (`mpesa_max_payment_cents` of GET /api/county). " +
          'Default: the balance rounded up to a whole shilling, or that limit when the balance is more (the ' +
          'first part: the rest is paid in more prompts, or at the bank with the invoice).',
      ),
  })
  .meta({ id: 'StkPushRequest' })
  .meta({ examples: [{ bill_no: 'NCCB40213378', phone_number: '0712345678' }] });
export type StkPushRequest = z.input<typeof stkPushRequestSchema>;

export const stkPushResponseSchema = z
  .object({
    payment_id: z.uuid(),
    checkout_request_id: z.string().describe("Daraja's CheckoutRequestID of the prompt."),
    status: paymentStatusSchema,
    bill_no: z.string(),
    amount_cents: z.int().positive().describe('What the prompt asks for (whole shillings, in cents).'),
    phone_number: z.string().describe('The phone the prompt was sent to, 254 form.'),
    message: z.string().describe('What to tell the payer now.'),
  })
  .meta({ id: 'StkPushResponse' });
export type StkPushResponse = z.infer<typeof stkPushResponseSchema>;

export const paymentSchema = z
  .object({
    payment_id: z.uuid(),
    bill_no: z.string(),
    bill_description: z.string().nullable(),
    bill_status: billStatusSchema.nullable().describe('The bill as it stands now (null: no such bill).'),
    method: paymentMethodSchema,
    status: paymentStatusSchema,
    amount_cents: z.int().positive().describe('Asked for (STK) or reported (C2B).'),
    amount_paid_cents: z.int().positive().nullable().describe('What M-Pesa moved; null until paid.'),
    phone_number: z.string().nullable(),
    mpesa_receipt_number: z
      .string()
      .nullable()
      .describe('Once paid. Null for a payment confirmed by a status query until its callback arrives.'),
    result_code: z.int().nullable().describe("Daraja's ResultCode, once M-Pesa answered."),
    message: z.string().describe('The outcome in plain words (English; the web app translates it).'),
    held_for_refund: z
      .boolean()
      .describe(
        'True when the money moved but reached no bill (the bill was cancelled while the prompt was open, ' +
          'or M-Pesa moved more than the prompt asked): the county holds it for a refund. Quote ' +
          '`mpesa_receipt_number` (else `payment_id`) as the reference.',
      ),
    created_at: z.iso.datetime({ offset: true }),
    completed_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Payment' });
export type Payment = z.infer<typeof paymentSchema>;

export const paymentParamsSchema = z.object({ payment_id: z.string().max(64) });
export const paymentsResponseSchema = z
  .object({
    data: z.array(paymentSchema),
    next_cursor: nextCursorSchema,
  })
  .meta({ id: 'Payments' });

export { pageQuerySchema } from './api-bills';

/** One service area's open bills in the obligations list. */
export const obligationGroupSchema = z.object({
  area: z.string().describe('The service area of the bills (catalogue area, e.g. "land"), or "other".'),
  bills: z.array(billSchema),
  balance_cents: z.int().nonnegative(),
});

export const obligationsResponseSchema = z
  .object({
    data: z.object({
      groups: z.array(obligationGroupSchema),
      balance_cents: z.int().nonnegative().describe('Everything owed, across every service.'),
      credit_cents: z.int().nonnegative().describe('Overpayments kept as credit on your bills.'),
      credits: z.array(z.object({ bill_no: z.string(), credit_cents: z.int().positive() })),
    }),
  })
  .meta({ id: 'Obligations' });
export type Obligations = z.infer<typeof obligationsResponseSchema>['data'];

/** An M-Pesa acknowledgement (STK callback, C2B confirmation, C2B validation). */
export const mpesaAckSchema = z.object({
  ResultCode: z.union([z.int(), z.string()]),
  ResultDesc: z.string(),
});

/** What registering the C2B URLs answered (the URLs with their secret masked). */
export const c2bRegisterResponseSchema = z.object({
  validation_url: z.string(),
  confirmation_url: z.string(),
  response_code: z.string(),
  response_description: z.string(),
});

import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { parseDarajaTimestamp } from './daraja-time';

/**
 * What Daraja POSTs to us, read into typed values:
 * - the STK push callback (`{ Body: { stkCallback: ... } }`), once per prompt — or never, or twice;
 * - the C2B validation and confirmation requests, for payments typed at the paybill on the phone.
 *
 * Daraja signs none of them. Callback URLs carry a secret in the path instead (check it with
 * {@link isPathSecretValid}), and a payment is trusted only once its receipt number is unique and
 * its amount matches the bill.
 *
 * Always answer Daraja HTTP 200 with {@link CALLBACK_ACK}, also for duplicates and payloads that
 * fail to parse (log those): an error answer only makes Daraja retry.
 */

/** The answer to an STK callback or a C2B confirmation. */
export const CALLBACK_ACK = { ResultCode: 0, ResultDesc: 'Accepted' } as const;

export type ParseResult<T> = { success: true; data: T } | { success: false; error: string };

// ---------------------------------------------------------------------------------------------
// STK push callback
// ---------------------------------------------------------------------------------------------

const itemValue = z.union([z.number(), z.string()]);
const callbackItem = z.object({ Name: z.string(), Value: itemValue.nullish() });

/** ResultCode arrives as a number, sometimes as a numeric string. */
const resultCodeSchema = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

/** The STK callback body as Daraja sends it. Unknown keys are ignored. */
export const stkCallbackBodySchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string().min(1),
      ResultCode: resultCodeSchema,
      ResultDesc: z.string(),
      CallbackMetadata: z
        .object({
          // Always a list in practice; a lone item is accepted too.
          Item: z.union([z.array(callbackItem), callbackItem.transform((item) => [item])]),
        })
        .nullish(),
    }),
  }),
});

interface StkCallbackCommon {
  merchantRequestId: string;
  /** The id `stkPush` returned: find the payment by it. */
  checkoutRequestId: string;
  /** 0 paid; otherwise see {@link resultCodeMeaning}. */
  resultCode: number;
  resultDesc: string;
}

/** ResultCode 0: the payer entered their PIN and M-Pesa moved the money. */
export interface StkCallbackPaid extends StkCallbackCommon {
  paid: true;
  /** The amount M-Pesa moved, in cents. Compare it with the amount asked for. */
  amountCents: number;
  /** M-Pesa's receipt number, e.g. `QKH94M1Z11`: unique per payment. */
  mpesaReceiptNumber: string;
  /** When M-Pesa completed the payment, if the callback says (it normally does). */
  transactionDate: Date | undefined;
  /** The paying phone in `254…` form, if the callback carries a readable one. */
  phoneNumber: string | undefined;
}

/** Any other ResultCode (cancelled, timed out, insufficient funds, …): no money moved, no metadata. */
export interface StkCallbackUnpaid extends StkCallbackCommon {
  paid: false;
  amountCents?: undefined;
  mpesaReceiptNumber?: undefined;
  transactionDate?: undefined;
  phoneNumber?: undefined;
}

export type StkCallbackResult = StkCallbackPaid | StkCallbackUnpaid;

const RECEIPT = /^[A-Z0-9]{8,20}$/;
const PHONE = /^254[17]\d{8}$/;

/** Shillings (a number such as 1.0 or 1500, or a string such as "1500.00") → cents; undefined if not an amount. */
function shillingsToCents(value: number | string | null | undefined): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return undefined;
    const cents = Math.round(value * 100);
    return Number.isSafeInteger(cents) ? cents : undefined;
  }
  if (typeof value === 'string') {
    const match = /^\s*(\d+)(?:\.(\d{1,2}))?\s*$/.exec(value);
    if (match === null) return undefined;
    const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
    return Number.isSafeInteger(cents) ? cents : undefined;
  }
  return undefined;
}

/** A phone number as the callback gives it (a number, sometimes a string) in `254…` form, else undefined. */
function phoneFrom(value: number | string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = typeof value === 'number' ? (Number.isSafeInteger(value) ? String(value) : '') : value.trim();
  return PHONE.test(text) ? text : undefined;
}

const describe = (error: z.ZodError) => z.prettifyError(error).replace(/\s*\n\s*/g, '; ');

/**
 * Reads an STK callback body. Metadata items are read by `Name`, never by position (Daraja adds
 * and omits items, e.g. `Balance` has no `Value`). A paid callback must carry `Amount` and
 * `MpesaReceiptNumber`; without them it is refused (query the payment instead).
 */
export function parseStkCallback(body: unknown): ParseResult<StkCallbackResult> {
  const parsed = stkCallbackBodySchema.safeParse(body);
  if (!parsed.success) return { success: false, error: `Not an STK callback: ${describe(parsed.error)}` };
  const callback = parsed.data.Body.stkCallback;
  const common: StkCallbackCommon = {
    merchantRequestId: callback.MerchantRequestID,
    checkoutRequestId: callback.CheckoutRequestID,
    resultCode: callback.ResultCode,
    resultDesc: callback.ResultDesc,
  };
  if (callback.ResultCode !== 0) return { success: true, data: { ...common, paid: false } };

  const items = new Map<string, number | string | null | undefined>();
  for (const item of callback.CallbackMetadata?.Item ?? []) items.set(item.Name, item.Value);
  const amountCents = shillingsToCents(items.get('Amount'));
  const receipt = items.get('MpesaReceiptNumber');
  const mpesaReceiptNumber = typeof receipt === 'string' ? receipt.trim().toUpperCase() : undefined;
  if (amountCents === undefined || amountCents === 0) {
    return { success: false, error: 'A paid STK callback must carry a positive Amount' };
  }
  if (mpesaReceiptNumber === undefined || !RECEIPT.test(mpesaReceiptNumber)) {
    return { success: false, error: 'A paid STK callback must carry an MpesaReceiptNumber' };
  }
  const date = items.get('TransactionDate');
  return {
    success: true,
    data: {
      ...common,
      paid: true,
      amountCents,
      mpesaReceiptNumber,
      transactionDate:
        typeof date === 'number' || typeof date === 'string' ? parseDarajaTimestamp(date) : undefined,
      phoneNumber: phoneFrom(items.get('PhoneNumber')),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// C2B validation and confirmation
// ---------------------------------------------------------------------------------------------

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()));

/**
 * The C2B validation and confirmation payloads (the same fields; in validation the payment has
 * not happened yet, so `OrgAccountBalance` is usually empty). Unknown keys are ignored.
 */
export const c2bPayloadSchema = z.object({
  TransactionType: text,
  TransID: z.string().trim().min(1),
  TransTime: z.union([z.string(), z.number()]),
  TransAmount: z.union([z.string(), z.number()]),
  BusinessShortCode: z.union([z.string(), z.number()]).transform((value) => String(value).trim()),
  BillRefNumber: text,
  InvoiceNumber: text,
  OrgAccountBalance: text,
  ThirdPartyTransID: text,
  MSISDN: text,
  FirstName: text,
  MiddleName: text,
  LastName: text,
});

export interface C2bPayment {
  /** "Pay Bill" for a paybill payment ("Buy Goods" for a till). */
  transactionType: string;
  /** M-Pesa's receipt number (`TransID`): unique per payment, like an STK receipt number. */
  transId: string;
  transTime: Date;
  amountCents: number;
  /** The paybill paid into: check it is ours. */
  businessShortCode: string;
  /**
   * The account number exactly as the payer typed it (the bill number, if they typed it right):
   * trimmed but not otherwise changed. Compare case-insensitively.
   */
  billRefNumber: string;
  invoiceNumber: string;
  /** The paybill's balance after the payment, in cents; undefined when absent (validation). */
  orgAccountBalanceCents: number | undefined;
  thirdPartyTransId: string;
  /**
   * `MSISDN` as sent. Safaricom has masked or hashed it in C2B payloads since 2021–2023, so do not
   * rely on it to find the payer; {@link phoneNumber} is set only when it is a plain 254 number.
   */
  msisdn: string;
  phoneNumber: string | undefined;
  firstName: string;
  middleName: string;
  lastName: string;
  /** First, middle and last names joined with single spaces (may be empty). */
  payerName: string;
}

/** Reads a C2B validation or confirmation payload. `TransAmount` (a string of shillings) becomes cents. */
export function parseC2bPayload(body: unknown): ParseResult<C2bPayment> {
  const parsed = c2bPayloadSchema.safeParse(body);
  if (!parsed.success) return { success: false, error: `Not a C2B payload: ${describe(parsed.error)}` };
  const payload = parsed.data;
  const amountCents = shillingsToCents(payload.TransAmount);
  if (amountCents === undefined || amountCents === 0) {
    return { success: false, error: 'TransAmount must be a positive amount of shillings' };
  }
  const transTime = parseDarajaTimestamp(payload.TransTime);
  if (transTime === undefined) return { success: false, error: 'TransTime must be a YYYYMMDDHHmmss time' };
  const names = [payload.FirstName, payload.MiddleName, payload.LastName];
  return {
    success: true,
    data: {
      transactionType: payload.TransactionType,
      transId: payload.TransID.toUpperCase(),
      transTime,
      amountCents,
      businessShortCode: payload.BusinessShortCode,
      billRefNumber: payload.BillRefNumber,
      invoiceNumber: payload.InvoiceNumber,
      orgAccountBalanceCents:
        payload.OrgAccountBalance === '' ? undefined : shillingsToCents(payload.OrgAccountBalance),
      thirdPartyTransId: payload.ThirdPartyTransID,
      msisdn: payload.MSISDN,
      phoneNumber: phoneFrom(payload.MSISDN),
      firstName: payload.FirstName,
      middleName: payload.MiddleName,
      lastName: payload.LastName,
      payerName: names.filter((name) => name !== '').join(' '),
    },
  };
}

/**
 * Daraja's codes for refusing a C2B payment at validation (the payer's money stays with them).
 * `invalidAccountNumber` is the one for an unknown bill number.
 */
export const C2B_REJECT_CODES = {
  invalidMsisdn: 'C2B00011',
  invalidAccountNumber: 'C2B00012',
  invalidAmount: 'C2B00013',
  invalidKycDetails: 'C2B00014',
  invalidShortcode: 'C2B00015',
  otherError: 'C2B00016',
} as const;

export type C2bRejectReason = keyof typeof C2B_REJECT_CODES;

/** The answer to a C2B validation request that lets the payment through. */
export function c2bAccept(): { ResultCode: '0'; ResultDesc: 'Accepted' } {
  return { ResultCode: '0', ResultDesc: 'Accepted' };
}

/** The answer to a C2B validation request that refuses the payment. */
export function c2bReject(reason: C2bRejectReason): { ResultCode: string; ResultDesc: 'Rejected' } {
  return { ResultCode: C2B_REJECT_CODES[reason], ResultDesc: 'Rejected' };
}

// ---------------------------------------------------------------------------------------------
// Result codes and the path secret
// ---------------------------------------------------------------------------------------------

const MEANINGS: Record<number, string> = {
  0: 'Payment received. Thank you.',
  1: 'Your M-Pesa balance is not enough for this payment. Top up and try again.',
  1001: 'Another M-Pesa payment is in progress on your phone. Wait a minute, then try again.',
  1019: 'The M-Pesa prompt expired before it was answered. Please try again.',
  1025: 'We could not send the M-Pesa prompt to your phone. Please try again.',
  9999: 'We could not send the M-Pesa prompt to your phone. Please try again.',
  1032: 'You cancelled the M-Pesa prompt.',
  1037: 'We could not reach your phone. Check that it is on and has network, then try again.',
  2001: 'The M-Pesa PIN was wrong. Please try again.',
};

/** The message for a result code Daraja has not documented. */
export const UNKNOWN_RESULT_MEANING = 'The M-Pesa payment did not go through. Please try again.';

/**
 * What an STK ResultCode means, in plain English for the citizen who paid (a number, or the
 * numeric string `stkpushquery` answers): 1032 → "You cancelled the M-Pesa prompt.". Codes that
 * are not documented get {@link UNKNOWN_RESULT_MEANING}.
 */
export function resultCodeMeaning(code: number | string): string {
  const value = typeof code === 'string' && /^\s*-?\d+\s*$/.test(code) ? Number(code) : code;
  return typeof value === 'number' ? (MEANINGS[value] ?? UNKNOWN_RESULT_MEANING) : UNKNOWN_RESULT_MEANING;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * True when the secret taken from a callback URL's path equals the configured one. Compared in
 * constant time: both are hashed to 32 bytes first, so neither the content nor the length of the
 * expected secret leaks through timing. An empty expected secret never matches.
 */
export function isPathSecretValid(given: string | null | undefined, expected: string): boolean {
  if (typeof given !== 'string' || expected.length === 0) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/** Daraja's answer to a transaction status query, as far as confirming a payment needs it. */
export interface TransactionStatusResult {
  conversationId: string;
  resultCode: number;
  resultDesc: string;
  /** `TransactionStatus`, e.g. "Completed". */
  status: string | undefined;
  receipt: string | undefined;
  amountCents: number | undefined;
}

const statusResultSchema = z.object({
  Result: z.object({
    ResultCode: z.union([
      z.number().int(),
      z
        .string()
        .regex(/^-?\d+$/)
        .transform(Number),
    ]),
    ResultDesc: z.string().default(''),
    ConversationID: z.string().min(1),
    ResultParameters: z
      .object({
        ResultParameter: z
          .array(z.object({ Key: z.string(), Value: z.unknown().optional() }))
          .or(z.object({ Key: z.string(), Value: z.unknown().optional() }).transform((one) => [one])),
      })
      .optional(),
  }),
});

/** Reads the Result posted to the transaction status ResultURL; undefined when it is not one. */
export function parseTransactionStatusResult(body: unknown): TransactionStatusResult | undefined {
  const parsed = statusResultSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const result = parsed.data.Result;
  const value = (key: string) => result.ResultParameters?.ResultParameter.find((p) => p.Key === key)?.Value;
  const amount = value('Amount');
  const shillings =
    typeof amount === 'number' ? amount : typeof amount === 'string' ? Number(amount) : Number.NaN;
  return {
    conversationId: result.ConversationID,
    resultCode: result.ResultCode,
    resultDesc: result.ResultDesc,
    status:
      typeof value('TransactionStatus') === 'string' ? (value('TransactionStatus') as string) : undefined,
    receipt: typeof value('ReceiptNo') === 'string' ? (value('ReceiptNo') as string) : undefined,
    amountCents: Number.isFinite(shillings) ? Math.round(shillings * 100) : undefined,
  };
}

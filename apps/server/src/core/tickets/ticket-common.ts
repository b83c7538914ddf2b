import { randomBytes } from 'node:crypto';
import { normalisePlate, PLATE_MESSAGE } from '@kaunti/catalogue/registries/field-kinds';
import type { StkPushResponse } from '@kaunti/contract/api-payments';
import { maskPhone } from '@kaunti/contract/masking';
import { isValidPhone, normalisePhone } from '@kaunti/contract/phone-number';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { badRequest } from '../../platform/errors';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import { invalid } from '../applications/submission-checks';
import { payments } from '../payments/schema';

/**
 * What every ticket bought with no account shares, whichever table keeps it (a service's ticket
 * here, a day's parking in areas/parking): its random characters, the end of its day, its
 * payment's wait, the prompt sent again, the SMS to whoever paid and the plate an officer checks.
 */

/** The payments the tickets ask for: an M-Pesa prompt for an obligation's bill. */
export interface ObligationPush {
  startObligationPush(input: {
    billNo: string;
    phone: string;
    requestId?: string | undefined;
  }): Promise<StkPushResponse>;
}

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** n characters of 32 (5 random bits each), for a ticket's id and its printed number. */
export const randomChars = (n: number) => [...randomBytes(n)].map((b) => ALPHABET[b % 32]).join('');

/** The end of a Kenyan day (midnight EAT, UTC+3), as an instant. */
export const endOfKenyanDay = (day: string) => new Date(`${day}T23:59:59.999+03:00`);

export const NOT_PAYABLE = 'This ticket is not waiting for a payment.';

/** The ticket's latest payment attempt on its current bill: how the wait ended, if it did. */
export async function lastPaymentOf(db: Db, billNo: string) {
  const [payment] = await db
    .select({
      status: payments.status,
      message: payments.message,
      phone: payments.phoneNumber,
      at: payments.updatedAt,
    })
    .from(payments)
    .where(eq(payments.billNo, billNo))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment) return null;
  return {
    status: payment.status,
    message: payment.status === 'pending' ? null : payment.message,
    phone_hint: payment.phone ? maskPhone(payment.phone) : null,
    at: payment.at.toISOString(),
  };
}

/**
 * A pending ticket's prompt again, after a payment that failed or was cancelled — to the phone
 * given, else the one the last prompt went to.
 */
export async function pushAgain(
  db: Db,
  push: ObligationPush,
  input: { billNo: string; phone?: string | undefined; requestId?: string | undefined },
) {
  let phone = input.phone;
  if (!phone) {
    const [last] = await db
      .select({ phone: payments.phoneNumber })
      .from(payments)
      .where(eq(payments.billNo, input.billNo))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    phone = last?.phone ?? undefined;
  }
  if (!phone || !isValidPhone(phone))
    invalid([{ path: 'phone_number', message: 'Please enter the M-Pesa phone number' }]);
  return push.startObligationPush({
    billNo: input.billNo,
    phone: normalisePhone(phone!),
    requestId: input.requestId,
  });
}

/**
 * The phone that paid a bill, to send the ticket's link to (a paybill payment's phone may come
 * masked: then none), in the payment's transaction.
 */
export async function payingPhoneOf(tx: Db, billId: string): Promise<string | null> {
  const [payer] = await tx
    .select({ phone: payments.phoneNumber })
    .from(payments)
    .where(and(eq(payments.billId, billId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.updatedAt))
    .limit(1);
  const phone = payer?.phone;
  return phone && isValidPhone(phone) ? normalisePhone(phone) : null;
}

/** The SMS to the phone that paid, not waited for: a refusal or a failure is logged as `what`. */
export function sendTicketSms(
  deps: { sms: SmsGateway; log: { warn(object: Record<string, unknown>, message: string): void } },
  phone: string,
  message: string,
  what: string,
) {
  void deps.sms
    .send(phone, message)
    .then((result) => {
      if (!result.accepted) deps.log.warn({}, `${what} SMS was not accepted by the gateway`);
    })
    .catch((error: unknown) => deps.log.warn({ err: error }, `${what} SMS failed`));
}

/** The plate an officer checks, as the register keeps it; else 400 saying how one is written. */
export function plateOrBadRequest(input: string): string {
  const plate = normalisePlate(input);
  if (!plate) throw badRequest(PLATE_MESSAGE, [{ path: 'plate', message: PLATE_MESSAGE }]);
  return plate;
}

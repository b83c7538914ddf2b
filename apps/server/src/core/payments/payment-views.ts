import type { Bill } from '@kaunti/contract/api-bills';
import type { Payment } from '@kaunti/contract/api-payments';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { type Position, positionAt } from '../../platform/db/pages';
import { conflict, notFound } from '../../platform/errors';
import { resultCodeMeaning } from '../../platform/mpesa/callbacks';
import { bills } from '../bills/schema';
import { PAYMENT_MESSAGES } from './messages';
import { type PaymentRow, payments } from './schema';

// What a payment is and says: its message, its API view, whether it waits for an officer.

/** Money that moved but reached no bill, and that no officer has credited to one: held for a refund. */
export function isHeldForRefund(row: PaymentRow): boolean {
  return (
    row.status === 'paid' &&
    row.appliedAt === null &&
    row.unmatchedReason !== null &&
    row.resolution !== 'matched'
  );
}

export function messageOf(row: PaymentRow): string {
  // The bill was cancelled while the prompt was open: "Payment received" would be untrue.
  if (isHeldForRefund(row) && row.unmatchedReason === 'bill_cancelled') return PAYMENT_MESSAGES.heldForRefund;
  if (row.resolution === 'matched') return PAYMENT_MESSAGES.paid;
  if (row.message) return row.message;
  if (row.status === 'pending') return PAYMENT_MESSAGES.promptSent;
  if (row.status === 'paid') return PAYMENT_MESSAGES.paid;
  return row.resultCode === null ? PAYMENT_MESSAGES.noAnswer : resultCodeMeaning(row.resultCode);
}

export function toApi(
  row: PaymentRow,
  bill: { description: string; status: Bill['status'] } | undefined,
): Payment {
  return {
    payment_id: row.id,
    bill_no: row.billNo,
    bill_description: bill?.description ?? null,
    bill_status: bill?.status ?? null,
    method: row.method,
    status: row.status,
    amount_cents: row.amountRequestedCents,
    amount_paid_cents: row.amountPaidCents,
    phone_number: row.phoneNumber,
    mpesa_receipt_number: row.mpesaReceiptNumber,
    result_code: row.resultCode,
    message: messageOf(row),
    held_for_refund: isHeldForRefund(row),
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

export async function paymentsWithBills(db: Db, where: SQL | undefined, limit: number): Promise<Payment[]> {
  return (await positionedPayments(db, where, limit)).map((r) => r.payment);
}

/** Payments with their bill's words, newest first, each with its position for a page's cursor. */
export async function positionedPayments(
  db: Db,
  where: SQL | undefined,
  limit: number,
): Promise<{ payment: Payment; position: Position }[]> {
  const rows = await db
    .select({
      payment: payments,
      description: bills.description,
      billStatus: bills.status,
      at: positionAt(payments.createdAt),
    })
    .from(payments)
    .leftJoin(bills, eq(bills.id, payments.billId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  return rows.map((r) => ({
    payment: toApi(
      r.payment,
      r.description !== null && r.billStatus !== null
        ? { description: r.description, status: r.billStatus }
        : undefined,
    ),
    position: { at: r.at, key: r.payment.id },
  }));
}

/** A paid payment whose money reached no bill and that no officer has dealt with yet. */
export function isUnresolved(row: PaymentRow): boolean {
  return (
    row.status === 'paid' && row.appliedAt === null && row.unmatchedReason !== null && row.resolution === null
  );
}

export async function lockUnresolved(tx: Db, paymentId: string): Promise<PaymentRow> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
  if (!row) throw notFound('We could not find that payment.');
  if (!isUnresolved(row))
    throw conflict(
      'This payment is not waiting to be matched: it was credited or dealt with already.',
      'illegal_transition',
    );
  return row;
}

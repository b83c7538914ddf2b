import type { StkPushResponse } from '@kaunti/contract/api-payments';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../platform/errors';
import type { DarajaClient } from '../../platform/mpesa/daraja-client';
import { bills } from '../bills/schema';
import { requestHash } from './idempotency';
import { PAYMENT_MESSAGES } from './messages';
import type { PaymentInternals } from './payment-internals';
import {
  CALLBACK_PATHS,
  MAX_PAYMENT_CENTS,
  PROMPT_BUSY_MS,
  PUSH_LIMITS,
  STK_DESCRIPTION,
  type StartStkPushInput,
} from './payment-types';
import { payments } from './schema';

/** Lipa na M-Pesa Online: the prompt for one of the user's bills (idempotent, limited, one prompt at a time). */
export function createStkPush(internals: PaymentInternals) {
  const { db, log, now, idempotency, callbackUrl, deps, lockPayment, audit, completeUnpaid } = internals;
  /** The most one prompt may ask (M-Pesa's limit, MPESA_MAX_PAYMENT), in whole shillings. */
  const limitShillings = Math.floor((deps.maxPaymentCents ?? MAX_PAYMENT_CENTS) / 100);

  /**
   * The prompt itself, once the caller has been allowed to pay this bill this amount: one prompt
   * at a time per bill and phone (the bill's row lock), the payment row and its audit, Daraja's
   * answer recorded (or the payment failed when Daraja cannot be reached).
   */
  async function pushForBill(input: {
    userId: string | null;
    bill: { id: string; billNo: string };
    phone: string;
    shillings: number;
    at: Date;
    requestId?: string | undefined;
    /**
     * A pending prompt on the bill blocks this one (a user's own bill). Not for an obligation paid
     * with no account: anyone may prompt a plate's bill, so a stranger's unanswered prompt must not
     * hold the motorist's own off; the phone's pending prompt still does.
     */
    busyOnBill?: boolean;
  }): Promise<StkPushResponse> {
    const { userId, bill, shillings, at, requestId } = input;
    const busyOnBill = input.busyOnBill ?? true;
    const actor = userId ? ({ type: 'user', id: userId } as const) : ({ type: 'anonymous' } as const);
    const row = await db.transaction(async (tx) => {
      // The bill's row lock makes two pushes for one bill take turns through the check below.
      await tx.select({ id: bills.id }).from(bills).where(eq(bills.id, bill.id)).for('update');
      const [busy] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.status, 'pending'),
            gt(payments.createdAt, new Date(at.getTime() - PROMPT_BUSY_MS)),
            busyOnBill
              ? or(eq(payments.billId, bill.id), eq(payments.phoneNumber, input.phone))
              : eq(payments.phoneNumber, input.phone),
          ),
        )
        .limit(1);
      if (busy) throw conflict(PAYMENT_MESSAGES.promptBusy, 'payment_in_progress');
      const [inserted] = await tx
        .insert(payments)
        .values({
          userId,
          billId: bill.id,
          billNo: bill.billNo,
          method: 'mpesa_stk',
          status: 'pending',
          amountRequestedCents: shillings * 100,
          phoneNumber: input.phone,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      await audit(
        tx,
        inserted!,
        'created',
        actor,
        null,
        'pending',
        { bill_no: bill.billNo, amount_cents: shillings * 100, method: 'mpesa_stk' },
        requestId,
      );
      return inserted!;
    });

    let sent: Awaited<ReturnType<DarajaClient['stkPush']>>;
    try {
      sent = await deps.daraja.stkPush({
        phone: input.phone,
        amountShillings: shillings,
        accountReference: bill.billNo,
        description: STK_DESCRIPTION,
        callbackUrl: callbackUrl(CALLBACK_PATHS.stk),
      });
    } catch (error) {
      log.warn({ paymentId: row.id, err: error }, 'STK push failed');
      await db.transaction(async (tx) => {
        const locked = await lockPayment(tx, row.id);
        if (locked) {
          await completeUnpaid(
            tx,
            locked,
            {
              resultCode: null,
              resultDesc: error instanceof Error ? error.message.slice(0, 300) : 'STK push failed',
              message: PAYMENT_MESSAGES.pushFailed,
              source: 'push',
            },
            requestId,
          );
        }
      });
      throw new AppError(503, 'service_unavailable', PAYMENT_MESSAGES.pushFailed);
    }
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({
          checkoutRequestId: sent.checkoutRequestId,
          merchantRequestId: sent.merchantRequestId,
          updatedAt: now(),
        })
        .where(eq(payments.id, row.id));
      await audit(
        tx,
        row,
        'prompt_sent',
        actor,
        'pending',
        'pending',
        { checkout_request_id: sent.checkoutRequestId },
        requestId,
      );
    });
    return {
      payment_id: row.id,
      checkout_request_id: sent.checkoutRequestId,
      status: 'pending',
      bill_no: bill.billNo,
      amount_cents: shillings * 100,
      phone_number: input.phone,
      message: PAYMENT_MESSAGES.promptSent,
    };
  }

  return {
    /**
     * A prompt with no account behind it, for an obligation's bill (daily parking: a motorist pays
     * a plate's day by its bill, signed in or not): the whole balance, at most `perPhone` prompts
     * per phone in the window. No idempotency key: the obligation is the key (one open bill, and a
     * second prompt while one is pending is refused by `pushForBill`).
     */
    async startObligationPush(input: {
      billNo: string;
      phone: string;
      requestId?: string | undefined;
      /**
       * Any open bill by its number, as the paybill takes one (the USSD "Pay a bill": the prompt
       * goes to the caller's own phone, the amount is the bill's balance).
       */
      anyBill?: boolean;
    }): Promise<StkPushResponse> {
      const at = now();
      const [counts] = await db
        .select({ byPhone: sql<number>`count(*)`.mapWith(Number) })
        .from(payments)
        .where(
          and(
            eq(payments.method, 'mpesa_stk'),
            gt(payments.createdAt, new Date(at.getTime() - PUSH_LIMITS.windowMs)),
            eq(payments.phoneNumber, input.phone),
          ),
        );
      if ((counts?.byPhone ?? 0) >= PUSH_LIMITS.perPhone)
        throw tooManyRequests(PAYMENT_MESSAGES.tooManyPushes, Math.ceil(PUSH_LIMITS.windowMs / 1000));
      const bill = await deps.bills.findForPayment(input.billNo);
      if (!bill || (bill.sourceKey === null && !input.anyBill)) throw notFound(PAYMENT_MESSAGES.billNotFound);
      if (bill.status === 'paid') throw conflict(PAYMENT_MESSAGES.billPaid, 'bill_already_paid');
      if (bill.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.billCancelled, 'bill_cancelled');
      // The whole balance, or the first part M-Pesa takes (the rest is paid in another prompt).
      const shillings = Math.min(Math.ceil(bill.balanceCents / 100), limitShillings);
      return pushForBill({
        userId: null,
        bill,
        phone: input.phone,
        shillings,
        at,
        requestId: input.requestId,
        busyOnBill: false,
      });
    },

    /**
     * `POST /api/payments/mpesa/stk-push`: sends the prompt for one of the user's bills. Idempotent
     * per `Idempotency-Key` (see idempotency.ts).
     */
    async startStkPush(input: StartStkPushInput): Promise<{ body: StkPushResponse; replayed: boolean }> {
      const { userId, body, requestId } = input;
      const hash = requestHash({
        bill_no: body.bill_no,
        phone_number: body.phone_number,
        amount: body.amount ?? null,
      });
      const answer = await idempotency.run<StkPushResponse>(
        { userId, key: input.idempotencyKey, scope: 'stk-push', hash },
        async () => {
          const at = now();
          const windowStart = new Date(at.getTime() - PUSH_LIMITS.windowMs);
          const [counts] = await db
            .select({
              byUser: sql<number>`count(*) filter (where ${payments.userId} = ${userId})`.mapWith(Number),
              byPhone:
                sql<number>`count(*) filter (where ${payments.phoneNumber} = ${body.phone_number})`.mapWith(
                  Number,
                ),
            })
            .from(payments)
            .where(
              and(
                eq(payments.method, 'mpesa_stk'),
                gt(payments.createdAt, windowStart),
                or(eq(payments.userId, userId), eq(payments.phoneNumber, body.phone_number)),
              ),
            );
          if (
            (counts?.byUser ?? 0) >= PUSH_LIMITS.perUser ||
            (counts?.byPhone ?? 0) >= PUSH_LIMITS.perPhone
          ) {
            throw tooManyRequests(PAYMENT_MESSAGES.tooManyPushes, Math.ceil(PUSH_LIMITS.windowMs / 1000));
          }

          const bill = await deps.bills.findForPayment(body.bill_no);
          // A bill sits with one account, but anyone signed in may pay an obligation's bill by its
          // number (a relative's rates), as anyone may at the paybill (decision 007).
          if (!bill || (bill.userId !== userId && bill.sourceKey === null))
            throw notFound(PAYMENT_MESSAGES.billNotFound);
          if (bill.status === 'paid') throw conflict(PAYMENT_MESSAGES.billPaid, 'bill_already_paid');
          if (bill.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.billCancelled, 'bill_cancelled');
          // M-Pesa moves whole shillings: the balance rounded up, at most M-Pesa's limit in one
          // prompt (a larger bill is paid in parts, or at the bank with its invoice).
          const maxShillings = Math.ceil(bill.balanceCents / 100);
          const shillings = body.amount ?? Math.min(maxShillings, limitShillings);
          if (shillings > maxShillings) {
            throw badRequest(PAYMENT_MESSAGES.amountAboveBalance, [
              { path: 'amount', message: PAYMENT_MESSAGES.amountAboveBalance },
            ]);
          }
          if (shillings > limitShillings) {
            const message = PAYMENT_MESSAGES.amountAboveLimit(limitShillings);
            throw badRequest(message, [{ path: 'amount', message }]);
          }

          return {
            status: 200,
            body: await pushForBill({ userId, bill, phone: body.phone_number, shillings, at, requestId }),
          };
        },
      );
      return { body: answer.body, replayed: answer.replayed };
    },
  };
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/database';
import {
  type C2bRejectReason,
  c2bAccept,
  c2bReject,
  parseC2bPayload,
  parseStkCallback,
  parseTransactionStatusResult,
  type TransactionStatusResult,
} from '../../platform/mpesa/callbacks';
import { PAYMENT_MESSAGES } from './messages';
import type { PaymentInternals } from './payment-internals';
import { type C2bAnswer, type CallbackOutcome, MPESA, normaliseBillRef } from './payment-types';
import { type PaymentRow, payments } from './schema';
import { paymentStatus } from './status';

/** What M-Pesa sends back: STK callbacks, C2B validation and confirmation, transaction status results. */
export function createCallbackHandling(internals: PaymentInternals) {
  const {
    db,
    log,
    now,
    deps,
    lockPayment,
    audit,
    markPaid,
    credit,
    logRaw,
    applyStkCallback,
    completePaid,
    recordExcess,
    referenceOf,
    askTransactionStatus,
    c2bDecision,
  } = internals;
  /**
   * Daraja's transaction status answer about the receipt of an STK callback whose amount was not
   * the prompt's (`holdForAmountCheck`): what moved is credited, at most the prompt; anything
   * beyond is kept for a revenue officer (`recordExcess`). An answer that does not confirm the
   * receipt credits nothing: the callback was not M-Pesa's, and `stkpushquery` settles the prompt.
   */
  async function confirmStkByStatus(
    tx: Db,
    row: PaymentRow,
    result: TransactionStatusResult,
    requestId?: string,
  ): Promise<CallbackOutcome> {
    const moved = result.amountCents;
    const receipt = result.receipt;
    if (
      result.resultCode !== 0 ||
      result.status !== 'Completed' ||
      receipt === undefined ||
      moved === undefined ||
      moved <= 0
    ) {
      await audit(
        tx,
        row,
        'reported_amount_not_confirmed',
        MPESA,
        row.status,
        row.status,
        { result_code: result.resultCode },
        requestId,
      );
      log.warn(
        { paymentId: row.id },
        'Daraja did not confirm the receipt of a callback that named another amount: nothing credited from it',
      );
      return 'unconfirmed';
    }
    if (row.mpesaReceiptNumber !== null && row.mpesaReceiptNumber !== receipt) return 'duplicate';
    if (row.status !== 'paid') {
      await completePaid(
        tx,
        row,
        {
          amountCents: moved,
          receipt,
          resultDesc: 'Confirmed by transaction status',
          source: 'transaction_status',
        },
        requestId,
      );
    } else if (row.mpesaReceiptNumber === null) {
      // Completed by stkpushquery with the prompt's amount: only the receipt number is news.
      await tx
        .update(payments)
        .set({ mpesaReceiptNumber: receipt, updatedAt: now() })
        .where(eq(payments.id, row.id));
      await audit(
        tx,
        row,
        'receipt_recorded',
        MPESA,
        'paid',
        'paid',
        { mpesa_receipt_number: receipt, amount_cents: moved },
        requestId,
      );
    } else {
      return 'duplicate';
    }
    if (moved > row.amountRequestedCents) {
      await recordExcess(tx, row, moved - row.amountRequestedCents, receipt, requestId);
    }
    return 'paid';
  }

  return {
    /** `POST /api/payments/callbacks/stk/{secret}` (secret already checked): always acknowledged. */
    async handleStkCallback(body: unknown, requestId?: string): Promise<void> {
      const parsed = parseStkCallback(body);
      if (!parsed.success) {
        const reference = referenceOf(body, ['Body', 'stkCallback', 'CheckoutRequestID']);
        log.warn({ reference, problem: parsed.error }, 'Unparseable STK callback: logged and acknowledged');
        await logRaw(db, { kind: 'stk', reference, body, outcome: 'unparseable', paymentId: null });
        return;
      }
      await applyStkCallback(parsed.data, body, requestId);
    },

    /** `POST /api/payments/callbacks/c2b/validation/{secret}`: accept a known, payable bill number. */
    async handleC2bValidation(body: unknown): Promise<C2bAnswer> {
      const parsed = parseC2bPayload(body);
      const reference = parsed.success ? parsed.data.transId : referenceOf(body, ['TransID']);
      let reason: C2bRejectReason | null;
      if (parsed.success) reason = await c2bDecision(parsed.data);
      else {
        log.warn({ problem: parsed.error }, 'Unparseable C2B validation: rejected');
        reason = 'otherError';
      }
      await logRaw(db, {
        kind: 'c2b_validation',
        reference,
        body,
        outcome: reason === null ? 'accepted' : 'rejected',
        paymentId: null,
      });
      return reason === null ? c2bAccept() : c2bReject(reason);
    },

    /**
     * `POST /api/payments/callbacks/c2b/confirmation/{secret}`: a payment at the paybill. Recorded
     * once per TransID (the receipt number); credited to the bill whose number the payer typed, or
     * kept as unmatched for staff when there is no such bill.
     */
    async handleC2bConfirmation(body: unknown, requestId?: string): Promise<void> {
      const parsed = parseC2bPayload(body);
      const entry = {
        kind: 'c2b_confirmation' as const,
        reference: parsed.success ? parsed.data.transId : referenceOf(body, ['TransID']),
        body,
      };
      if (!parsed.success) {
        log.warn({ problem: parsed.error }, 'Unparseable C2B confirmation: logged and acknowledged');
        await logRaw(db, { ...entry, outcome: 'unparseable', paymentId: null });
        return;
      }
      const payment = parsed.data;
      if (payment.businessShortCode !== deps.daraja.shortcode) {
        log.warn({ shortcode: payment.businessShortCode }, 'C2B confirmation for another paybill: ignored');
        await logRaw(db, { ...entry, outcome: 'ignored', paymentId: null });
        return;
      }
      const ref = normaliseBillRef(payment.billRefNumber);
      const bill = ref === '' ? undefined : await deps.bills.findForPayment(ref);
      let recorded: PaymentRow | undefined;
      try {
        recorded = await db.transaction(async (tx) => {
          const at = now();
          const [row] = await tx
            .insert(payments)
            .values({
              userId: bill?.userId ?? null,
              billId: bill?.id ?? null,
              billNo: bill?.billNo ?? (payment.billRefNumber.slice(0, 40) || '-'),
              method: 'mpesa_c2b',
              // Pending until Daraja confirms the TransID (transaction status query).
              status: 'pending',
              amountRequestedCents: payment.amountCents,
              phoneNumber: payment.msisdn === '' ? null : payment.msisdn.slice(0, 64),
              payerName: payment.payerName === '' ? null : payment.payerName.slice(0, 200),
              mpesaReceiptNumber: payment.transId,
              resultDesc: 'C2B confirmation received',
              createdAt: at,
              updatedAt: at,
            })
            .onConflictDoNothing({ target: payments.mpesaReceiptNumber })
            .returning();
          if (!row) {
            await logRaw(tx, { ...entry, outcome: 'duplicate', paymentId: null });
            return undefined;
          }
          await audit(
            tx,
            row,
            'recorded',
            MPESA,
            null,
            'pending',
            {
              source: 'c2b',
              trans_id: payment.transId,
              bill_ref_number: payment.billRefNumber,
              amount_cents: payment.amountCents,
            },
            requestId,
          );
          await logRaw(tx, { ...entry, outcome: 'unconfirmed', paymentId: row.id });
          return row;
        });
      } catch (error) {
        const duplicate = isUniqueViolation(error);
        await logRaw(db, { ...entry, outcome: duplicate ? 'duplicate' : 'error', paymentId: null });
        if (!duplicate) throw error;
      }
      if (recorded)
        await askTransactionStatus({ id: recorded.id, transactionId: recorded.mpesaReceiptNumber });
    },

    /**
     * `POST /api/payments/callbacks/status/result/{secret}`: Daraja's answer to a transaction
     * status query. Believed only for a query this server asked (its ConversationID), and only
     * when it confirms the very receipt number and amount: then the paybill payment is paid and
     * credited; otherwise it fails, credited nothing.
     */
    async handleTransactionStatusResult(body: unknown, requestId?: string): Promise<void> {
      const result = parseTransactionStatusResult(body);
      const entry = { kind: 'transaction_status' as const, reference: result?.conversationId ?? null, body };
      if (!result) {
        await logRaw(db, { ...entry, outcome: 'unparseable', paymentId: null });
        return;
      }
      const [found] = await db
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.statusQueryId, result.conversationId))
        .limit(1);
      if (!found) {
        log.warn({}, 'transaction status result for a query this server did not ask: ignored');
        await logRaw(db, { ...entry, outcome: 'unknown_request', paymentId: null });
        return;
      }
      await db.transaction(async (tx) => {
        const row = await lockPayment(tx, found.id);
        if (row?.method === 'mpesa_stk') {
          const outcome = await confirmStkByStatus(tx, row, result, requestId);
          await logRaw(tx, { ...entry, outcome, paymentId: row.id });
          return;
        }
        if (row?.status !== 'pending') {
          await logRaw(tx, { ...entry, outcome: 'duplicate', paymentId: found.id });
          return;
        }
        const confirmed =
          result.resultCode === 0 &&
          result.status === 'Completed' &&
          result.receipt === row.mpesaReceiptNumber &&
          result.amountCents === row.amountRequestedCents;
        const at = now();
        if (!confirmed) {
          paymentStatus.assert('pending', 'failed');
          await tx
            .update(payments)
            .set({
              status: 'failed',
              resultCode: result.resultCode,
              resultDesc: result.resultDesc.slice(0, 300),
              message: PAYMENT_MESSAGES.notConfirmed,
              updatedAt: at,
              completedAt: at,
            })
            .where(eq(payments.id, row.id));
          await audit(
            tx,
            row,
            'not_confirmed',
            MPESA,
            'pending',
            'failed',
            { result_code: result.resultCode },
            requestId,
          );
          log.warn({ paymentId: row.id }, 'paybill payment not confirmed by Daraja: nothing credited');
          await logRaw(tx, { ...entry, outcome: 'failed', paymentId: row.id });
          return;
        }
        paymentStatus.assert('pending', 'paid');
        const target = await markPaid(tx, row, {
          amountCents: row.amountRequestedCents,
          resultDesc: 'C2B payment confirmed by transaction status',
        });
        await audit(
          tx,
          row,
          'confirmed',
          MPESA,
          'pending',
          'paid',
          { source: 'transaction_status' },
          requestId,
        );
        await credit(tx, row, target, row.amountRequestedCents, row.mpesaReceiptNumber ?? row.id, requestId);
        await logRaw(tx, {
          ...entry,
          outcome: target.reason === undefined ? 'paid' : 'unmatched',
          paymentId: row.id,
        });
      });
    },
  };
}

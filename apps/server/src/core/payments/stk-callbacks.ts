import { isUniqueViolation } from '../../platform/db/database';
import type { sharedTransactions } from '../../platform/db/shared-transaction';
import { resultCodeMeaning, type StkCallbackResult } from '../../platform/mpesa/callbacks';
import type { DarajaClient } from '../../platform/mpesa/daraja-client';
import type { C2bChecks } from './c2b-checks';
import type { CallbackLog } from './callback-log';
import type { PaymentCompletion } from './payment-completion';
import type { PaymentStatements } from './payment-statements';
import {
  type CallbackOutcome,
  MPESA,
  type PaymentServiceDeps,
  sleep,
  UNKNOWN_CHECKOUT_RETRIES,
} from './payment-types';
import type { PaymentRow } from './schema';

/** An STK callback applied to its payment: confirmed with Daraja first, then completed. */
export function createStkCallbacks(parts: {
  deps: PaymentServiceDeps;
  statements: Pick<PaymentStatements, 'findByCheckout' | 'lockPayment'>;
  completion: Pick<PaymentCompletion, 'audit' | 'lockAhead' | 'completePaid' | 'completeUnpaid'>;
  logRaw: CallbackLog['logRaw'];
  callbackTransaction: ReturnType<typeof sharedTransactions>;
  unknownWait: number;
  askTransactionStatus: C2bChecks['askTransactionStatus'];
}) {
  const { deps, logRaw, callbackTransaction, unknownWait, askTransactionStatus } = parts;
  const { db, log } = deps;
  const { findByCheckout, lockPayment } = parts.statements;
  const { audit, lockAhead, completePaid, completeUnpaid } = parts.completion;

  /**
   * Applies an STK callback to the payment with its CheckoutRequestID and logs it raw, in one
   * transaction (one commit per callback). When processing fails, the raw body is still logged
   * (outcome `error`) for replay, and the payment stays pending for reconciliation.
   */
  async function applyStkCallback(
    result: StkCallbackResult,
    body: unknown,
    requestId?: string,
  ): Promise<void> {
    const entry = { kind: 'stk' as const, reference: result.checkoutRequestId, body };
    let found:
      | Pick<PaymentRow, 'id' | 'billId' | 'status' | 'mpesaReceiptNumber' | 'amountRequestedCents'>
      | undefined;
    for (let attempt = 0; ; attempt++) {
      found = await findByCheckout(result.checkoutRequestId);
      if (found || attempt >= UNKNOWN_CHECKOUT_RETRIES) break;
      await sleep(unknownWait);
    }
    if (!found) {
      log.warn(
        { checkoutRequestId: result.checkoutRequestId, resultCode: result.resultCode },
        'STK callback for an unknown CheckoutRequestID: logged and acknowledged',
      );
      await logRaw(db, { ...entry, outcome: 'unknown_request', paymentId: null });
      return;
    }
    const paymentId = found.id;
    if (found.status === 'paid' && found.mpesaReceiptNumber !== null) {
      // Paid with its receipt number: final (nothing leaves paid, a receipt number is recorded
      // once), so whatever this callback says changes nothing. Logged as a duplicate without
      // asking Daraja or locking the row; the answer is the same acknowledgement.
      await logRaw(db, { ...entry, outcome: 'duplicate', paymentId });
      return;
    }
    // A callback saying "paid" is believed only once Daraja confirms it (stkpushquery): the
    // callback secret alone — leaked, say — cannot mark a bill paid and issue a document.
    let confirmation: Awaited<ReturnType<DarajaClient['stkQuery']>> | undefined;
    if (result.paid) {
      try {
        confirmation = await deps.daraja.stkQuery(result.checkoutRequestId);
      } catch (error) {
        log.warn({ paymentId, err: error }, 'stkpushquery to confirm a paid callback failed');
      }
      if (!confirmation || confirmation.status === 'pending') {
        // Left pending: reconciliation asks Daraja again and completes it from Daraja's answer.
        log.warn({ paymentId }, 'paid STK callback not confirmed by Daraja yet: left pending');
        await logRaw(db, { ...entry, outcome: 'unconfirmed', paymentId });
        return;
      }
    }
    const refuted = confirmation?.status === 'completed' && !confirmation.paid ? confirmation : undefined;
    if (result.paid && !refuted && result.amountCents !== found.amountRequestedCents) {
      // Daraja says the prompt was paid, but the callback names another amount than the prompt's:
      // believed only once Daraja's transaction status says what moved (off the hot path).
      await holdForAmountCheck(found.id, result, entry, requestId);
      return;
    }
    try {
      // Shared with the callbacks of the same moment (one statement per step for all of them);
      // never with another for the same payment or bill.
      await callbackTransaction([`payment:${paymentId}`, `bill:${found.billId}`], async (tx) => {
        // A paid callback locks the payment, then its bill, in the same turn (two statements one
        // behind the other, one round trip): the bill the payment was found with, used only if
        // the locked payment still names it. Payment first, as everywhere (no deadlock).
        const locking = lockPayment(tx, paymentId);
        const bill = result.paid && !refuted && found.billId ? lockAhead(tx, found.billId) : undefined;
        const row = await locking;
        await bill?.locked;
        let outcome: CallbackOutcome = 'unknown_request';
        if (row && refuted) {
          // Daraja says the prompt was not paid: the callback lied (or was replayed wrongly).
          log.warn({ paymentId }, 'paid STK callback refuted by Daraja: recorded as Daraja says');
          outcome = await completeUnpaid(
            tx,
            row,
            {
              resultCode: refuted.resultCode,
              resultDesc: refuted.resultDesc,
              message: resultCodeMeaning(refuted.resultCode),
              source: 'query',
            },
            requestId,
          );
        } else if (row && result.paid) {
          outcome = await completePaid(
            tx,
            row,
            {
              amountCents: result.amountCents,
              receipt: result.mpesaReceiptNumber,
              resultDesc: result.resultDesc,
              source: 'callback',
            },
            requestId,
            bill,
          );
        } else if (row) {
          outcome = await completeUnpaid(
            tx,
            row,
            {
              resultCode: result.resultCode,
              resultDesc: result.resultDesc,
              message: resultCodeMeaning(result.resultCode),
              source: 'callback',
            },
            requestId,
          );
        }
        await logRaw(tx, { ...entry, outcome, paymentId });
      });
    } catch (error) {
      // The UNIQUE receipt number is the last line of defence: a duplicate that slipped past the
      // checks (another payment recorded the same receipt meanwhile) changes nothing.
      const duplicate = isUniqueViolation(error);
      await logRaw(db, { ...entry, outcome: duplicate ? 'duplicate' : 'error', paymentId });
      if (!duplicate) throw error;
    }
  }

  /**
   * A paid callback whose amount is not the prompt's: nothing is credited from it. The mismatch
   * is audited and Daraja's transaction status is asked for the callback's receipt number; its
   * answer (`confirmStkByStatus`) credits what moved, at most the prompt. Until then the payment
   * stays as it was, and reconciliation's `stkpushquery` completes it with the prompt's amount.
   */
  async function holdForAmountCheck(
    paymentId: string,
    result: StkCallbackResult & { paid: true },
    entry: { kind: 'stk'; reference: string; body: unknown },
    requestId?: string,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await lockPayment(tx, paymentId);
      if (row) {
        await audit(
          tx,
          row,
          'amount_mismatch',
          MPESA,
          row.status,
          row.status,
          {
            amount_reported_cents: result.amountCents,
            amount_requested_cents: row.amountRequestedCents,
            mpesa_receipt_number: result.mpesaReceiptNumber,
          },
          requestId,
        );
      }
      await logRaw(tx, { ...entry, outcome: 'amount_mismatch', paymentId });
    });
    log.warn(
      { paymentId },
      'paid STK callback names another amount than the prompt: nothing credited until Daraja confirms it',
    );
    await askTransactionStatus({ id: paymentId, transactionId: result.mpesaReceiptNumber });
  }

  return { applyStkCallback };
}

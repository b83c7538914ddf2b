import { createC2bRegistration } from './c2b-registration';
import { createCallbackHandling } from './callback-handling';
import { createPaymentInternals } from './payment-internals';
import { createPaymentReads } from './payment-reads';
import type { PaymentServiceDeps } from './payment-types';
import { createReconciliationJob } from './reconciliation-job';
import { createStkPush } from './stk-push';
import { createUnmatchedPayments } from './unmatched-payments';

export * from './payment-types';

/**
 * Payments by M-Pesa: STK push (the portal asks the phone for the PIN), its callback, the status
 * query for payments whose callback never came, and C2B (a citizen pays the paybill from the
 * phone menu with the bill number as the account).
 *
 * The rules that keep money right:
 * - A payment is completed in ONE transaction that locks its row (SELECT … FOR UPDATE): the
 *   status moves through `paymentStatus`, the receipt number is recorded (UNIQUE, so any number
 *   of duplicate callbacks make one payment), the amount paid — never more than an STK prompt
 *   asked for — is credited to the bill (`bills.applyPayment`: partial payments reduce the
 *   balance, an overpayment becomes credit),
 *   the application moves on when the bill became paid, and audit rows record each step.
 * - A callback for a CheckoutRequestID we do not know is logged and answered 200.
 * - The amount of an STK push is whole shillings (M-Pesa moves no cents): the balance in cents
 *   rounded UP. The portal refuses more than that; money beyond the balance that arrives anyway
 *   at the paybill is credit on the bill; money Daraja confirms beyond an STK prompt waits for a
 *   revenue officer (unmatched, `above_prompt`).
 * - Reconciliation (`reconcileOnce`) asks `stkpushquery` about payments pending for over a
 *   minute, and gives up on those pending for over five minutes. A payment the query says is
 *   paid is completed without a receipt number (the query carries none): the web app shows
 *   "paid, receipt number pending", and the callback fills the number in if it ever arrives.
 *   The county's own receipt (receipt.pdf) does not wait for it: its number is the county's.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const internals = createPaymentInternals(deps);
  return {
    callbackUrl: internals.callbackUrl,
    ...createUnmatchedPayments(internals),
    ...createStkPush(internals),
    ...createPaymentReads(internals),
    ...createCallbackHandling(internals),
    ...createC2bRegistration(internals),
    ...createReconciliationJob(internals),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;

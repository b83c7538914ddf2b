import type { PaymentStatus } from '@kaunti/contract/api-payments';
import { StateMachine } from '../../platform/state-machine';

/**
 * The moves of a payment's status, in one table.
 *
 * - pending → paid: the STK callback (or `stkpushquery`) says the payer paid.
 * - pending → cancelled: the payer cancelled the prompt (ResultCode 1032).
 * - pending → failed: any other refusal (insufficient funds, timeout, wrong PIN, …), the prompt
 *   could not be sent, or no answer came within five minutes.
 * - failed → paid and cancelled → paid: M-Pesa reports a success after we stopped waiting (a late
 *   callback after the five-minute expiry, or a query that answered before the payer retried on
 *   the same prompt). M-Pesa's word that money moved, with its receipt number, always wins;
 *   nothing leaves `paid`.
 *
 * A C2B (paybill) payment is recorded pending when its confirmation arrives and moves to paid
 * only when Daraja's transaction status query confirms it (receipt and amount), else to failed:
 * the callback secret alone cannot credit a bill.
 */
/**
 * What becomes of paid money that reached no bill (a revenue officer's work): matched to a bill
 * (at once, or above REVENUE_SECOND_OFFICER_ABOVE once a second revenue officer confirms the
 * proposal), or marked for refund. A refused proposal goes back to unresolved.
 */
export type UnmatchedResolution = 'unresolved' | 'match_proposed' | 'matched' | 'refund';
export const unmatchedResolution = new StateMachine<UnmatchedResolution>('unmatched payment', {
  unresolved: ['match_proposed', 'matched', 'refund'],
  match_proposed: ['matched', 'unresolved'],
  matched: [],
  refund: [],
});

export const paymentStatus = new StateMachine<PaymentStatus>('payment', {
  pending: ['paid', 'failed', 'cancelled'],
  failed: ['paid'],
  cancelled: ['paid'],
  paid: [],
});

import { resultCodeMeaning } from '../../platform/mpesa/callbacks';

/**
 * The sentences the payments module answers with. English here; the web app's
 * `locales/sw/messages.json` holds their Kiswahili (keyed by the English sentence), so change
 * both together.
 */
export const PAYMENT_MESSAGES = {
  billNotFound: 'We could not find that bill.',
  documentNotFound: 'We could not find that document. Please check the link.',
  billPaid: 'This bill is already paid.',
  billCancelled: 'This bill was cancelled and cannot be paid.',
  amountAboveBalance: 'The amount is more than the balance of this bill. Please pay the balance or less.',
  /** With the limit in shillings: "… at most KES 150,000 in one payment …". */
  amountAboveLimit: (shillings: number) =>
    `M-Pesa takes at most KES ${String(shillings).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} in one payment. Pay this bill in parts, or at the bank with its invoice.`,
  promptBusy:
    'A payment prompt is already on its way to your phone. Answer it, or wait two minutes and try again.',
  promptSent: 'Check your phone and enter your M-Pesa PIN to pay.',
  pushFailed: resultCodeMeaning(1025),
  noAnswer:
    'We did not get an answer from M-Pesa. If money left your M-Pesa account, it will show on your bill within a few minutes; otherwise please try again.',
  paid: resultCodeMeaning(0),
  notConfirmed:
    'M-Pesa did not confirm this paybill payment, so nothing was credited. If money left your M-Pesa account, please contact the county with the M-Pesa message.',
  heldForRefund:
    'This bill was cancelled before your payment reached it, so nothing was credited to it. The county holds your money for a refund: quote the reference below when you contact the county.',
  aboveTheAmount:
    'M-Pesa moved more than this payment asked for. The county holds the difference and will refund it or credit it to your bill.',
  tooManyPushes: 'Too many payment requests. Please wait a few minutes and try again.',
  idempotencyConflict: 'This Idempotency-Key was already used for a different payment request.',
  stillProcessing: 'This payment request is still being processed. Please wait a moment.',
  paymentNotFound: 'We could not find that payment.',
  receiptNotYet: 'This bill is not fully paid yet, so it has no receipt. Pay the balance first.',
  settledNotReceived:
    'No money was received for this bill: what it asked for was moved into your payment plan. The receipts are those of the plan’s instalments.',
  invoiceCancelled: 'This bill was cancelled, so it has no invoice.',
} as const;

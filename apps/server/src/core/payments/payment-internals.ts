import { sharedTransactions } from '../../platform/db/shared-transaction';
import { createC2bChecks } from './c2b-checks';
import { createCallbackLog, referenceOf } from './callback-log';
import { createIdempotency } from './idempotency';
import { createPaymentCompletion } from './payment-completion';
import { createPaymentStatements } from './payment-statements';
import { type PaymentServiceDeps, UNKNOWN_CHECKOUT_WAIT_MS } from './payment-types';
import {
  isUnresolved,
  lockUnresolved,
  messageOf,
  paymentsWithBills,
  positionedPayments,
  toApi,
} from './payment-views';
import { createReconciliation } from './reconciliation';
import { createStkCallbacks } from './stk-callbacks';

/**
 * The payments module's shared machinery, composed from its parts: the statements every
 * callback runs (payment-statements.ts), completing a payment inside the caller's transaction
 * (payment-completion.ts), the raw callbacks log (callback-log.ts), STK callbacks
 * (stk-callbacks.ts), the views of a payment (payment-views.ts), reconciliation's steps
 * (reconciliation.ts) and paybill checks (c2b-checks.ts). payment-service.ts composes the public
 * operations from it (stk-push.ts, callback-handling.ts, unmatched-payments.ts, ...).
 */
export function createPaymentInternals(deps: PaymentServiceDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  const idempotency = createIdempotency(db, now);
  // The STK callbacks of one moment complete in one transaction (platform/db/shared-transaction.ts),
  // one such transaction at a time: fewer, larger ones cost less than two side by side (measured:
  // docs/performance.md).
  const callbackTransaction = sharedTransactions(db, { concurrency: 1, maxItems: 32 });
  const unknownWait = deps.unknownCheckoutWaitMs ?? UNKNOWN_CHECKOUT_WAIT_MS;
  const statements = createPaymentStatements(db);
  const { lockPayment } = statements;
  const completion = createPaymentCompletion(deps, now, statements);
  const { audit, creditTarget, markPaid, credit, completePaid, completeUnpaid, recordExcess } = completion;
  const { logRaw } = createCallbackLog(now, statements);
  const { callbackUrl, askTransactionStatus, c2bDecision } = createC2bChecks(deps, now);
  const { applyStkCallback } = createStkCallbacks({
    deps,
    statements,
    completion,
    logRaw,
    callbackTransaction,
    unknownWait,
    askTransactionStatus,
  });
  const { expire, reconcileOnce } = createReconciliation({
    deps,
    now,
    statements,
    completion,
    askTransactionStatus,
  });

  return {
    deps,
    db,
    log,
    now,
    idempotency,
    unknownWait,
    callbackUrl,
    lockPayment,
    audit,
    creditTarget,
    markPaid,
    credit,
    completePaid,
    completeUnpaid,
    logRaw,
    applyStkCallback,
    recordExcess,
    referenceOf,
    messageOf,
    toApi,
    paymentsWithBills: (where: Parameters<typeof paymentsWithBills>[1], limit: number) =>
      paymentsWithBills(db, where, limit),
    positionedPayments: (where: Parameters<typeof positionedPayments>[1], limit: number) =>
      positionedPayments(db, where, limit),
    expire,
    reconcileOnce,
    askTransactionStatus,
    c2bDecision,
    isUnresolved,
    lockUnresolved,
  };
}

export type PaymentInternals = ReturnType<typeof createPaymentInternals>;

import type { Db } from '../../platform/db/database';
import { createBillCancellation } from './bill-cancellation';
import { createBillObligations, createObligationHandlers } from './bill-obligations';
import { createBillPayments } from './bill-payments';
import { createBillRaising } from './bill-raising';
import { createBillReads } from './bill-reads';
import { createBillRequests } from './bill-requests';

export * from './bill-types';

export interface BillServiceOptions {
  db: Db;
  /** Bill number prefix, e.g. "NCCB" (county configuration). */
  prefix: string;
}

/**
 * Bills: raise (inside the caller's transaction), list and show a user's own, and the two calls
 * the payments module makes: `findForPayment` and `applyPayment` (inside its transaction).
 * Every status change goes through the bill state machine and leaves an audit row.
 *
 * Composed from modules of one concern each: raising (bill-raising.ts), reads (bill-reads.ts),
 * bills asked for on other accounts (bill-requests.ts), obligations and their handlers
 * (bill-obligations.ts), allocation of payments (bill-payments.ts) and cancellation
 * (bill-cancellation.ts); the types are in bill-types.ts and how a bill is shown in bill-views.ts.
 */
export function createBillService({ db, prefix }: BillServiceOptions) {
  const handlers = createObligationHandlers();
  return {
    ...createBillRaising(prefix),
    ...createBillReads(db),
    ...createBillRequests(db),
    ...createBillObligations(),
    ...handlers.register,
    ...createBillPayments(db, handlers),
    ...createBillCancellation(),
  };
}

export type BillService = ReturnType<typeof createBillService>;

import { sql } from 'drizzle-orm';
import { coalesced } from '../../platform/db/coalesce';
import type { Db } from '../../platform/db/database';
import { preparedSql, preparedStatement } from '../../platform/db/prepared';
import { togetherByKey, togetherWrite } from '../../platform/db/shared-transaction';
import { PAYMENT_MESSAGES } from './messages';
import type { CallbackOutcome } from './payment-types';
import { mpesaCallbacks, payments } from './schema';

/**
 * The statements every callback runs: built once (named statements on PostgreSQL, parsed once
 * per connection), run on the db or inside the callback's transaction.
 */
export function createPaymentStatements(db: Db) {
  // Built once (named statements on PostgreSQL, parsed once
  // per connection), run on the db or inside the callback's transaction.
  // The callbacks of one moment find their payments in one statement (platform/db/coalesce.ts),
  // one such statement at a time.
  const paymentsByCheckout = preparedStatement((on) =>
    on
      .select({
        id: payments.id,
        billId: payments.billId,
        status: payments.status,
        mpesaReceiptNumber: payments.mpesaReceiptNumber,
        amountRequestedCents: payments.amountRequestedCents,
        checkoutRequestId: payments.checkoutRequestId,
      })
      .from(payments)
      .where(sql`${payments.checkoutRequestId} = any(${sql.placeholder('checkoutRequestIds')}::text[])`)
      .prepare('kaunti_payments_by_checkout'),
  );
  const findByCheckout = coalesced(
    async (checkoutRequestIds: readonly string[]) => {
      const rows = await paymentsByCheckout.run(db, { checkoutRequestIds });
      return new Map<string, Omit<(typeof rows)[number], 'checkoutRequestId'> | undefined>(
        rows.map(({ checkoutRequestId, ...row }) => [checkoutRequestId ?? '', row]),
      );
    },
    undefined,
    { concurrency: 1, maxItems: 200 },
  );
  // Locking, recording paid and logging are asked together by the callbacks sharing a
  // transaction (platform/db/shared-transaction.ts): one statement for all of them (alone, one).
  const lockPaymentsById = preparedStatement((on) =>
    on
      .select()
      .from(payments)
      .where(sql`${payments.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(payments.id)
      .for('update')
      .prepare('kaunti_lock_payments'),
  );
  const lockPayment = togetherByKey(async (on: Db, ids: readonly string[]) => {
    const rows = await lockPaymentsById.run(on, { ids });
    return new Map(rows.map((row) => [row.id, row]));
  });
  interface PaidUpdate {
    id: string;
    amountPaidCents: number;
    resultDesc: string;
    at: Date;
    appliedAt: Date | null;
    unmatchedReason: string | null;
    /** undefined: the receipt number stays as it is. */
    receipt?: string | null;
  }
  const updatePaidRows = preparedSql(
    'kaunti_payments_paid',
    sql`update ${payments} as p
      set status = 'paid', amount_paid_cents = v.amount_paid_cents, result_code = 0,
        result_desc = v.result_desc, message = ${PAYMENT_MESSAGES.paid}, completed_at = v.at,
        updated_at = v.at, applied_at = v.applied_at, unmatched_reason = v.unmatched_reason,
        mpesa_receipt_number = case when v.set_receipt then v.receipt else p.mpesa_receipt_number end
      from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('amounts')}::bigint[],
        ${sql.placeholder('resultDescs')}::text[], ${sql.placeholder('ats')}::timestamptz[],
        ${sql.placeholder('appliedAts')}::timestamptz[], ${sql.placeholder('unmatchedReasons')}::text[],
        ${sql.placeholder('setReceipts')}::boolean[], ${sql.placeholder('receipts')}::text[])
        as v(id, amount_paid_cents, result_desc, at, applied_at, unmatched_reason, set_receipt, receipt)
      where p.id = v.id`,
  );
  const updatePaid = togetherWrite((on: Db, items: readonly PaidUpdate[]) =>
    updatePaidRows.run(on, {
      ids: items.map((i) => i.id),
      amounts: items.map((i) => i.amountPaidCents),
      resultDescs: items.map((i) => i.resultDesc),
      ats: items.map((i) => i.at.toISOString()),
      appliedAts: items.map((i) => i.appliedAt?.toISOString() ?? null),
      unmatchedReasons: items.map((i) => i.unmatchedReason),
      setReceipts: items.map((i) => i.receipt !== undefined),
      receipts: items.map((i) => i.receipt ?? null),
    }),
  );
  interface CallbackLogEntry {
    kind: 'stk' | 'c2b_validation' | 'c2b_confirmation' | 'transaction_status';
    reference: string | null;
    body: string;
    outcome: CallbackOutcome;
    paymentId: string | null;
    receivedAt: Date;
  }
  const insertCallbackRows = preparedSql(
    'kaunti_log_callbacks',
    sql`insert into ${mpesaCallbacks} (kind, reference, body, outcome, payment_id, received_at)
      select kind, reference, body::jsonb, outcome, payment_id, received_at
      from unnest(${sql.placeholder('kinds')}::text[], ${sql.placeholder('references')}::text[],
        ${sql.placeholder('bodies')}::text[], ${sql.placeholder('outcomes')}::text[],
        ${sql.placeholder('paymentIds')}::uuid[], ${sql.placeholder('receivedAts')}::timestamptz[])
        as t(kind, reference, body, outcome, payment_id, received_at)`,
  );
  const insertCallbacks = togetherWrite((on: Db, entries: readonly CallbackLogEntry[]) =>
    insertCallbackRows.run(on, {
      kinds: entries.map((e) => e.kind),
      references: entries.map((e) => e.reference),
      bodies: entries.map((e) => e.body),
      outcomes: entries.map((e) => e.outcome),
      paymentIds: entries.map((e) => e.paymentId),
      receivedAts: entries.map((e) => e.receivedAt.toISOString()),
    }),
  );

  return { findByCheckout, lockPayment, updatePaid, insertCallbacks };
}

export type PaymentStatements = ReturnType<typeof createPaymentStatements>;

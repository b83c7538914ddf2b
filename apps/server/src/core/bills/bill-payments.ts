import type { BillStatus } from '@kaunti/contract/api-bills';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { preparedSql, preparedStatement } from '../../platform/db/prepared';
import { togetherByKey, togetherWrite } from '../../platform/db/shared-transaction';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { users } from '../accounts/schema';
import { recordAudit } from '../audit/audit';
import type { ObligationHandlers } from './bill-obligations';
import {
  type ApplyPaymentInput,
  type BillRow,
  fullName,
  type LockedBill,
  type PayableBill,
  type PaymentApplied,
} from './bill-types';
import { accountName } from './bill-views';
import { bills } from './schema';
import { billStatus } from './status';

/**
 * The payments module's calls (inside its transaction): a bill found for payment, locked, and money
 * received allocated to its balance and credit, the obligation's handlers called.
 */
export function createBillPayments(db: Db, handlers: ObligationHandlers) {
  // Every M-Pesa payment locks its bill: one statement built once, with the account holder's
  // name the receipt may freeze (not a second query for it). The payments sharing a transaction
  // (platform/db/shared-transaction.ts) lock theirs in one statement, as they record them.
  const lockBillsForPayment = preparedStatement((on) =>
    on
      .select({
        bill: bills,
        userId: users.id,
        first: users.firstName,
        middle: users.middleName,
        sur: users.surName,
      })
      .from(bills)
      .leftJoin(users, eq(users.id, bills.userId))
      .where(sql`${bills.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .orderBy(bills.id)
      .for('update', { of: bills })
      .prepare('kaunti_lock_bills_for_payment'),
  );
  const lockBillForPayment = togetherByKey(async (on: Db, ids: readonly string[]) => {
    const rows = await lockBillsForPayment.run(on, { ids });
    return new Map(rows.map((row) => [row.bill.id, row]));
  });
  const updatePaidBills = preparedSql(
    'kaunti_bills_payment_applied',
    sql`update ${bills} as b
      set paid_cents = v.paid_cents, credit_cents = v.credit_cents, status = v.status, updated_at = v.at,
        paid_at = case when v.became_paid then v.at else b.paid_at end,
        receipt_name = case when v.became_paid then v.receipt_name else b.receipt_name end
      from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('paid')}::bigint[],
        ${sql.placeholder('credit')}::bigint[], ${sql.placeholder('statuses')}::text[],
        ${sql.placeholder('ats')}::timestamptz[], ${sql.placeholder('becamePaid')}::boolean[],
        ${sql.placeholder('receiptNames')}::text[])
        as v(id, paid_cents, credit_cents, status, at, became_paid, receipt_name)
      where b.id = v.id`,
  );
  const recordPayment = togetherWrite((on: Db, items: readonly { row: BillRow; becamePaid: boolean }[]) =>
    updatePaidBills.run(on, {
      ids: items.map((i) => i.row.id),
      paid: items.map((i) => i.row.paidCents),
      credit: items.map((i) => i.row.creditCents),
      statuses: items.map((i) => i.row.status),
      ats: items.map((i) => i.row.updatedAt.toISOString()),
      becamePaid: items.map((i) => i.becamePaid),
      receiptNames: items.map((i) => i.row.receiptName),
    }),
  );

  /**
   * The name a receipt prints: an application's bill names its account holder as they are at the
   * moment of payment; an obligation's bill keeps whom it was addressed to (the rated owner).
   */
  async function nameAtPayment(tx: Db, row: BillRow, locked?: LockedBill): Promise<string | null> {
    if (row.sourceKey || !row.userId) return row.customerName;
    const name = locked ? locked.accountName : await accountName(tx, row.userId);
    return name ?? row.customerName;
  }

  return {
    /** For the payments module: a bill by number, whoever owns it; undefined when there is none. */
    async findForPayment(billNo: string): Promise<PayableBill | undefined> {
      const [row] = await db
        .select()
        .from(bills)
        .where(eq(bills.billNo, billNo.trim().toUpperCase()))
        .limit(1);
      if (!row) return undefined;
      return {
        id: row.id,
        billNo: row.billNo,
        userId: row.userId,
        sourceKey: row.sourceKey,
        status: row.status,
        description: row.description,
        totalCents: row.totalCents,
        paidCents: row.paidCents,
        balanceCents: Math.max(0, row.totalCents - row.paidCents),
        applicationId: row.applicationId,
      };
    },

    /**
     * For the payments module, inside its transaction: the bill by id, locked (SELECT ... FOR
     * UPDATE) until the transaction ends, to pass to `applyPayment`; undefined when there is none.
     */
    async lockForPayment(tx: Db, billId: string): Promise<LockedBill | undefined> {
      const found = await lockBillForPayment(tx, billId);
      if (!found) return undefined;
      return {
        row: found.bill,
        accountName: found.userId === null ? null : fullName(found.first, found.middle, found.sur),
      };
    },

    /**
     * For the payments module, inside its transaction: records money received against a bill.
     * The row is locked (SELECT ... FOR UPDATE), so concurrent payments add up. A partial payment
     * reduces the balance (unpaid → partially_paid); reaching the total makes it paid; anything
     * beyond the balance is kept as credit. A cancelled bill refuses payments (409). When
     * `becamePaid` is true, call `applications.onBillPaid(tx, billNo)` in the same transaction.
     */
    async applyPayment(tx: Db, input: ApplyPaymentInput): Promise<PaymentApplied> {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
        throw badRequest('A payment must be a positive whole number of cents.', 'amount_not_whole_cents');
      }
      const [row] = input.locked
        ? [input.locked.row]
        : await tx
            .select()
            .from(bills)
            .where(eq(bills.billNo, input.billNo.trim().toUpperCase()))
            .for('update')
            .limit(1);
      if (!row) throw notFound('We could not find that bill.');
      if (row.status === 'cancelled')
        throw conflict('This bill was cancelled and cannot be paid.', 'bill_cancelled');
      const balance = Math.max(0, row.totalCents - row.paidCents);
      const toBalance = Math.min(balance, input.amountCents);
      const creditAdded = input.amountCents - toBalance;
      const paid = row.paidCents + toBalance;
      const next: BillStatus = paid >= row.totalCents ? 'paid' : paid > 0 ? 'partially_paid' : row.status;
      if (next !== row.status) billStatus.assert(row.status, next);
      const becamePaid = next === 'paid' && row.status !== 'paid';
      const at = new Date();
      // The receipt's name is frozen now: a later change of profile never changes it.
      const updated: BillRow = {
        ...row,
        paidCents: paid,
        creditCents: row.creditCents + creditAdded,
        status: next,
        updatedAt: at,
        ...(becamePaid ? { paidAt: at, receiptName: await nameAtPayment(tx, row, input.locked) } : {}),
      };
      await recordPayment(tx, { row: updated, becamePaid });
      if (input.settlement && toBalance > 0)
        await tx
          .update(bills)
          .set({ settledCents: sql`${bills.settledCents} + ${toBalance}` })
          .where(eq(bills.id, row.id));
      await recordAudit(tx, {
        actor: input.actor,
        entityType: 'bill',
        entityId: row.billNo,
        action: 'payment_applied',
        fromState: row.status,
        toState: next,
        data: {
          amount_cents: input.amountCents,
          to_balance_cents: toBalance,
          credit_added_cents: creditAdded,
          reference: input.reference,
          ...(input.settlement ? { settlement: true } : {}),
        },
        ...(input.requestId ? { requestId: input.requestId } : {}),
      });
      if (toBalance > 0 && row.sourceKey) {
        const onPayment = handlers.paymentHandler(row.sourceKey);
        if (onPayment)
          await onPayment(
            tx,
            updated,
            { amountCents: toBalance, reference: input.reference },
            input.requestId,
          );
      }
      if (becamePaid && row.sourceKey) {
        const handler = handlers.paidHandler(row.sourceKey);
        if (handler) await handler(tx, updated, input.requestId);
      }
      return {
        billNo: row.billNo,
        status: next,
        becamePaid,
        paidCents: paid,
        balanceCents: Math.max(0, row.totalCents - paid),
        creditAddedCents: creditAdded,
        applicationId: row.applicationId,
      };
    },
  };
}

import { findService } from '@kaunti/catalogue/catalogue';
import type { Bill } from '@kaunti/contract/api-bills';
import type { Obligations, Payment } from '@kaunti/contract/api-payments';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../platform/errors';
import { PAYMENT_MESSAGES } from './messages';
import type { PaymentInternals } from './payment-internals';
import { payments } from './schema';

/** A user's own payments and obligations (another user's payment is a 404). */
export function createPaymentReads(internals: PaymentInternals) {
  const { deps, paymentsWithBills } = internals;
  return {
    /** One of the user's payments; another user's (or no) payment is a 404. */
    async getForUser(userId: string, paymentId: string): Promise<Payment> {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(paymentId)) {
        throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      }
      const [payment] = await paymentsWithBills(
        and(eq(payments.id, paymentId), eq(payments.userId, userId)),
        1,
      );
      if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
      return payment;
    },

    /**
     * The user's payments (transaction history), newest first, a page at a time: `limit` after
     * the payment the opaque cursor names (compared in the database, at its own precision).
     */
    async listForUser(
      userId: string,
      page: { limit?: number | undefined; cursor?: string | undefined } = {},
    ): Promise<{ data: Payment[]; next_cursor: string | null }> {
      const limit = page.limit ?? 500;
      let after: SQL | undefined;
      if (page.cursor !== undefined) {
        const id = Buffer.from(page.cursor, 'base64url').toString('utf8');
        if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id))
          throw badRequest('This cursor is not one we gave.', [{ path: 'cursor', message: 'Not a cursor.' }]);
        after = sql`(${payments.createdAt}, ${payments.id}) < (select p.created_at, p.id from payments p where p.id = ${id} and p.user_id = ${userId})`;
      }
      const rows = await paymentsWithBills(and(eq(payments.userId, userId), after), limit + 1);
      const data = rows.slice(0, limit);
      const last = data[data.length - 1];
      return {
        data,
        next_cursor: rows.length > limit && last ? Buffer.from(last.payment_id).toString('base64url') : null,
      };
    },

    /** Everything the user owes, grouped by service area, and the credit on their bills. */
    async obligations(userId: string): Promise<Obligations> {
      const all = await deps.bills.listForUser(userId);
      const open = all.filter((b) => b.status === 'unpaid' || b.status === 'partially_paid');
      const groups = new Map<string, Bill[]>();
      for (const bill of open) {
        const area = (bill.service_id ? findService(bill.service_id)?.area : undefined) ?? 'other';
        groups.set(area, [...(groups.get(area) ?? []), bill]);
      }
      const credits = all
        .filter((b) => b.credit_cents > 0)
        .map((b) => ({ bill_no: b.bill_no, credit_cents: b.credit_cents }));
      const sum = (list: Bill[]) => list.reduce((total, b) => total + b.balance_cents, 0);
      return {
        groups: [...groups.entries()]
          .map(([area, list]) => ({ area, bills: list, balance_cents: sum(list) }))
          .sort((a, b) => (a.area === 'other' ? 1 : b.area === 'other' ? -1 : a.area.localeCompare(b.area))),
        balance_cents: sum(open),
        credit_cents: credits.reduce((total, c) => total + c.credit_cents, 0),
        credits,
      };
    },
  };
}

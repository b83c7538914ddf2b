import { findService } from '@kaunti/catalogue/catalogue';
import { type Bill, DEFAULT_PAGE_LIMIT } from '@kaunti/contract/api-bills';
import type { Obligations, Payment } from '@kaunti/contract/api-payments';
import { and, eq } from 'drizzle-orm';
import { after, type Page, type PageQuery, pageOf, positionOf } from '../../platform/db/pages';
import { notFound } from '../../platform/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

import { PAYMENT_MESSAGES } from './messages';
import type { PaymentInternals } from './payment-internals';
import { payments } from './schema';

/** A user's own payments and obligations (another user's payment is a 404). */
export function createPaymentReads(internals: PaymentInternals) {
  const { deps, paymentsWithBills, positionedPayments } = internals;
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
    async listForUser(userId: string, page: PageQuery = {}): Promise<Page<Payment>> {
      const limit = page.limit ?? DEFAULT_PAGE_LIMIT;
      const position = positionOf(page.cursor, UUID);
      const rows = await positionedPayments(
        and(eq(payments.userId, userId), after(payments.createdAt, payments.id, position)),
        limit + 1,
      );
      return pageOf(
        rows,
        limit,
        (r) => r.position,
        (r) => r.payment,
      );
    },

    /** Everything the user owes, grouped by service area, and the credit on their bills. */
    async obligations(userId: string): Promise<Obligations> {
      const all = await deps.bills.allForUser(userId);
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

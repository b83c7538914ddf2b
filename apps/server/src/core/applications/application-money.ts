import { formatKes } from '@kaunti/contract/money';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { bills as billRows } from '../bills/schema';
import type { applications } from './schema';

type ApplicationRow = typeof applications.$inferSelect;

/**
 * An application's money: the price of its answers as they stand, what was paid towards it (every
 * bill it raised, cancelled ones aside), the balance still due and what was paid beyond the price.
 */
export interface ApplicationMoney {
  price_cents: number;
  paid_cents: number;
  balance_due_cents: number;
  refund_due_cents: number;
}

/** What was paid towards an application's bills (a supplementary bill's included). */
export async function paidTowards(on: Db, applicationId: string): Promise<number> {
  const [row] = await on
    .select({ paid: sql<string>`coalesce(sum(${billRows.paidCents}), 0)` })
    .from(billRows)
    .where(and(eq(billRows.applicationId, applicationId), ne(billRows.status, 'cancelled')));
  return Number(row?.paid ?? 0);
}

/** The money of an application row, with what was paid towards it. */
export function moneyOf(
  row: Pick<ApplicationRow, 'feeCents' | 'refundDueCents'>,
  paid: number,
): ApplicationMoney {
  return {
    price_cents: row.feeCents,
    paid_cents: paid,
    balance_due_cents: Math.max(0, row.feeCents - paid),
    refund_due_cents: row.refundDueCents,
  };
}

/** Why an application with a balance due is neither approved nor issued. */
export function balanceDueMessage(balanceCents: number): string {
  return `${formatKes(balanceCents)} is still due on this application: it is approved or issued only once it is paid.`;
}

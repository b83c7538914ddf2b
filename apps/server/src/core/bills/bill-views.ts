import type { Bill } from '@kaunti/contract/api-bills';
import { maskName } from '@kaunti/contract/masking';
import { formatAmount } from '@kaunti/contract/money';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { users } from '../accounts/schema';
import { type BillLanguage, type BillRow, fullName, type LineRow, type ShownLine } from './bill-types';
import { billLines } from './schema';

// How a bill is shown: its lines, the API's shape in the reader's language, masked for others.

async function linesOf(db: Db, ids: string[]): Promise<Map<string, LineRow[]>> {
  const map = new Map<string, LineRow[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(billLines)
    .where(inArray(billLines.billId, ids))
    .orderBy(asc(billLines.billId), asc(billLines.position));
  for (const row of rows) {
    const list = map.get(row.billId) ?? [];
    list.push(row);
    map.set(row.billId, list);
  }
  return map;
}

/** A bill's lines as one JSON array (position order), for lists that load bills with their lines. */
export const linesJson = sql<ShownLine[]>`coalesce((
  select json_agg(json_build_object('amountCents', l.amount_cents, 'description', l.description, 'descriptionSw', l.description_sw, 'parcel', l.parcel, 'code', l.code) order by l.position)
  from ${billLines} l where l.bill_id = ${sql.identifier('bills')}.${sql.identifier('id')}
), '[]'::json)`;

export function toApi(row: BillRow, lines: ShownLine[], language: BillLanguage = 'en'): Bill {
  return {
    bill_no: row.billNo,
    status: row.status,
    // In the reader's language, where the bill has its words (issue 36 item 23).
    description: (language === 'sw' && row.descriptionSw) || row.description,
    currency: 'KES',
    total_cents: row.totalCents,
    paid_cents: row.paidCents,
    balance_cents: Math.max(0, row.totalCents - row.paidCents),
    credit_cents: row.creditCents,
    due_date: row.dueDate,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
    application_no: row.applicationNo,
    service_id: row.serviceId,
    customer_name: row.customerName,
    lines: lines.map((l) => ({
      Amount: formatAmount(l.amountCents).replaceAll(',', ''),
      amount_cents: l.amountCents,
      // The line's words in the reader's language, where it has them (issue 36 item 23).
      Description: (language === 'sw' && l.descriptionSw) || l.description,
      Parcel: l.parcel,
      code: l.code ?? null,
      quantity: 1 as const,
    })),
  };
}

/** The name the account holder has now, or null when no account (or none of that id) holds it. */
export async function accountName(tx: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [user] = await tx
    .select({ first: users.firstName, middle: users.middleName, sur: users.surName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ? fullName(user.first, user.middle, user.sur) : null;
}

/** A bill as someone other than its owner reads it: whom it is addressed to, masked. */
export function maskedBill(bill: Bill): Bill {
  return { ...bill, customer_name: bill.customer_name === null ? null : maskName(bill.customer_name) };
}

/** Bills as the API shows them, their lines read in one query. */
export async function presentBills(db: Db, rows: BillRow[], language: BillLanguage = 'en'): Promise<Bill[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toApi(r, lines.get(r.id) ?? [], language));
}

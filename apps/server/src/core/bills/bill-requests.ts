import type { Bill } from '@kaunti/contract/api-bills';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead, UUID_KEY } from '../../platform/db/pages';
import { recordAudit } from '../audit/audit';
import type { BillLanguage } from './bill-types';
import { linesJson, maskedBill, toApi } from './bill-views';
import { billRequests, bills } from './schema';

/** Bills on other accounts a user asked for (a parcel's rates bill): recorded, listed, checked. */
export function createBillRequests(db: Db) {
  return {
    /**
     * Records that `userId` asked for a bill that sits on another account (or on none) through
     * an area's ask flow (a parcel's rates bill): from then on they find it under "bills you
     * asked for" and may open and pay it. `masked`: the owner's name is masked for them (false
     * only when the area knows them as the owner the bill is addressed to). The first request is
     * audited; asking again only brings it to the top. Nothing is recorded for the bill's own
     * account holder.
     */
    async recordRequest(
      tx: Db,
      input: { billNo: string; userId: string; masked: boolean; requestId?: string },
    ): Promise<void> {
      const [row] = await tx
        .select({ id: bills.id, userId: bills.userId })
        .from(bills)
        .where(eq(bills.billNo, input.billNo))
        .limit(1);
      if (!row || row.userId === input.userId) return;
      const [inserted] = await tx
        .insert(billRequests)
        .values({ userId: input.userId, billId: row.id, masked: input.masked })
        .onConflictDoNothing({ target: [billRequests.userId, billRequests.billId] })
        .returning({ id: billRequests.id });
      if (!inserted) {
        await tx
          .update(billRequests)
          .set({ askedAt: new Date(), masked: input.masked })
          .where(and(eq(billRequests.userId, input.userId), eq(billRequests.billId, row.id)));
        return;
      }
      await recordAudit(tx, {
        actor: { type: 'user', id: input.userId },
        entityType: 'bill',
        entityId: input.billNo,
        action: 'asked_for',
        toState: 'asked',
        data: { user_id: input.userId, masked: input.masked },
        ...(input.requestId ? { requestId: input.requestId } : {}),
      });
    },

    /**
     * The bills on other accounts the user asked for, newest request first, a page at a time
     * (decision 038: by asked_at, then the request's id): each with its lines, the owner's name
     * masked as when they asked. Asking again brings a bill to the top (a later position). Bills
     * that have since moved to the user's own account are in their own list instead.
     */
    async listAskedForUser(
      userId: string,
      page: PageQuery = {},
      language: BillLanguage = 'en',
    ): Promise<Page<Bill & { asked_at: string }>> {
      const read = pageRead(page, billRequests.askedAt, billRequests.id, UUID_KEY);
      const rows = await db
        .select({
          bill: bills,
          lines: linesJson,
          masked: billRequests.masked,
          askedAt: billRequests.askedAt,
          requestId: billRequests.id,
          at: read.at,
        })
        .from(billRequests)
        .innerJoin(bills, eq(bills.id, billRequests.billId))
        .where(
          and(
            eq(billRequests.userId, userId),
            sql`${bills.userId} is distinct from ${userId}::uuid`,
            read.after,
          ),
        )
        .orderBy(...read.orderBy)
        .limit(read.rows);
      return pageOf(
        rows,
        read.limit,
        (r) => ({ at: r.at, key: r.requestId }),
        ({ bill, lines, masked, askedAt }) => {
          const shown = toApi(bill, lines, language);
          return { ...(masked ? maskedBill(shown) : shown), asked_at: askedAt.toISOString() };
        },
      );
    },

    /** Whether `userId` asked for this bill (and so may print it), and if its owner is masked for them. */
    async requestOf(userId: string, billId: string): Promise<{ masked: boolean } | undefined> {
      const [row] = await db
        .select({ masked: billRequests.masked })
        .from(billRequests)
        .where(and(eq(billRequests.userId, userId), eq(billRequests.billId, billId)))
        .limit(1);
      return row;
    },
  };
}

import { services } from '@kaunti/catalogue/catalogue';
import type { FeeLine } from '@kaunti/catalogue/registries/fee-rules';
import { type Bill, type BillStatus, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '@kaunti/contract/api-bills';
import { maskName } from '@kaunti/contract/masking';
import { formatAmount } from '@kaunti/contract/money';
import { and, asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { coalesced } from '../../platform/db/coalesce';
import { type Db, isUniqueViolation } from '../../platform/db/database';
import { after, type Page, type PageQuery, pageOf, positionAt, positionOf } from '../../platform/db/pages';
import { preparedSql, preparedStatement } from '../../platform/db/prepared';
import { togetherByKey, togetherWrite } from '../../platform/db/shared-transaction';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { users } from '../accounts/schema';
import { type Actor, recordAudit } from '../audit/audit';
import { newBillNo } from './bill-number';
import { kenyaDatePlusDays } from './kenya-date';
import { billLines, billRequests, bills } from './schema';
import { billStatus } from './status';

export type BillRow = typeof bills.$inferSelect;

/** "First Middle Surname", skipping empty parts. */
export function fullName(...parts: (string | null | undefined)[]): string {
  return parts.filter((part): part is string => Boolean(part?.trim())).join(' ');
}
type LineRow = typeof billLines.$inferSelect;
type ShownLine = Pick<LineRow, 'amountCents' | 'description' | 'descriptionSw' | 'parcel' | 'code'>;
/** The languages a bill's lines are shown in. */
export type BillLanguage = 'en' | 'sw';

export interface RaiseBillInput {
  /** The account whose obligations it sits on; null when no account holds the billed thing. */
  userId: string | null;
  /** Whom it is addressed to (the rated owner), frozen on the bill. Default: the account holder's name now. */
  customerName?: string;
  description: string;
  /** The description in Kiswahili (what a Kiswahili reader's bill, invoice and receipt say). */
  descriptionSw?: string | null;
  lines: readonly FeeLine[];
  /** The language the answer is in (the bill keeps its words in both): the asker's. Default English. */
  answerIn?: BillLanguage;
  applicationId?: string | null;
  applicationNo?: string | null;
  serviceId?: string | null;
  /** What raised it, so the raising area can find it again (e.g. "land-rates:209/10001:2026"). */
  sourceKey?: string | null;
  /** The sub-county of the billed thing, for the collections report. */
  subCountyCode?: string | null;
  /** Default: 30 days from today (Kenya). */
  dueDate?: string;
  actor: Actor;
  requestId?: string;
}

/** A bill as the payments module needs it, found by number without an owner (callbacks, C2B). */
export interface PayableBill {
  id: string;
  billNo: string;
  userId: string | null;
  /** The obligation it bills (a thing and its period), if any: anyone may pay such a bill. */
  sourceKey: string | null;
  status: BillStatus;
  description: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  applicationId: string | null;
}

/**
 * A bill locked for a payment (`lockForPayment`), with the name its account holder has now (null
 * when no account holds it): `applyPayment` takes it instead of reading the bill again.
 */
export interface LockedBill {
  row: BillRow;
  accountName: string | null;
}

export interface ApplyPaymentInput {
  billNo: string;
  /** The bill, already locked in this transaction by `lockForPayment` (its number is `billNo`). */
  locked?: LockedBill;
  /** What came in, in cents (> 0). */
  amountCents: number;
  actor: Actor;
  /** The payment's reference (e.g. the M-Pesa receipt number), kept in the audit row. */
  reference: string;
  /**
   * Not money: the debt taken over by something else that bills it anew (a payment plan). The bill
   * is settled, but no receipt acknowledges this part as received (`settled_cents`).
   */
  settlement?: boolean;
  requestId?: string;
}

export interface PaymentApplied {
  billNo: string;
  status: BillStatus;
  /** True when this payment moved the bill to paid. */
  becamePaid: boolean;
  paidCents: number;
  balanceCents: number;
  /** The part of this payment beyond the balance, added to the bill's credit. */
  creditAddedCents: number;
  applicationId: string | null;
}

/**
 * Runs inside the payment's transaction when a bill of an obligation becomes paid, so the area
 * that owns the billed thing settles it (e.g. the parcel register's rates account).
 */
export type ObligationPaidHandler = (tx: Db, bill: BillRow, requestId?: string) => Promise<void>;

/**
 * Runs inside the payment's transaction for every payment a bill of an obligation receives (the
 * part that went to its balance, > 0): a standing obligation's ledger counts each one, paid in
 * full or not.
 */
export type ObligationPaymentHandler = (
  tx: Db,
  bill: BillRow,
  payment: { amountCents: number; reference: string },
  requestId?: string,
) => Promise<void>;

/** A unique violation of the "one open bill per obligation" index: someone raised it meanwhile. */
export function isOpenObligationClash(error: unknown): boolean {
  return isUniqueViolation(error, 'bills_open_obligation_uq');
}

export interface BillServiceOptions {
  db: Db;
  /** Bill number prefix, e.g. "NCCB" (county configuration). */
  prefix: string;
}

/**
 * Bills: raise (inside the caller's transaction), list and show a user's own, and the two calls
 * the payments module makes: `findForPayment` and `applyPayment` (inside its transaction).
 * Every status change goes through the bill state machine and leaves an audit row.
 */
export function createBillService({ db, prefix }: BillServiceOptions) {
  /** Handlers by obligation kind (the source key's first segment, e.g. "land-rates"). */
  const paidHandlers = new Map<string, ObligationPaidHandler>();
  /** Handlers of every payment, by obligation kind. */
  const paymentHandlers = new Map<string, ObligationPaymentHandler>();

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

  async function linesOf(ids: string[]): Promise<Map<string, LineRow[]>> {
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
  const linesJson = sql<ShownLine[]>`coalesce((
    select json_agg(json_build_object('amountCents', l.amount_cents, 'description', l.description, 'descriptionSw', l.description_sw, 'parcel', l.parcel, 'code', l.code) order by l.position)
    from ${billLines} l where l.bill_id = ${sql.identifier('bills')}.${sql.identifier('id')}
  ), '[]'::json)`;

  // A user's bills with their lines, newest first: the signed-in read every bills page makes.
  // Built once (on PostgreSQL a named statement parsed once per connection); a filtered list is
  // built each time.
  const listBills = (where: SQL, limit: number) =>
    db
      .select({ bill: bills, lines: linesJson, at: positionAt(bills.createdAt) })
      .from(bills)
      .where(where)
      .orderBy(desc(bills.createdAt), desc(bills.id))
      .limit(limit);
  // The unfiltered first page, the one every bills page asks: the users asked for at the same
  // moment are read together (platform/db/coalesce.ts), each user's newest 501 — the largest page
  // and one more, whatever page size each asked — in one round trip. One such
  // read at a time, of 50 users at most: fewer, larger statements cost less than two side by side
  // (measured: docs/performance.md), and 50 users bound how long the others wait for one.
  const listBillsOfUsers = db
    .select({ bill: bills, lines: linesJson, at: positionAt(bills.createdAt) })
    .from(bills)
    .where(
      sql`${bills.id} in (select newest.id from unnest(${sql.placeholder('userIds')}::uuid[]) as asked(user_id)
        cross join lateral (select b.id from ${bills} b where b.user_id = asked.user_id
          order by b.created_at desc, b.id desc limit ${sql.raw(String(MAX_PAGE_LIMIT + 1))}) newest)`,
    )
    .orderBy(desc(bills.createdAt), desc(bills.id))
    .prepare('kaunti_list_bills_of_users');
  type ListedRow = Awaited<ReturnType<typeof listBillsOfUsers.execute>>[number];
  const listAllBills = coalesced(
    async (userIds: readonly string[]) => {
      const byUser = new Map<string, ListedRow[]>();
      for (const row of await listBillsOfUsers.execute({ userIds })) {
        const userId = row.bill.userId as string;
        const list = byUser.get(userId);
        if (list) list.push(row);
        else byUser.set(userId, [row]);
      }
      return byUser;
    },
    [] as ListedRow[],
    { concurrency: 1, maxItems: 50 },
  );

  /** A bill's key in a page's cursor: its id. */
  const BILL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  /** The user's bills, by status and service area. */
  function billFilter(
    userId: string,
    filter: { status?: BillStatus | undefined; area?: string | undefined },
  ) {
    const where: SQL[] = [eq(bills.userId, userId)];
    if (filter.status) where.push(eq(bills.status, filter.status));
    if (filter.area) {
      const ids = services.filter((s) => s.area === filter.area).map((s) => s.id);
      where.push(ids.length > 0 ? inArray(bills.serviceId, ids) : sql`false`);
    }
    return where;
  }

  function toApi(row: BillRow, lines: ShownLine[], language: BillLanguage = 'en'): Bill {
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

  /**
   * The name a receipt prints: an application's bill names its account holder as they are at the
   * moment of payment; an obligation's bill keeps whom it was addressed to (the rated owner).
   */
  async function nameAtPayment(tx: Db, row: BillRow, locked?: LockedBill): Promise<string | null> {
    if (row.sourceKey || !row.userId) return row.customerName;
    const name = locked ? locked.accountName : await accountName(tx, row.userId);
    return name ?? row.customerName;
  }

  async function accountName(tx: Db, userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const [user] = await tx
      .select({ first: users.firstName, middle: users.middleName, sur: users.surName })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return user ? fullName(user.first, user.middle, user.sur) : null;
  }

  /** A bill as someone other than its owner reads it: whom it is addressed to, masked. */
  function maskedBill(bill: Bill): Bill {
    return { ...bill, customer_name: bill.customer_name === null ? null : maskName(bill.customer_name) };
  }

  async function present(rows: BillRow[], language: BillLanguage = 'en'): Promise<Bill[]> {
    const lines = await linesOf(rows.map((r) => r.id));
    return rows.map((r) => toApi(r, lines.get(r.id) ?? [], language));
  }

  return {
    /**
     * Raises a bill in the given transaction (or db). Lines with a zero amount are kept off; a
     * bill with nothing to pay is refused (the caller should not raise one).
     */
    async raise(tx: Db, input: RaiseBillInput): Promise<Bill> {
      const lines = input.lines.filter((l) => l.amount_cents !== 0);
      for (const line of lines) {
        if (!Number.isSafeInteger(line.amount_cents) || line.amount_cents < 0) {
          throw new Error(`A bill line must be a whole, non-negative number of cents: ${line.description}`);
        }
      }
      const total = lines.reduce((sum, l) => sum + l.amount_cents, 0);
      if (total <= 0) throw new AppError(400, 'nothing_to_pay', 'There is nothing to pay.');
      let row: BillRow | undefined;
      // A random number can collide with an existing one: try again with another.
      for (let attempt = 0; attempt < 8 && !row; attempt++) {
        [row] = await tx
          .insert(bills)
          .values({
            billNo: newBillNo(prefix),
            userId: input.userId,
            applicationId: input.applicationId ?? null,
            applicationNo: input.applicationNo ?? null,
            serviceId: input.serviceId ?? null,
            sourceKey: input.sourceKey ?? null,
            subCountyCode: input.subCountyCode ?? null,
            customerName: input.customerName ?? (await accountName(tx, input.userId)),
            status: 'unpaid',
            description: input.description,
            descriptionSw: input.descriptionSw ?? null,
            totalCents: total,
            dueDate: input.dueDate ?? kenyaDatePlusDays(30),
          })
          .onConflictDoNothing({ target: bills.billNo })
          .returning();
      }
      if (!row) throw new Error('Could not find a free bill number.');
      const lineRows = await tx
        .insert(billLines)
        .values(
          lines.map((l, position) => ({
            billId: row.id,
            position,
            amountCents: l.amount_cents,
            description: l.description,
            descriptionSw: l.description_sw ?? null,
            parcel: l.parcel,
            code: l.code ?? null,
          })),
        )
        .returning();
      await recordAudit(tx, {
        actor: input.actor,
        entityType: 'bill',
        entityId: row.billNo,
        action: 'raised',
        toState: 'unpaid',
        data: {
          total_cents: total,
          application_id: input.applicationId ?? null,
          source_key: input.sourceKey ?? null,
        },
        ...(input.requestId ? { requestId: input.requestId } : {}),
      });
      return toApi(row, lineRows, input.answerIn ?? 'en');
    },

    /** The user's bills, newest first, a page at a time (`platform/db/pages.ts`). */
    async listForUser(
      userId: string,
      filter: { status?: BillStatus | undefined; area?: string | undefined } & PageQuery = {},
      language: BillLanguage = 'en',
    ): Promise<Page<Bill>> {
      const limit = filter.limit ?? DEFAULT_PAGE_LIMIT;
      const position = positionOf(filter.cursor, BILL_ID);
      // The bills with their lines in one round trip: each bill's lines as a JSON array, in order.
      const rows =
        !filter.status && !filter.area && !position
          ? (await listAllBills(userId)).slice(0, limit + 1)
          : await listBills(
              and(...billFilter(userId, filter), after(bills.createdAt, bills.id, position))!,
              limit + 1,
            );
      return pageOf(
        rows,
        limit,
        (r) => ({ at: r.at, key: r.bill.id }),
        (r) => toApi(r.bill, r.lines, language),
      );
    },

    /**
     * The user's newest 500 bills, whole (what the obligations view and USSD add up), newest
     * first; no page.
     */
    async allForUser(userId: string, language: BillLanguage = 'en'): Promise<Bill[]> {
      return (await listAllBills(userId))
        .slice(0, MAX_PAGE_LIMIT)
        .map(({ bill, lines }) => toApi(bill, lines, language));
    },

    /**
     * One of the user's bills, or one on another account they asked for (its owner's name masked
     * as when they asked); anyone else's (or no) bill is a 404.
     */
    async getForUser(userId: string, billNo: string, language: BillLanguage = 'en'): Promise<Bill> {
      const [found] = await db
        .select({ bill: bills, masked: billRequests.masked })
        .from(bills)
        .leftJoin(billRequests, and(eq(billRequests.billId, bills.id), eq(billRequests.userId, userId)))
        .where(
          and(
            eq(bills.billNo, billNo.trim().toUpperCase()),
            or(eq(bills.userId, userId), isNotNull(billRequests.id)),
          ),
        )
        .limit(1);
      if (!found) throw notFound('We could not find that bill.');
      const [bill] = await present([found.bill], language);
      return found.bill.userId !== userId && found.masked !== false ? maskedBill(bill!) : bill!;
    },

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
     * The bills on other accounts the user asked for, newest request first (at most 100): each
     * with its lines, the owner's name masked as when they asked. Bills that have since moved to
     * the user's own account are in their own list instead.
     */
    async listAskedForUser(
      userId: string,
      language: BillLanguage = 'en',
    ): Promise<(Bill & { asked_at: string })[]> {
      const rows = await db
        .select({ bill: bills, lines: linesJson, masked: billRequests.masked, askedAt: billRequests.askedAt })
        .from(billRequests)
        .innerJoin(bills, eq(bills.id, billRequests.billId))
        .where(and(eq(billRequests.userId, userId), sql`${bills.userId} is distinct from ${userId}::uuid`))
        .orderBy(desc(billRequests.askedAt))
        .limit(100);
      return rows.map(({ bill, lines, masked, askedAt }) => {
        const shown = toApi(bill, lines, language);
        return { ...(masked ? maskedBill(shown) : shown), asked_at: askedAt.toISOString() };
      });
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

    /** The open (unpaid or part-paid) bill of an obligation, whoever it sits with; at most one. */
    async findOpenBySource(tx: Db, sourceKey: string): Promise<BillRow | undefined> {
      const [row] = await tx
        .select()
        .from(bills)
        .where(and(eq(bills.sourceKey, sourceKey), inArray(bills.status, ['unpaid', 'partially_paid'])))
        .for('update')
        .limit(1);
      return row;
    },

    /**
     * Moves an obligation's open bill to the account that now holds the billed thing (a parcel
     * linked to an account), audited. Nothing happens when it already sits there.
     */
    async moveToAccount(tx: Db, row: BillRow, userId: string | null, actor: Actor, requestId?: string) {
      if (row.userId === userId) return row;
      const [moved] = await tx
        .update(bills)
        .set({ userId, updatedAt: new Date() })
        .where(eq(bills.id, row.id))
        .returning();
      await recordAudit(tx, {
        actor,
        entityType: 'bill',
        entityId: row.billNo,
        action: 'moved_to_account',
        data: { from_user_id: row.userId, to_user_id: userId },
        ...(requestId ? { requestId } : {}),
      });
      return moved!;
    },

    /** Registers what happens when a bill of this obligation kind becomes paid (one per kind). */
    onObligationPaid(kind: string, handler: ObligationPaidHandler): void {
      if (paidHandlers.has(kind)) throw new Error(`A paid handler for "${kind}" is already registered.`);
      paidHandlers.set(kind, handler);
    },

    /** Registers what happens on every payment a bill of this obligation kind receives (one per kind). */
    onObligationPayment(kind: string, handler: ObligationPaymentHandler): void {
      if (paymentHandlers.has(kind))
        throw new Error(`A payment handler for "${kind}" is already registered.`);
      paymentHandlers.set(kind, handler);
    },

    /**
     * Whether a bill raised for this source is fully paid, whoever it belongs to: what a
     * bill is for (a parcel's rates of a year) is paid once, not once per account.
     */
    async isSourcePaid(tx: Db, sourceKey: string): Promise<boolean> {
      const [row] = await tx
        .select({ billNo: bills.billNo })
        .from(bills)
        .where(and(eq(bills.sourceKey, sourceKey), eq(bills.status, 'paid')))
        .limit(1);
      return row !== undefined;
    },

    async present(rows: BillRow[], language: BillLanguage = 'en'): Promise<Bill[]> {
      return present(rows, language);
    },

    /** A bill by number as the API shows it, its lines in `language`; undefined when there is none. */
    async presentByNo(billNo: string, language: BillLanguage = 'en'): Promise<Bill | undefined> {
      const [row] = await db.select().from(bills).where(eq(bills.billNo, billNo)).limit(1);
      return row ? (await present([row], language))[0] : undefined;
    },

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
        throw badRequest('A payment must be a positive whole number of cents.');
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
        const onPayment = paymentHandlers.get(row.sourceKey.split(':')[0]!);
        if (onPayment)
          await onPayment(
            tx,
            updated,
            { amountCents: toBalance, reference: input.reference },
            input.requestId,
          );
      }
      if (becamePaid && row.sourceKey) {
        const handler = paidHandlers.get(row.sourceKey.split(':')[0]!);
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

    /**
     * Cancels an unpaid bill (e.g. its application was cancelled, or a newer bill replaces it).
     * With `keepPaid`, a bill paid in part is cancelled too, keeping what it was paid: a standing
     * obligation's bill, whose payments are already in the obligation's ledger.
     */
    async cancel(
      tx: Db,
      billNo: string,
      actor: Actor,
      reason: string,
      requestId?: string,
      options: { keepPaid?: boolean } = {},
    ): Promise<void> {
      const [row] = await tx.select().from(bills).where(eq(bills.billNo, billNo)).for('update').limit(1);
      if (!row) throw notFound('We could not find that bill.');
      if (row.status === 'cancelled') return;
      if (row.paidCents > 0 && !options.keepPaid)
        throw conflict(
          'This bill has been paid in part, so it cannot be cancelled here.',
          'bill_partly_paid',
        );
      billStatus.assert(row.status, 'cancelled');
      const updated = await tx
        .update(bills)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(bills.id, row.id), eq(bills.status, row.status)))
        .returning({ id: bills.id });
      if (updated.length === 0)
        throw conflict('This bill changed meanwhile. Please try again.', 'changed_meanwhile');
      await recordAudit(tx, {
        actor,
        entityType: 'bill',
        entityId: row.billNo,
        action: 'cancelled',
        fromState: row.status,
        toState: 'cancelled',
        data: { reason, paid_cents: row.paidCents },
        ...(requestId ? { requestId } : {}),
      });
    },
  };
}

export type BillService = ReturnType<typeof createBillService>;

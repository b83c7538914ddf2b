import type { PublicToilet, ToiletFault } from '@kaunti/contract/api-toilets';
import { and, count, eq } from 'drizzle-orm';
import { feeAmountsOf } from '../../core/applications/fees';
import { recordAudit } from '../../core/audit/audit';
import type { ReferenceItems } from '../../core/county/reference-items';
import type { Db } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead, UUID_KEY } from '../../platform/db/pages';
import { conflict, notFound } from '../../platform/errors';
import { StateMachine } from '../../platform/state-machine';
import { toiletFaults } from './schema';

type FaultRow = typeof toiletFaults.$inferSelect;

/** A fault's moves: an officer closes an open one. */
export const faultStatus = new StateMachine<FaultRow['status']>('toilet fault', {
  open: ['closed'],
  closed: [],
});

const NOT_FOUND = 'We could not find that public toilet.';
/** At most this many open faults of one toilet: more is someone's loop, not more news. */
const MAX_OPEN_FAULTS = 50;

/**
 * Public toilets (issue 41): the county's toilets (the catalogue's `public-toilets` list) with
 * their fees (schedule "public-toilets"), and their faults — reported by anyone, closed by an
 * officer, each move audited. Paying is the engine's (core/tickets, service "public-toilets").
 */
export function createToilets(deps: { db: Db; references: ReferenceItems }) {
  const { db } = deps;

  async function toiletsByCode() {
    const items = (await deps.references.items('public-toilets')) ?? [];
    return new Map(items.map((item) => [item.code, item]));
  }

  function toFault(row: FaultRow, toilets: Map<string, { name: string }>): ToiletFault {
    return {
      id: row.id,
      toilet_id: row.toiletCode,
      toilet_name: toilets.get(row.toiletCode)?.name ?? row.toiletCode,
      kind: row.kind,
      note: row.note,
      status: row.status,
      reported_at: row.reportedAt.toISOString(),
      closed_at: row.closedAt?.toISOString() ?? null,
    };
  }

  return {
    /** Every toilet with its fees, hours, access, coordinates and open faults. */
    async list(language: 'en' | 'sw' = 'en'): Promise<PublicToilet[]> {
      const [items, fees, open] = await Promise.all([
        deps.references.items('public-toilets'),
        feeAmountsOf(db, 'public-toilets'),
        db
          .select({ code: toiletFaults.toiletCode, n: count() })
          .from(toiletFaults)
          .where(eq(toiletFaults.status, 'open'))
          .groupBy(toiletFaults.toiletCode),
      ]);
      const openBy = new Map(open.map((o) => [o.code, o.n]));
      return (items ?? []).flatMap((item) => {
        const fee = fees.get(`${item.code}:single`);
        if (fee === undefined) return [];
        return [
          {
            id: item.code,
            name: language === 'sw' ? item.name_sw : item.name,
            location: String(item.location ?? ''),
            sub_county: String(item.sub_county ?? ''),
            fee_cents: fee,
            monthly_fee_cents: fees.get(`${item.code}:monthly`) ?? null,
            hours: String(item.hours ?? ''),
            accessible: item.accessible === true,
            lat: typeof item.lat === 'number' ? item.lat : null,
            lng: typeof item.lng === 'number' ? item.lng : null,
            open_faults: openBy.get(item.code) ?? 0,
          },
        ];
      });
    },

    /** Anyone reports a fault of a toilet: open until an officer closes it. */
    async report(
      code: string,
      input: { kind: FaultRow['kind']; note?: string | undefined },
      requestId?: string,
    ): Promise<ToiletFault> {
      const toilets = await toiletsByCode();
      if (!toilets.has(code)) throw notFound(NOT_FOUND);
      const note = input.note?.trim() || null;
      return db.transaction(async (tx) => {
        const [open] = await tx
          .select({ n: count() })
          .from(toiletFaults)
          .where(and(eq(toiletFaults.toiletCode, code), eq(toiletFaults.status, 'open')));
        if ((open?.n ?? 0) >= MAX_OPEN_FAULTS)
          throw conflict(
            'This toilet has many faults reported already. The county is on it.',
            'too_many_reports',
          );
        const [row] = await tx
          .insert(toiletFaults)
          .values({ toiletCode: code, kind: input.kind, note, status: 'open' })
          .returning();
        await recordAudit(tx, {
          actor: { type: 'anonymous' },
          entityType: 'toilet_fault',
          entityId: row!.id,
          action: 'reported',
          fromState: null,
          toState: 'open',
          data: { toilet: code, kind: input.kind },
          ...(requestId ? { requestId } : {}),
        });
        return toFault(row!, toilets);
      });
    },

    /**
     * The faults officers see (open or closed ones, or both), newest reported first, a page at a
     * time (`platform/db/pages.ts`).
     */
    async faults(status: FaultRow['status'] | undefined, page: PageQuery = {}): Promise<Page<ToiletFault>> {
      const read = pageRead(page, toiletFaults.reportedAt, toiletFaults.id, UUID_KEY);
      const [rows, toilets] = await Promise.all([
        db
          .select({ row: toiletFaults, at: read.at })
          .from(toiletFaults)
          .where(and(status ? eq(toiletFaults.status, status) : undefined, read.after))
          .orderBy(...read.orderBy)
          .limit(read.rows),
        toiletsByCode(),
      ]);
      return pageOf(
        rows,
        read.limit,
        (r) => ({ at: r.at, key: r.row.id }),
        (r) => toFault(r.row, toilets),
      );
    },

    /** An officer closes an open fault (a closed one is a 409), audited. */
    async close(faultId: string, officerId: string, requestId?: string): Promise<ToiletFault> {
      // Read before the transaction: the embedded database has one connection.
      const toilets = await toiletsByCode();
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(toiletFaults).where(eq(toiletFaults.id, faultId)).for('update');
        if (!row) throw notFound('We could not find that fault.');
        if (!faultStatus.can(row.status, 'closed'))
          throw conflict('This fault is closed already.', 'illegal_transition');
        const [closed] = await tx
          .update(toiletFaults)
          .set({ status: 'closed', closedAt: new Date(), closedBy: officerId })
          .where(eq(toiletFaults.id, faultId))
          .returning();
        await recordAudit(tx, {
          actor: { type: 'staff', id: officerId },
          entityType: 'toilet_fault',
          entityId: faultId,
          action: 'closed',
          fromState: row.status,
          toState: 'closed',
          data: { toilet: row.toiletCode, kind: row.kind },
          ...(requestId ? { requestId } : {}),
        });
        return toFault(closed!, toilets);
      });
    },
  };
}
export type Toilets = ReturnType<typeof createToilets>;

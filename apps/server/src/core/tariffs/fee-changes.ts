import type { FeeChange, FeeRow } from '@kaunti/contract/api-staff';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead, positionAt, UUID_KEY } from '../../platform/db/pages';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { StateMachine } from '../../platform/state-machine';
import { users } from '../accounts/schema';
import { feeChanges, feeSchedules } from '../applications/schema';
import { recordAudit } from '../audit/audit';
import { kenyaDate } from '../bills/kenya-date';

export type FeeChangeStatus = 'proposed' | 'confirmed' | 'rejected';

/** A proposed fee is confirmed by a second officer or rejected (by them, or withdrawn by its proposer). */
export const feeChangeMachine = new StateMachine<FeeChangeStatus>('fee change', {
  proposed: ['confirmed', 'rejected'],
  confirmed: [],
  rejected: [],
});

export const FEE_CHANGE_MESSAGES = {
  unknownFee: 'There is no such fee in the county’s schedules.',
  notInFuture: 'A new amount starts on a day after today: a fee already charged is never changed.',
  dateTaken: 'The fee already has an amount starting that day. Choose another day.',
  alreadyProposed: 'A change of this fee from that day is already waiting for a second officer.',
  ownChange: 'A second officer confirms a fee change: you proposed this one.',
  datePassed: 'The day this change was to start has come. Reject it and propose it again from a later day.',
  notWaiting: 'This fee change has already been decided.',
  sameAmount: 'The new amount is the amount already charged then.',
} as const;

interface ProposeInput {
  schedule: string;
  item: string;
  effectiveFrom: string;
  amountCents: number;
  reason: string;
}

/**
 * Fees the county changes without a release (issue 37, decision 022): a change is a new row of a
 * schedule from a future day — never an edit of a row already charged — proposed by an
 * administrator and in force only once a second officer confirms it. Each step is audited; a
 * bill is priced by the row in force on its day (fees.ts), so bills already raised keep theirs.
 */
export function createFeeChanges(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const proposer = alias(users, 'proposer');
  const decider = alias(users, 'decider');

  async function rowInForce(tx: Db, schedule: string, item: string, day: string) {
    const [row] = await tx
      .select()
      .from(feeSchedules)
      .where(
        and(
          eq(feeSchedules.schedule, schedule),
          eq(feeSchedules.item, item),
          sql`${feeSchedules.effectiveFrom} <= ${day}::date`,
        ),
      )
      .orderBy(desc(feeSchedules.effectiveFrom))
      .limit(1);
    return row;
  }

  /** A change with its proposer's and decider's names, as the API shows it. */
  const changeColumns = {
    change: feeChanges,
    proposedBy: sql<string>`trim(${proposer.firstName} || ' ' || ${proposer.surName})`,
    decidedBy: sql<string>`trim(${decider.firstName} || ' ' || ${decider.surName})`,
  };
  /** Changes with those names, each with its position in the list (created_at as the database wrote it). */
  const changesRead = () =>
    db
      .select({ ...changeColumns, at: positionAt(feeChanges.createdAt) })
      .from(feeChanges)
      .innerJoin(proposer, eq(proposer.id, feeChanges.proposedBy))
      .leftJoin(decider, eq(decider.id, feeChanges.decidedBy));

  /** One change as the API shows it (none for an unknown id). */
  async function changeOf(officerId: string, id: string): Promise<FeeChange | undefined> {
    const [row] = await changesRead().where(eq(feeChanges.id, id)).limit(1);
    return row && toApi(officerId, row);
  }

  /** A change as the API shows it to `officerId` (`proposed_by_me`: theirs, which they may not confirm). */
  function toApi(
    officerId: string,
    {
      change,
      proposedBy,
      decidedBy,
    }: { change: typeof feeChanges.$inferSelect; proposedBy: string; decidedBy: string },
  ): FeeChange {
    return {
      id: change.id,
      schedule: change.schedule,
      item: change.item,
      description: change.description,
      description_sw: change.descriptionSw,
      effective_from: change.effectiveFrom,
      amount_cents: change.amountCents,
      previous_cents: change.previousCents,
      reason: change.reason,
      status: change.status as FeeChangeStatus,
      proposed_by: proposedBy,
      proposed_by_me: change.proposedBy === officerId,
      decided_by: change.decidedBy ? decidedBy : null,
      decided_at: change.decidedAt?.toISOString() ?? null,
      decision_note: change.decisionNote,
      created_at: change.createdAt.toISOString(),
    };
  }

  /** Loads a change waiting for a decision, locked for this transaction. */
  async function waiting(tx: Db, id: string) {
    const [change] = await tx.select().from(feeChanges).where(eq(feeChanges.id, id)).for('update');
    if (!change) throw notFound();
    if (change.status !== 'proposed') throw conflict(FEE_CHANGE_MESSAGES.notWaiting, 'illegal_transition');
    return change;
  }

  return {
    /** The schedules' rows: each item's row in force today, the older ones and those to come. */
    async rows(filter: { schedule?: string | undefined; q?: string | undefined }): Promise<FeeRow[]> {
      const today = kenyaDate(now());
      const conditions: SQL[] = [];
      if (filter.schedule) conditions.push(eq(feeSchedules.schedule, filter.schedule));
      if (filter.q) {
        const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          sql`(${feeSchedules.description} ilike ${like} or ${feeSchedules.descriptionSw} ilike ${like} or ${feeSchedules.item} ilike ${like} or ${feeSchedules.schedule} ilike ${like})`,
        );
      }
      const rows = await db
        .select()
        .from(feeSchedules)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(feeSchedules.schedule, feeSchedules.item, desc(feeSchedules.effectiveFrom))
        .limit(500);
      // The first row of an item (newest first) that has started is the one in force.
      const seen = new Set<string>();
      return rows.map((row) => {
        const key = `${row.schedule}\u0000${row.item}`;
        const inForce = !seen.has(key) && row.effectiveFrom <= today;
        if (row.effectiveFrom <= today) seen.add(key);
        return {
          schedule: row.schedule,
          item: row.item,
          description: row.description,
          description_sw: row.descriptionSw,
          amount_cents: row.amountCents,
          effective_from: row.effectiveFrom,
          source: row.source === 'county' ? 'county' : 'seed',
          in_force: inForce,
        };
      });
    },

    /**
     * Changes proposed, confirmed and rejected (or those of one `status`), newest proposed first,
     * a page at a time (decision 038: by created_at, then id).
     */
    async list(
      officerId: string,
      query: PageQuery & { status?: FeeChangeStatus } = {},
    ): Promise<Page<FeeChange>> {
      const read = pageRead(query, feeChanges.createdAt, feeChanges.id, UUID_KEY);
      const rows = await changesRead()
        .where(and(query.status ? eq(feeChanges.status, query.status) : undefined, read.after))
        .orderBy(...read.orderBy)
        .limit(read.rows);
      return pageOf(
        rows,
        read.limit,
        (r) => ({ at: r.at, key: r.change.id }),
        (r) => toApi(officerId, r),
      );
    },

    async propose(input: ProposeInput, officerId: string, requestId?: string): Promise<FeeChange> {
      const today = kenyaDate(now());
      if (input.effectiveFrom <= today) {
        throw badRequest(FEE_CHANGE_MESSAGES.notInFuture, [
          { path: 'effective_from', message: FEE_CHANGE_MESSAGES.notInFuture },
        ]);
      }
      const id = await db.transaction(async (tx) => {
        const [known] = await tx
          .select()
          .from(feeSchedules)
          .where(and(eq(feeSchedules.schedule, input.schedule), eq(feeSchedules.item, input.item)))
          .orderBy(desc(feeSchedules.effectiveFrom))
          .limit(1);
        if (!known) throw notFound(FEE_CHANGE_MESSAGES.unknownFee);
        const [taken] = await tx
          .select({ item: feeSchedules.item })
          .from(feeSchedules)
          .where(
            and(
              eq(feeSchedules.schedule, input.schedule),
              eq(feeSchedules.item, input.item),
              eq(feeSchedules.effectiveFrom, input.effectiveFrom),
            ),
          )
          .limit(1);
        if (taken) throw conflict(FEE_CHANGE_MESSAGES.dateTaken, 'date_taken');
        const previous = await rowInForce(tx, input.schedule, input.item, input.effectiveFrom);
        if (previous?.amountCents === input.amountCents) {
          throw badRequest(FEE_CHANGE_MESSAGES.sameAmount, [
            { path: 'amount_cents', message: FEE_CHANGE_MESSAGES.sameAmount },
          ]);
        }
        const [inserted] = await tx
          .insert(feeChanges)
          .values({
            schedule: input.schedule,
            item: input.item,
            effectiveFrom: input.effectiveFrom,
            // The words stay the row's: a change of amount, not of what is charged for.
            description: (previous ?? known).description,
            descriptionSw: (previous ?? known).descriptionSw,
            amountCents: input.amountCents,
            previousCents: previous?.amountCents ?? null,
            reason: input.reason,
            proposedBy: officerId,
          })
          .onConflictDoNothing()
          .returning({ id: feeChanges.id });
        if (!inserted) throw conflict(FEE_CHANGE_MESSAGES.alreadyProposed, 'already_proposed');
        await recordAudit(tx, {
          actor: { type: 'staff', id: officerId },
          entityType: 'fee_change',
          entityId: inserted.id,
          action: 'fee_change.proposed',
          toState: 'proposed',
          data: {
            schedule: input.schedule,
            item: input.item,
            effective_from: input.effectiveFrom,
            amount_cents: input.amountCents,
            previous_cents: previous?.amountCents ?? null,
          },
          ...(requestId ? { requestId } : {}),
        });
        return inserted.id;
      });
      const change = await changeOf(officerId, id);
      return change!;
    },

    /** A second officer confirms: the new row is written, in force from its day. */
    async confirm(id: string, officerId: string, requestId?: string): Promise<FeeChange> {
      await db.transaction(async (tx) => {
        const change = await waiting(tx, id);
        if (change.proposedBy === officerId) throw forbidden(FEE_CHANGE_MESSAGES.ownChange);
        if (change.effectiveFrom <= kenyaDate(now()))
          throw conflict(FEE_CHANGE_MESSAGES.datePassed, 'date_passed');
        feeChangeMachine.assert('proposed', 'confirmed');
        const at = now();
        const [row] = await tx
          .insert(feeSchedules)
          .values({
            schedule: change.schedule,
            item: change.item,
            effectiveFrom: change.effectiveFrom,
            description: change.description,
            descriptionSw: change.descriptionSw,
            amountCents: change.amountCents,
            source: 'county',
            proposedBy: change.proposedBy,
            confirmedBy: officerId,
            updatedAt: at,
          })
          .onConflictDoNothing()
          .returning({ item: feeSchedules.item });
        if (!row) throw conflict(FEE_CHANGE_MESSAGES.dateTaken, 'date_taken');
        await tx
          .update(feeChanges)
          .set({ status: 'confirmed', decidedBy: officerId, decidedAt: at })
          .where(eq(feeChanges.id, id));
        await recordAudit(tx, {
          actor: { type: 'staff', id: officerId },
          entityType: 'fee_change',
          entityId: id,
          action: 'fee_change.confirmed',
          fromState: 'proposed',
          toState: 'confirmed',
          data: {
            schedule: change.schedule,
            item: change.item,
            effective_from: change.effectiveFrom,
            amount_cents: change.amountCents,
          },
          ...(requestId ? { requestId } : {}),
        });
      });
      const change = await changeOf(officerId, id);
      return change!;
    },

    /** A second officer refuses it, or its proposer withdraws it, with the reason. */
    async reject(id: string, officerId: string, note: string, requestId?: string): Promise<FeeChange> {
      await db.transaction(async (tx) => {
        await waiting(tx, id);
        feeChangeMachine.assert('proposed', 'rejected');
        await tx
          .update(feeChanges)
          .set({ status: 'rejected', decidedBy: officerId, decidedAt: now(), decisionNote: note })
          .where(eq(feeChanges.id, id));
        await recordAudit(tx, {
          actor: { type: 'staff', id: officerId },
          entityType: 'fee_change',
          entityId: id,
          action: 'fee_change.rejected',
          fromState: 'proposed',
          toState: 'rejected',
          ...(requestId ? { requestId } : {}),
        });
      });
      const change = await changeOf(officerId, id);
      return change!;
    },
  };
}
export type FeeChanges = ReturnType<typeof createFeeChanges>;

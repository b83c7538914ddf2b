import { findService } from '@kaunti/catalogue/catalogue';
import {
  DRAFT_TOO_LARGE_MESSAGE,
  type Draft,
  isEmptyDraft,
  MAX_DRAFT_VALUES_BYTES,
  MAX_DRAFTS_PER_USER,
  type SaveDraftRequest,
  TOO_MANY_DRAFTS_MESSAGE,
} from '@kaunti/contract/api-drafts';
import { and, count, eq, sql } from 'drizzle-orm';
import { batched } from '../../platform/db/coalesce';
import type { Db } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead } from '../../platform/db/pages';
import { preparedStatement } from '../../platform/db/prepared';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { drafts } from './schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type DraftRow = typeof drafts.$inferSelect;

interface SavedDraft {
  id: string;
  userId: string;
  serviceId: string;
  step: number;
  values: Record<string, unknown>;
  /** `values` as JSON text (measured for its size already). */
  valuesJson: string;
}

function toApi(
  row: Pick<DraftRow, 'id' | 'serviceId' | 'step' | 'values' | 'createdAt' | 'updatedAt'>,
  kept = true,
): Draft {
  const service = findService(row.serviceId);
  const reference = service?.reference_field ? row.values[service.reference_field] : undefined;
  return {
    id: row.id,
    service_id: row.serviceId,
    service_title: service?.title ?? row.serviceId,
    label: typeof reference === 'string' && reference.trim() !== '' ? reference.trim().slice(0, 80) : null,
    kept,
    route: service?.route ?? '/',
    step: row.step,
    values: row.values,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Drafts: a form saved as the user goes. Every query names the owner, so another user's draft
 * is a 404 on every verb, and a PUT with another user's id never takes that draft over.
 */
export function createDraftService({ db }: { db: Db }) {
  // Built once (on PostgreSQL a named statement, parsed once per connection): the values of
  // the saves go as arrays, one row each.
  const saveDrafts = preparedStatement((on) =>
    on
      .update(drafts)
      .set({
        serviceId: sql`v.service_id`,
        step: sql`v.step`,
        values: sql`v."values"::jsonb`,
        updatedAt: sql`now()`,
      })
      .from(
        sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('userIds')}::uuid[],
          ${sql.placeholder('serviceIds')}::text[], ${sql.placeholder('steps')}::int[],
          ${sql.placeholder('values')}::text[]) as v(id, user_id, service_id, step, "values")`,
      )
      .where(sql`${drafts.id} = v.id and ${drafts.userId} = v.user_id`)
      .returning({ id: drafts.id, createdAt: drafts.createdAt, updatedAt: drafts.updatedAt })
      .prepare('kaunti_save_drafts'),
  );
  // A save of a draft that exists (every save but a form's first): the saves asked at the same
  // moment are one statement and one commit (platform/db/coalesce.ts); two saves of one draft
  // are never in the same statement. Each is answered with its row, or undefined when there is
  // no such draft of that user (a first save, or another user's id). One statement at a time:
  // all alike and short, and fewer, larger ones cost less than two side by side (measured:
  // docs/performance.md).
  const updateDrafts = batched(
    async (items: readonly SavedDraft[]) => {
      const saved = (await saveDrafts.run(db, {
        ids: items.map((item) => item.id),
        userIds: items.map((item) => item.userId),
        serviceIds: items.map((item) => item.serviceId),
        steps: items.map((item) => item.step),
        values: items.map((item) => item.valuesJson),
      })) as { id: string; createdAt: Date; updatedAt: Date }[];
      const byId = new Map(saved.map((row) => [row.id, row]));
      return items.map((item) => {
        const times = byId.get(item.id);
        return times
          ? {
              id: item.id,
              serviceId: item.serviceId,
              step: item.step,
              values: item.values,
              createdAt: times.createdAt,
              updatedAt: times.updatedAt,
            }
          : undefined;
      });
    },
    { concurrency: 1, maxItems: 200, key: (item) => item.id },
  );
  return {
    /**
     * The user's drafts, most recently saved first, a page at a time (`platform/db/pages.ts`);
     * only those of one service when `serviceId` is given. A draft saved while pages are read
     * moves to the front (it is read again from the first page).
     */
    async list(
      userId: string,
      filter: { serviceId?: string | undefined } & PageQuery = {},
    ): Promise<Page<Draft>> {
      const read = pageRead(filter, drafts.updatedAt, drafts.id, UUID);
      const rows = await db
        .select({ row: drafts, at: read.at })
        .from(drafts)
        .where(
          and(
            eq(drafts.userId, userId),
            filter.serviceId ? eq(drafts.serviceId, filter.serviceId) : undefined,
            read.after,
          ),
        )
        .orderBy(...read.orderBy)
        .limit(read.rows);
      return pageOf(
        rows,
        read.limit,
        (r) => ({ at: r.at, key: r.row.id }),
        (r) => toApi(r.row),
      );
    },

    async get(userId: string, id: string): Promise<Draft> {
      const [row] = await db
        .select()
        .from(drafts)
        .where(and(eq(drafts.id, id), eq(drafts.userId, userId)))
        .limit(1);
      if (!row) throw notFound('We could not find that draft.');
      return toApi(row);
    },

    /** Creates or replaces the draft with this id (idempotent). */
    async save(userId: string, id: string, input: SaveDraftRequest): Promise<Draft> {
      const service = findService(input.service_id);
      if (!service)
        throw badRequest('This service does not exist.', [
          { path: 'service_id', message: 'Unknown service' },
        ]);
      if (input.step >= service.steps.length) {
        throw badRequest('This step does not exist.', [{ path: 'step', message: 'Unknown step' }]);
      }
      const valuesJson = JSON.stringify(input.values);
      if (Buffer.byteLength(valuesJson) > MAX_DRAFT_VALUES_BYTES) {
        throw new AppError(413, 'payload_too_large', DRAFT_TOO_LARGE_MESSAGE);
      }
      const now = new Date();
      if (isEmptyDraft(input.values)) {
        // Nothing typed (or everything cleared): no draft is kept, and an earlier one goes.
        await db.delete(drafts).where(and(eq(drafts.id, id), eq(drafts.userId, userId)));
        return toApi(
          {
            id,
            serviceId: input.service_id,
            step: input.step,
            values: input.values,
            createdAt: now,
            updatedAt: now,
          },
          false,
        );
      }
      const updated = await updateDrafts({
        id,
        userId,
        serviceId: input.service_id,
        step: input.step,
        values: input.values,
        valuesJson,
      });
      if (updated) return toApi(updated);

      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(drafts)
        .where(eq(drafts.userId, userId));
      if (n >= MAX_DRAFTS_PER_USER) throw conflict(TOO_MANY_DRAFTS_MESSAGE, 'limit_reached');
      const [created] = await db
        .insert(drafts)
        .values({ id, userId, serviceId: input.service_id, step: input.step, values: input.values })
        .onConflictDoUpdate({
          target: drafts.id,
          set: { serviceId: input.service_id, step: input.step, values: input.values, updatedAt: now },
          // Only ever the caller's own row: a taken id of another user updates nothing.
          setWhere: sql`${drafts.userId} = ${userId}`,
        })
        .returning();
      if (!created) throw notFound('We could not find that draft.');
      return toApi(created);
    },

    /** Deletes the draft; another user's (or no) draft is a 404. */
    async remove(userId: string, id: string, tx: Db = db): Promise<boolean> {
      const deleted = await tx
        .delete(drafts)
        .where(and(eq(drafts.id, id), eq(drafts.userId, userId)))
        .returning({ id: drafts.id });
      return deleted.length > 0;
    },
  };
}

export type DraftService = ReturnType<typeof createDraftService>;

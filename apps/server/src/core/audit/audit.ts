import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { preparedSql, preparedStatement } from '../../platform/db/prepared';
import { togetherWrite } from '../../platform/db/shared-transaction';
import { auditLog } from './schema';

export type Actor =
  | { type: 'user'; id: string }
  | { type: 'staff'; id: string }
  | { type: 'system'; id?: string }
  | { type: 'mpesa'; id?: string }
  | { type: 'anonymous'; id?: string };

export interface AuditEntry {
  actor: Actor;
  entityType: string;
  entityId: string;
  action: string;
  fromState?: string | null;
  toState?: string | null;
  data?: Record<string, unknown>;
  requestId?: string;
}

// Every change writes one: statements built once (named statements on PostgreSQL). Alone, one
// row by a plain insert (the path of every change but a shared transaction's: an `unnest` of
// one-element arrays costs about a quarter more). The units of a shared transaction
// (platform/db/shared-transaction.ts) write theirs together, in one statement. The data goes as
// JSON text cast in SQL, so that no data is SQL NULL (not the JSON value null).
const insertOne = preparedStatement((db) =>
  db
    .insert(auditLog)
    .values({
      actorType: sql.placeholder('actorType'),
      actorId: sql.placeholder('actorId'),
      entityType: sql.placeholder('entityType'),
      entityId: sql.placeholder('entityId'),
      action: sql.placeholder('action'),
      fromState: sql.placeholder('fromState'),
      toState: sql.placeholder('toState'),
      data: sql`${sql.placeholder('data')}::jsonb`,
      requestId: sql.placeholder('requestId'),
    })
    .prepare('kaunti_insert_audit'),
);
const insertMany = preparedSql(
  'kaunti_insert_audits',
  sql`insert into ${auditLog} (actor_type, actor_id, entity_type, entity_id, action, from_state, to_state, data, request_id)
    select actor_type, actor_id, entity_type, entity_id, action, from_state, to_state, data::jsonb, request_id
    from unnest(${sql.placeholder('actorType')}::text[], ${sql.placeholder('actorId')}::text[],
      ${sql.placeholder('entityType')}::text[], ${sql.placeholder('entityId')}::text[],
      ${sql.placeholder('action')}::text[], ${sql.placeholder('fromState')}::text[],
      ${sql.placeholder('toState')}::text[], ${sql.placeholder('data')}::text[],
      ${sql.placeholder('requestId')}::text[])
      as t(actor_type, actor_id, entity_type, entity_id, action, from_state, to_state, data, request_id)`,
);
const columns = (entry: AuditEntry) => ({
  actorType: entry.actor.type,
  actorId: entry.actor.id ?? null,
  entityType: entry.entityType,
  entityId: entry.entityId,
  action: entry.action,
  fromState: entry.fromState ?? null,
  toState: entry.toState ?? null,
  data: entry.data === undefined || entry.data === null ? null : JSON.stringify(entry.data),
  requestId: entry.requestId ?? null,
});
const insertAudit = togetherWrite((on: Db, entries: readonly AuditEntry[]) => {
  if (entries.length === 1) return insertOne.run(on, columns(entries[0]!));
  const rows = entries.map(columns);
  const values: Record<string, unknown[]> = {};
  for (const key of Object.keys(rows[0]!) as (keyof ReturnType<typeof columns>)[]) {
    values[key] = rows.map((row) => row[key]);
  }
  return insertMany.run(on, values);
});

/** Writes one audit row; call it inside the same transaction as the change it records. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAudit(db, entry);
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { preparedStatement } from '../../platform/db/prepared';
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

// Every change writes one: a statement built once, not by the query builder each time. The data
// goes as JSON text cast in SQL, so that no data is SQL NULL (not the JSON value null).
const insertAudit = preparedStatement((db) =>
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

/** Writes one audit row; call it inside the same transaction as the change it records. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAudit.run(db, {
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
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { together } from '../../platform/db/shared-transaction';
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

// Every change writes one. The units of a shared transaction (platform/db/shared-transaction.ts)
// write theirs in one statement; alone, the same statement writes one row. The data goes as JSON
// text cast in SQL, so that no data is SQL NULL (not the JSON value null).
const insertAudit = together(async (on: Db, entries: readonly AuditEntry[]) => {
  const column = <T>(pick: (entry: AuditEntry) => T) => sql.param(entries.map(pick));
  await on.execute(sql`
    insert into ${auditLog} (actor_type, actor_id, entity_type, entity_id, action, from_state, to_state, data, request_id)
    select actor_type, actor_id, entity_type, entity_id, action, from_state, to_state, data::jsonb, request_id
    from unnest(
      ${column((e) => e.actor.type)}::text[],
      ${column((e) => e.actor.id ?? null)}::text[],
      ${column((e) => e.entityType)}::text[],
      ${column((e) => e.entityId)}::text[],
      ${column((e) => e.action)}::text[],
      ${column((e) => e.fromState ?? null)}::text[],
      ${column((e) => e.toState ?? null)}::text[],
      ${column((e) => (e.data === undefined || e.data === null ? null : JSON.stringify(e.data)))}::text[],
      ${column((e) => e.requestId ?? null)}::text[]
    ) as t(actor_type, actor_id, entity_type, entity_id, action, from_state, to_state, data, request_id)`);
  return entries.map(() => undefined);
});

/** Writes one audit row; call it inside the same transaction as the change it records. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAudit(db, entry);
}

import type { Db } from '../../platform/db/database';
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

/** Writes one audit row; call it inside the same transaction as the change it records. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorType: entry.actor.type,
    actorId: entry.actor.id ?? null,
    entityType: entry.entityType,
    entityId: entry.entityId,
    action: entry.action,
    fromState: entry.fromState ?? null,
    toState: entry.toState ?? null,
    data: entry.data ?? null,
    requestId: entry.requestId ?? null,
  });
}

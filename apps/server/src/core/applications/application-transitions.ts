import { findService } from '@kaunti/catalogue/catalogue';
import type { ApplicationStatus } from '@kaunti/contract/api-applications';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { conflict } from '../../platform/errors';
import { type Actor, recordAudit } from '../audit/audit';
import { kenyaToday } from '../bills/kenya-date';
import type { ApplicationDocuments } from './application-documents';
import { applicationCounters, applicationEvents, applications } from './schema';
import { applicationStatus } from './status';

type ApplicationRow = typeof applications.$inferSelect;
type IssuedDocument = Awaited<ReturnType<ApplicationDocuments['issue']>>;

/**
 * What an area does when one of its applications is issued (the business area records the permit
 * against the business), in the same transaction.
 */
export type IssuedListener = (
  tx: Db,
  issued: { row: ApplicationRow; document: NonNullable<IssuedDocument> },
) => Promise<void>;

/**
 * What an area works out when one of its applications is issued, before its document (a market
 * stall allocated: its number), in the same transaction: values the definition declares as
 * `derived`, added to the application's values so its document prints them. Anything else it
 * answers is not kept (an area cannot overwrite an answer). Throwing stops the issue.
 */
export type IssuingListener = (
  tx: Db,
  issuing: { row: ApplicationRow; actor: Actor },
) => Promise<Record<string, unknown> | undefined>;

function actorOf(actor: Actor): 'user' | 'staff' | 'system' | 'mpesa' {
  return actor.type === 'anonymous' ? 'system' : actor.type;
}

/**
 * Told of every status move once it is written (in the same transaction): the citizen's SMS
 * (status-sms.ts). `document` is the document issued with an `issued` move, if any.
 */
export type StatusListener = (
  tx: Db,
  moved: {
    row: ApplicationRow;
    from: ApplicationStatus;
    to: ApplicationStatus;
    document: NonNullable<IssuedDocument> | null;
    /** The note the move was made with (an officer's reason), if any. */
    note?: string | null;
  },
) => Promise<void> | void;

/** The next application number of a prefix this year, e.g. LND-2026-000123 (one counter row per prefix and year). */
export async function nextApplicationNo(tx: Db, prefix: string): Promise<string> {
  const { year } = kenyaToday();
  const [row] = await tx
    .insert(applicationCounters)
    .values({ prefix, year, last: 1 })
    .onConflictDoUpdate({
      target: [applicationCounters.prefix, applicationCounters.year],
      set: { last: sql`${applicationCounters.last} + 1` },
    })
    .returning({ last: applicationCounters.last });
  return `${prefix}-${year}-${String(row!.last).padStart(6, '0')}`;
}

/**
 * How every application changes status, whoever moves it (the applicant, an officer, a payment):
 * locked, checked against the one status table, recorded in its history and the audit log, and
 * — when it becomes `issued` — with its document, all in the caller's transaction.
 */
export function createApplicationTransitions(deps: {
  /** Issues the document of an application made `issued` (in the same transaction). */
  documents: Pick<ApplicationDocuments, 'issue'>;
}) {
  const issuedListeners = new Map<string, IssuedListener[]>();
  const issuingListeners = new Map<string, IssuingListener[]>();

  /** The row with what the area's issuing listeners work out (declared derived values), written. */
  async function withIssuingValues(tx: Db, row: ApplicationRow, actor: Actor): Promise<ApplicationRow> {
    const service = findService(row.serviceId);
    const listeners = service ? (issuingListeners.get(service.area) ?? []) : [];
    if (!service || listeners.length === 0) return row;
    const declared = new Set((service.derived ?? []).map((d) => d.name));
    let values = (row.values ?? {}) as Record<string, unknown>;
    let added = false;
    for (const listener of listeners) {
      const answer = await listener(tx, { row: { ...row, values }, actor });
      const kept = Object.entries(answer ?? {}).filter(([name]) => declared.has(name));
      if (kept.length === 0) continue;
      values = { ...values, ...Object.fromEntries(kept) };
      added = true;
    }
    if (!added) return row;
    await tx.update(applications).set({ values }).where(eq(applications.id, row.id));
    return { ...row, values };
  }
  const statusListeners: StatusListener[] = [];

  /** One application, locked until the transaction ends (status moves take turns). */
  async function lockApplication(tx: Db, where: SQL): Promise<ApplicationRow | undefined> {
    const [row] = await tx.select().from(applications).where(where).for('update').limit(1);
    return row;
  }

  /**
   * Moves an application from one status to another, if the table allows it and nobody moved
   * it meanwhile (`UPDATE ... WHERE status = from`): history row and audit row in the same
   * transaction. Throws 409 illegal_transition or 409 conflict.
   */
  async function transition(
    tx: Db,
    row: ApplicationRow,
    from: ApplicationStatus,
    to: ApplicationStatus,
    actor: Actor,
    options: { note?: string | null; requestId?: string | undefined } = {},
  ): Promise<void> {
    applicationStatus.assert(from, to);
    const updated = await tx
      .update(applications)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(applications.id, row.id), eq(applications.status, from)))
      .returning({ id: applications.id });
    if (updated.length === 0) {
      throw conflict(
        'This application was changed meanwhile. Please reload it and try again.',
        'changed_meanwhile',
      );
    }
    await tx.insert(applicationEvents).values({
      applicationId: row.id,
      fromStatus: from,
      toStatus: to,
      actorType: actorOf(actor),
      actorId: actor.id ?? null,
      note: options.note ?? null,
    });
    await recordAudit(tx, {
      actor,
      entityType: 'application',
      entityId: row.applicationNo,
      action: 'status_changed',
      fromState: from,
      toState: to,
      ...(options.note ? { data: { note: options.note } } : {}),
      ...(options.requestId ? { requestId: options.requestId } : {}),
    });
    // Issued: the document is issued with it, or neither is.
    let document: NonNullable<IssuedDocument> | null = null;
    if (to === 'issued') {
      const issued = await withIssuingValues(tx, row, actor);
      document = await deps.documents.issue(tx, issued, actor, options.requestId);
      const area = findService(row.serviceId)?.area;
      if (document && area)
        for (const listener of issuedListeners.get(area) ?? []) await listener(tx, { row: issued, document });
    }
    for (const listener of statusListeners)
      await listener(tx, { row, from, to, document, note: options.note ?? null });
  }

  return {
    lockApplication,
    transition,
    /** An area's own step when one of its applications is issued (run in the same transaction). */
    onIssued(area: string, listener: IssuedListener): void {
      issuedListeners.set(area, [...(issuedListeners.get(area) ?? []), listener]);
    },
    /** An area's values worked out as one of its applications is issued, before the document (same transaction). */
    onIssuing(area: string, listener: IssuingListener): void {
      issuingListeners.set(area, [...(issuingListeners.get(area) ?? []), listener]);
    },
    /** Told of every status move (same transaction): what is sent outside waits for the commit. */
    onStatusChanged(listener: StatusListener): void {
      statusListeners.push(listener);
    },
  };
}
export type ApplicationTransitions = ReturnType<typeof createApplicationTransitions>;

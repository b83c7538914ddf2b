import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import { StateMachine } from '../../platform/state-machine';
import { type Actor, recordAudit } from '../audit/audit';
import { serviceTickets } from './schema';
import { randomChars } from './ticket-common';
import type { TicketRow, TicketStatus } from './ticket-types';

/** A ticket's moves: paid when its bill is paid, revoked when the county revokes its document. */
export const serviceTicketStatus = new StateMachine<TicketStatus>('ticket', {
  pending: ['paid', 'cancelled'],
  paid: ['revoked'],
  cancelled: [],
  revoked: [],
});

/** "T" and 13 characters of 32: 65 random bits, so holding the id is what lets one read the ticket. */
export const newTicketId = () => `T${randomChars(13)}`;
/** The printed number: "<prefix>-<year>-" and 10 characters, unrelated to the bearer's id. */
export const newTicketNo = (prefix: string, day: string) => `${prefix}-${day.slice(0, 4)}-${randomChars(10)}`;

const NOT_FOUND = 'We could not find that ticket. Check the link or the ticket number.';

/** The service tickets' table: a ticket's moves with their audit rows, and how one is found. */
export function createTicketStore(db: Db) {
  async function move(
    tx: Db,
    row: TicketRow,
    to: TicketStatus,
    set: Partial<TicketRow>,
    audit: { actor: Actor; data?: Record<string, unknown>; requestId?: string | undefined },
  ) {
    serviceTicketStatus.assert(row.status, to);
    const [moved] = await tx
      .update(serviceTickets)
      .set({ ...set, status: to })
      .where(and(eq(serviceTickets.id, row.id), eq(serviceTickets.status, row.status)))
      .returning();
    if (!moved) throw conflict('This ticket changed meanwhile. Please try again.', 'changed_meanwhile');
    await recordAudit(tx, {
      actor: audit.actor,
      entityType: 'service_ticket',
      entityId: row.id,
      action: to,
      fromState: row.status,
      toState: to,
      data: { service_id: row.serviceId, obligation: row.obligation, ...audit.data },
      ...(audit.requestId ? { requestId: audit.requestId } : {}),
    });
    return moved;
  }

  async function standing(key: string) {
    const rows = await db
      .select()
      .from(serviceTickets)
      .where(eq(serviceTickets.obligation, key))
      .orderBy(desc(serviceTickets.createdAt))
      .limit(5);
    return rows.find((r) => r.status === 'pending') ?? rows.find((r) => r.status === 'paid' && r.once);
  }

  async function findTicket(serviceId: string, id: string) {
    const [row] = await db
      .select()
      .from(serviceTickets)
      .where(and(eq(serviceTickets.id, id.trim().toUpperCase()), eq(serviceTickets.serviceId, serviceId)));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  return { move, standing, findTicket };
}
export type TicketStore = ReturnType<typeof createTicketStore>;

import { and, eq, ne } from 'drizzle-orm';
import { type Actor, recordAudit } from '../../core/audit/audit';
import { randomChars } from '../../core/tickets/ticket-common';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import { StateMachine } from '../../platform/state-machine';
import type { TicketRow, TicketStatus } from './parking-types';
import { parkingTickets } from './schema';

/**
 * A daily ticket's moves: paid when its bill is paid, revoked when the county revokes its
 * document (the plate's day is then uncovered, and may be paid again).
 */
export const ticketStatus = new StateMachine<TicketStatus>('parking ticket', {
  pending: ['paid'],
  paid: ['revoked'],
  revoked: [],
});

/** "PT" and 12 characters of 32: 60 random bits, so holding the id is what lets one read the ticket. */
export function newTicketId(): string {
  return `PT${randomChars(12)}`;
}
/**
 * The number the ticket prints and E-Verify shows: "PKT-<year>-" and 10 characters, unrelated to
 * the bearer's id, so a photo of the QR code or a check on E-Verify does not open the ticket.
 */
export function newTicketNo(day: string): string {
  return `PKT-${day.slice(0, 4)}-${randomChars(10)}`;
}

const TICKET_NOT_FOUND = 'We could not find that parking ticket. Check the link or the ticket number.';

/** The obligation a plate's day in a zone is: one open bill for it. */
export const sourceKeyOf = (ticket: Pick<TicketRow, 'plate' | 'zoneCode' | 'day'>) =>
  `parking-daily:${ticket.plate}:${ticket.zoneCode}:${ticket.day}`;

/** The daily tickets' table: a ticket's moves with their audit rows, and how one is found. */
export function createDailyTickets(db: Db) {
  /** A ticket's move through its table, with its audit row, in the caller's transaction. */
  async function move(
    tx: Db,
    row: TicketRow,
    to: TicketStatus,
    set: Partial<TicketRow>,
    audit: { actor: Actor; data?: Record<string, unknown>; requestId?: string | undefined },
  ) {
    ticketStatus.assert(row.status, to);
    const [moved] = await tx
      .update(parkingTickets)
      .set({ ...set, status: to })
      .where(and(eq(parkingTickets.id, row.id), eq(parkingTickets.status, row.status)))
      .returning();
    if (!moved)
      throw conflict('This parking ticket changed meanwhile. Please try again.', 'changed_meanwhile');
    await recordAudit(tx, {
      actor: audit.actor,
      entityType: 'parking_ticket',
      entityId: row.id,
      action: to,
      fromState: row.status,
      toState: to,
      data: { plate: row.plate, zone_code: row.zoneCode, day: row.day, ...audit.data },
      ...(audit.requestId ? { requestId: audit.requestId } : {}),
    });
    return moved;
  }

  /** The standing ticket (pending or paid) of a plate's day in a zone: a revoked one is not. */
  async function standingTicket(plate: string, zoneCode: string, day: string) {
    const [row] = await db
      .select()
      .from(parkingTickets)
      .where(
        and(
          eq(parkingTickets.plate, plate),
          eq(parkingTickets.zoneCode, zoneCode),
          eq(parkingTickets.day, day),
          ne(parkingTickets.status, 'revoked'),
        ),
      );
    return row;
  }

  async function findTicket(id: string) {
    const [row] = await db
      .select()
      .from(parkingTickets)
      .where(eq(parkingTickets.id, id.trim().toUpperCase()));
    if (!row) throw notFound(TICKET_NOT_FOUND);
    return row;
  }

  return { move, standingTicket, findTicket };
}
export type DailyTickets = ReturnType<typeof createDailyTickets>;

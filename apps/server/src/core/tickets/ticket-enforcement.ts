import { and, desc, eq, gt } from 'drizzle-orm';
import { serviceTickets } from './schema';
import { plateOrBadRequest } from './ticket-common';
import type { TicketServiceDeps } from './ticket-types';
import type { TicketViews } from './ticket-views';

/** Enforcement: the tickets a plate holds, paid and in force now. */
export function createTicketEnforcement(deps: Pick<TicketServiceDeps, 'db'>, views: TicketViews) {
  const { db } = deps;
  const { serviceOf, coversOf } = views;
  return {
    /** Enforcement: a plate's tickets paid and in force now (market cess today), newest first. */
    async paidForPlate(plateInput: string) {
      const plate = plateOrBadRequest(plateInput);
      const rows = await db
        .select()
        .from(serviceTickets)
        .where(
          and(
            eq(serviceTickets.plate, plate),
            gt(serviceTickets.validUntil, new Date()),
            eq(serviceTickets.status, 'paid'),
          ),
        )
        .orderBy(desc(serviceTickets.paidAt));
      return rows.map((row) => {
        const service = serviceOf(row.serviceId);
        return {
          service_id: row.serviceId,
          service_title: service.title,
          ticket_no: row.ticketNo,
          covers: coversOf(service, row)
            .map((c) => c.value)
            .join(', '),
          amount_cents: row.amountCents,
          paid_at: (row.paidAt ?? row.createdAt).toISOString(),
          valid_until: row.validUntil.toISOString(),
        };
      });
    },
  };
}

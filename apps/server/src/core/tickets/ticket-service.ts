import { createTicketEnforcement } from './ticket-enforcement';
import { registerTicketEvents } from './ticket-events';
import { createTicketPurchase } from './ticket-purchase';
import { createTicketStore } from './ticket-store';
import type { TicketServiceDeps } from './ticket-types';
import { createTicketViews } from './ticket-views';

export { obligationOf, periodKindOf, ticketServices } from './ticket-periods';
export { serviceTicketStatus } from './ticket-store';
export type { TicketServiceDeps } from './ticket-types';

/**
 * Tickets bought with no account, for every service that declares one (workflow "ticket",
 * decision 032): the answers are checked as any submission's (the definition, its lists), the
 * thing paid for is one obligation (one open bill; a paid one answers its ticket, never charged
 * again, unless it is a visit), the M-Pesa prompt goes to the phone given (a pending prompt blocks
 * another to the same phone; a failed one ends the wait and may be sent again), and the ticket is
 * issued from the service's template in the payment's transaction, read by its id by whoever
 * holds it, its QR code verified on E-Verify. Enforcement sees a plate's tickets paid today.
 *
 * Composed from modules of one concern each: buying a ticket and its prompt again
 * (ticket-purchase.ts), what a bill paid or a document revoked does to a ticket
 * (ticket-events.ts) and a plate's tickets for enforcement (ticket-enforcement.ts); over the
 * periods and obligations paid for (ticket-periods.ts), the tickets' table and moves
 * (ticket-store.ts) and how a ticket is shown (ticket-views.ts). What daily parking's tickets
 * share with these is ticket-common.ts.
 */
export function createTicketService(deps: TicketServiceDeps) {
  const store = createTicketStore(deps.db);
  const views = createTicketViews(deps);
  registerTicketEvents(deps, store, views);
  return {
    services: () => [...views.byId.values()],
    ...createTicketPurchase({ ...deps, store, views }),
    /** A ticket of a service by its id (whoever holds it), or 404. */
    async ticket(serviceId: string, id: string) {
      return views.view(await store.findTicket(serviceId, id));
    },
    ...createTicketEnforcement(deps, views),
  };
}
export type TicketService = ReturnType<typeof createTicketService>;

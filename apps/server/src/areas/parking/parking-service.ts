import { createDailyParkingPurchase } from './daily-parking-purchase';
import { createDailyParkingZones } from './daily-parking-zones';
import { registerDailyTicketEvents } from './daily-ticket-events';
import { createDailyTicketViews } from './daily-ticket-views';
import { createDailyTickets } from './daily-tickets';
import type { ParkingServiceDeps } from './parking-types';
import { createPlateStatus } from './plate-status';
import { createVehicles } from './vehicles';

export { ticketStatus } from './daily-tickets';
export type { ParkingServiceDeps } from './parking-types';
export { MAX_VEHICLES } from './vehicles';

/**
 * Daily parking, no account needed: a plate's day in a zone is one obligation
 * (`parking-daily:<plate>:<zone>:<day>`, one open bill), its ticket is pending until the bill is
 * paid — by the M-Pesa prompt this sends, or at the paybill with the bill number — and then paid,
 * with its printable ticket. Enforcement officers check a plate.
 *
 * Composed from modules of one concern each: the zones and their fees (daily-parking-zones.ts),
 * buying a day and its prompt again (daily-parking-purchase.ts), what a bill paid or a document
 * revoked does to a ticket (daily-ticket-events.ts), a motorist's vehicles (vehicles.ts) and what
 * covers a plate (plate-status.ts); over the tickets' table and moves (daily-tickets.ts) and how
 * a ticket is shown (daily-ticket-views.ts). What every ticket bought with no account shares is
 * core/tickets/ticket-common.ts.
 */
export function createParkingService(deps: ParkingServiceDeps) {
  const store = createDailyTickets(deps.db);
  const views = createDailyTicketViews(deps);
  registerDailyTicketEvents(deps, store);
  return {
    ...createDailyParkingZones(deps.db),
    ...createDailyParkingPurchase({ ...deps, store, views }),
    ...createVehicles(deps.db),
    /** A ticket by its id (whoever holds the id: the SMS receipt's link), or 404. */
    async ticket(id: string) {
      return views.view(await store.findTicket(id));
    },
    ...createPlateStatus(deps),
  };
}
export type ParkingService = ReturnType<typeof createParkingService>;

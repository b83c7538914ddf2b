import { and, desc, eq, gt, lte, ne } from 'drizzle-orm';
import { kenyaDate } from '../../core/bills/kenya-date';
import { documents } from '../../core/documents/schema';
import { endOfKenyanDay, plateOrBadRequest } from '../../core/tickets/ticket-common';
import type { ParkingServiceDeps } from './parking-types';
import { parkingCoverPlates, parkingCovers, parkingTickets } from './schema';

/** Enforcement: what covers a plate now. */
export function createPlateStatus(deps: Pick<ParkingServiceDeps, 'db' | 'tickets'>) {
  const { db } = deps;
  return {
    /**
     * Enforcement: whether a plate is covered now, and by what — today's paid daily tickets, and
     * the seasonal tickets, reserved bays, loading zones and PSV stickers in force (not revoked),
     * each with its zone (or place) and validity. Two indexed reads by plate.
     */
    async status(plateInput: string) {
      const plate = plateOrBadRequest(plateInput);
      const today = kenyaDate();
      const now = new Date();
      const [daily, covers, tickets] = await Promise.all([
        db
          .select()
          .from(parkingTickets)
          .where(
            and(
              eq(parkingTickets.plate, plate),
              eq(parkingTickets.day, today),
              eq(parkingTickets.status, 'paid'),
            ),
          )
          .orderBy(desc(parkingTickets.paidAt)),
        db
          .select({ cover: parkingCovers, number: documents.number })
          .from(parkingCoverPlates)
          .innerJoin(parkingCovers, eq(parkingCovers.documentId, parkingCoverPlates.documentId))
          .innerJoin(documents, eq(documents.id, parkingCoverPlates.documentId))
          .where(
            and(
              eq(parkingCoverPlates.plate, plate),
              gt(parkingCoverPlates.validUntil, now),
              lte(parkingCovers.validFrom, now),
              ne(documents.status, 'revoked'),
            ),
          )
          .orderBy(desc(parkingCoverPlates.validUntil)),
        deps.tickets ? deps.tickets.paidForPlate(plate) : [],
      ]);
      const by = [
        ...daily.map((r) => ({
          kind: 'daily' as const,
          ticket_id: r.id,
          zone_code: r.zoneCode as string | null,
          vehicle_type: r.vehicleType as string | null,
          place: null as string | null,
          valid_from: new Date(`${r.day}T00:00:00+03:00`).toISOString(),
          valid_until: endOfKenyanDay(r.day).toISOString(),
        })),
        ...covers.map(({ cover, number }) => ({
          kind: cover.kind,
          ticket_id: number,
          zone_code: cover.zoneCode,
          vehicle_type: null,
          place: cover.place,
          valid_from: cover.validFrom.toISOString(),
          valid_until: cover.validUntil.toISOString(),
        })),
      ];
      return { plate, covered: by.length > 0, by, tickets };
    },
  };
}

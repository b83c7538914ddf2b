import { VEHICLE_TYPES } from '@kaunti/catalogue/services/parking/daily-parking/definition';
import { eq } from 'drizzle-orm';
import { documents } from '../../core/documents/schema';
import { endOfKenyanDay, lastPaymentOf } from '../../core/tickets/ticket-common';
import { seedZoneOf } from './daily-parking-zones';
import type { ParkingServiceDeps, TicketRow } from './parking-types';
import { parkingZones } from './schema';

/** A zone's Kiswahili name, while the county's row still has the seed's English name. */
export const zoneNameSw = (zone: { code: string; name: string } | undefined) =>
  zone ? seedZoneOf(zone)?.name_sw : undefined;

export const typeLabel = (value: string) => VEHICLE_TYPES.find((t) => t.value === value)?.label ?? value;

/** How a daily ticket is shown: its zone, its document (once paid) and its payment's wait. */
export function createDailyTicketViews(deps: Pick<ParkingServiceDeps, 'db' | 'documents' | 'links'>) {
  const { db } = deps;

  async function view(row: TicketRow) {
    const [zone] = await db.select().from(parkingZones).where(eq(parkingZones.code, row.zoneCode));
    const [document] = row.documentId
      ? await db.select().from(documents).where(eq(documents.id, row.documentId))
      : [];
    return {
      ticket_id: row.id,
      // What it prints and E-Verify shows (a ticket paid before numbers of its own kept its id).
      ticket_no: document?.number ?? row.ticketNo,
      plate: row.plate,
      zone_code: row.zoneCode,
      zone_name: zone?.name ?? row.zoneCode,
      vehicle_type: row.vehicleType,
      vehicle_type_label: typeLabel(row.vehicleType),
      day: row.day,
      amount_cents: row.amountCents,
      status: row.status,
      bill_no: row.billNo,
      paid_at: row.paidAt ? row.paidAt.toISOString() : null,
      valid_until: endOfKenyanDay(row.day).toISOString(),
      short_code: document ? await deps.documents.shortCodeOf(document) : null,
      document: document ? deps.links.link(document) : null,
      revoked_at: document?.revokedAt ? document.revokedAt.toISOString() : null,
      payment: row.status === 'pending' ? await lastPaymentOf(db, row.billNo) : null,
    };
  }

  return { view };
}
export type DailyTicketViews = ReturnType<typeof createDailyTicketViews>;

import { composePrinted } from '@kaunti/catalogue/document-texts';
import { findDocumentTemplate } from '@kaunti/catalogue/registries/documents';
import { vehicleTypeLabelSw } from '@kaunti/catalogue/services/parking/vehicle-types';
import { formatDocumentDate } from '@kaunti/contract/dates';
import { eq } from 'drizzle-orm';
import { endOfKenyanDay, payingPhoneOf, sendTicketSms } from '../../core/tickets/ticket-common';
import { afterCommit } from '../../platform/db/shared-transaction';
import { typeLabel } from './daily-ticket-views';
import type { DailyTickets } from './daily-tickets';
import type { ParkingServiceDeps, TicketRow } from './parking-types';
import { parkingTickets, parkingZones } from './schema';

/**
 * What the county's other work does to a daily ticket, each in its transaction: its bill paid
 * issues the printable ticket (and sends its link to the phone that paid); its document revoked
 * revokes it.
 */
export function registerDailyTicketEvents(deps: ParkingServiceDeps, tickets: DailyTickets) {
  const { move } = tickets;
  const template = findDocumentTemplate('parking-ticket')!;

  // The county revoked a daily ticket's document: the ticket follows it (no longer covers the
  // plate, shows as revoked), in the revoking transaction; the day may be paid again.
  deps.documents.onRevoked(async (tx, document, actor, requestId) => {
    if (document.kind !== 'ticket') return;
    const [ticket] = await tx
      .select()
      .from(parkingTickets)
      .where(eq(parkingTickets.documentId, document.id))
      .for('update');
    if (ticket?.status !== 'paid') return;
    await move(tx, ticket, 'revoked', {}, { actor, data: { document_id: document.id }, requestId });
  });

  /** The SMS to the phone that paid: the ticket's link, so the visitor keeps their ticket. */
  function sendDailyTicketSms(phone: string, ticket: TicketRow, zoneName: string) {
    const message = `Parking paid: ${ticket.plate}, ${zoneName}, ${ticket.day}. Ticket ${ticket.ticketNo}: ${deps.publicUrl}/parking/${ticket.id}`;
    sendTicketSms(deps, phone, message, 'parking ticket');
  }

  // When the day's bill is paid (STK push or paybill), in the payment's transaction: the ticket
  // is paid and its printable ticket issued.
  deps.bills.onObligationPaid('parking-daily', async (tx, bill, requestId) => {
    const [ticket] = await tx
      .select()
      .from(parkingTickets)
      .where(eq(parkingTickets.billNo, bill.billNo))
      .for('update');
    if (ticket?.status !== 'pending') return;
    const [zone] = await tx.select().from(parkingZones).where(eq(parkingZones.code, ticket.zoneCode));
    const issuedAt = new Date();
    const expiresAt = endOfKenyanDay(ticket.day);
    const holder = `Vehicle ${ticket.plate}`;
    const values = {
      plate: ticket.plate,
      vehicle_type: typeLabel(ticket.vehicleType),
      zone: zone?.name ?? ticket.zoneCode,
    };
    const printed = composePrinted(
      template,
      {
        holder,
        number: ticket.ticketNo,
        county: (await deps.county.get(tx)).name,
        fee_cents: ticket.amountCents,
        issued_at: issuedAt,
        expires_at: expiresAt,
        values,
      },
      {
        values: {
          ...values,
          vehicle_type: vehicleTypeLabelSw(ticket.vehicleType) ?? values.vehicle_type,
        },
      },
    );
    const issued = await deps.documents.issue(
      {
        kind: 'ticket',
        number: ticket.ticketNo,
        holderName: holder,
        holderPublic: true,
        ownerUserId: ticket.userId,
        subject: ticket.billNo,
        amountCents: ticket.amountCents,
        facts: {
          description: `${template.title}: ${ticket.plate}, ${zone?.name ?? ticket.zoneCode}, ${formatDocumentDate(ticket.day)}`,
        },
        printed,
        issuedAt,
        expiresAt,
        actor: { type: 'system', id: 'parking' },
        ...(requestId ? { requestId } : {}),
      },
      tx,
    );
    await move(
      tx,
      ticket,
      'paid',
      { paidAt: issuedAt, documentId: issued.document.id },
      { actor: { type: 'system', id: 'parking' }, data: { bill_no: bill.billNo }, requestId },
    );
    // Whoever paid keeps the ticket: its link by SMS to the paying phone (a paybill payment's
    // phone may come masked: then none).
    const phone = await payingPhoneOf(tx, bill.id);
    if (phone) {
      const zoneName = zone?.name ?? ticket.zoneCode;
      afterCommit(tx, () => sendDailyTicketSms(phone, ticket, zoneName));
    }
  });
}

import { ticketPageOf } from '@kaunti/catalogue/catalogue-index';
import { composePrinted } from '@kaunti/catalogue/document-texts';
import { documentTemplateOf } from '@kaunti/catalogue/registries/documents';
import { eq } from 'drizzle-orm';
import { afterCommit } from '../../platform/db/shared-transaction';
import type { Actor } from '../audit/audit';
import { serviceTickets } from './schema';
import { payingPhoneOf, sendTicketSms } from './ticket-common';
import { fill, KIND } from './ticket-periods';
import type { TicketStore } from './ticket-store';
import type { TicketRow, TicketServiceDefinition, TicketServiceDeps } from './ticket-types';
import type { TicketViews } from './ticket-views';

/**
 * What the county's other work does to a service's ticket, each in its transaction: its bill paid
 * issues the ticket from the service's template (and sends its link to the phone that paid); its
 * document revoked revokes it.
 */
export function registerTicketEvents(deps: TicketServiceDeps, store: TicketStore, views: TicketViews) {
  const { move } = store;
  const { serviceOf, coversOf } = views;

  deps.documents.onRevoked(async (tx, document, actor, requestId) => {
    if (document.kind !== 'ticket') return;
    const [ticket] = await tx
      .select()
      .from(serviceTickets)
      .where(eq(serviceTickets.documentId, document.id))
      .for('update');
    if (ticket?.status !== 'paid') return;
    await move(tx, ticket, 'revoked', {}, { actor, data: { document_id: document.id }, requestId });
  });

  function sendServiceTicketSms(phone: string, service: TicketServiceDefinition, ticket: TicketRow) {
    const page = ticketPageOf(service.ticket.read_path).replace(':ticket_id', ticket.id);
    const message = `${service.title} paid. Ticket ${ticket.ticketNo}: ${deps.publicUrl}${page}`;
    sendTicketSms(deps, phone, message, 'ticket');
  }

  // The ticket's bill is paid (STK push or paybill), in the payment's transaction: the ticket is
  // paid and its printable ticket issued from the service's template.
  deps.bills.onObligationPaid(KIND, async (tx, bill, requestId) => {
    const [ticket] = await tx
      .select()
      .from(serviceTickets)
      .where(eq(serviceTickets.billNo, bill.billNo))
      .for('update');
    if (ticket?.status !== 'pending') return;
    const service = serviceOf(ticket.serviceId);
    const template = documentTemplateOf(service)!;
    const issuedAt = new Date();
    const holder = fill(service.ticket.holder, ticket.answers);
    const values = Object.fromEntries(coversOf(service, ticket).map((c) => [c.field, c.value]));
    const valuesSw = Object.fromEntries(coversOf(service, ticket, 'sw').map((c) => [c.field, c.value]));
    const actor: Actor = { type: 'system', id: 'tickets' };
    const printed = composePrinted(
      template,
      {
        holder,
        number: ticket.ticketNo,
        county: (await deps.county.get(tx)).name,
        fee_cents: ticket.amountCents,
        issued_at: issuedAt,
        expires_at: ticket.validUntil,
        values,
      },
      { values: valuesSw },
      service,
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
        facts: { description: `${template.title}: ${Object.values(values).join(', ')}, ${ticket.period}` },
        printed,
        issuedAt,
        expiresAt: ticket.validUntil,
        actor,
        ...(requestId ? { requestId } : {}),
      },
      tx,
    );
    await move(
      tx,
      ticket,
      'paid',
      { paidAt: issuedAt, documentId: issued.document.id },
      { actor, data: { bill_no: bill.billNo }, requestId },
    );
    const phone = await payingPhoneOf(tx, bill.id);
    if (phone) afterCommit(tx, () => sendServiceTicketSms(phone, service, ticket));
  });
}

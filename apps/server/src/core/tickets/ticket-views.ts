import { fieldsOf } from '@kaunti/catalogue/schema-builder';
import { localiseService } from '@kaunti/catalogue/service-texts';
import type { ServiceTicket } from '@kaunti/contract/api-tickets';
import { eq } from 'drizzle-orm';
import { documents } from '../documents/schema';
import { lastPaymentOf } from './ticket-common';
import { ticketServices } from './ticket-periods';
import type { TicketRow, TicketServiceDefinition, TicketServiceDeps } from './ticket-types';

/** The ticket services by id, what a ticket covers in words, and how a ticket is shown. */
export function createTicketViews(deps: Pick<TicketServiceDeps, 'db' | 'documents' | 'links' | 'services'>) {
  const { db } = deps;
  const byId = new Map(ticketServices(deps.services).map((s) => [s.id, s]));

  function serviceOf(id: string) {
    const service = byId.get(id);
    if (!service) throw new Error(`"${id}" is not a ticket service`);
    return service;
  }

  /** What the ticket is for, field by field (the phone left out), each value in words (in Kiswahili: `sw`). */
  function coversOf(
    service: TicketServiceDefinition,
    row: Pick<TicketRow, 'answers' | 'labels' | 'labelsSw'>,
    language: 'en' | 'sw' = 'en',
  ) {
    const shown = language === 'sw' ? localiseService(service, { own: service.texts?.sw }, 'sw') : service;
    const labels = language === 'sw' ? { ...row.labels, ...row.labelsSw } : row.labels;
    return fieldsOf(shown)
      .filter(
        (f) => f.name !== (service.ticket.phone_field ?? 'phone_number') && row.answers[f.name] !== undefined,
      )
      .map((f) => ({
        field: f.name,
        label: f.label,
        value: labels[f.name] ?? labelOfStatic(f, row.answers[f.name]),
      }));
  }

  async function view(row: TicketRow): Promise<ServiceTicket> {
    const service = serviceOf(row.serviceId);
    const [document] = row.documentId
      ? await db.select().from(documents).where(eq(documents.id, row.documentId))
      : [];
    return {
      ticket_id: row.id,
      ticket_no: document?.number ?? row.ticketNo,
      service_id: row.serviceId,
      status: row.status,
      covers: coversOf(service, row),
      values: row.answers,
      plate: row.plate,
      period: row.period,
      amount_cents: row.amountCents,
      bill_no: row.billNo,
      paid_at: row.paidAt ? row.paidAt.toISOString() : null,
      valid_until: row.validUntil.toISOString(),
      short_code: document ? await deps.documents.shortCodeOf(document) : null,
      document: document ? deps.links.link(document) : null,
      payment: row.status === 'pending' ? await lastPaymentOf(db, row.billNo) : null,
    };
  }

  return { byId, serviceOf, coversOf, view };
}
export type TicketViews = ReturnType<typeof createTicketViews>;

/** A static choice's label, else the value as typed. */
function labelOfStatic(field: ReturnType<typeof fieldsOf>[number], value: unknown): string {
  const options = field.options;
  if (options && 'static' in options) {
    const found = options.static.find((o) => o.value === value);
    if (found) return found.label;
  }
  return String(value ?? '');
}

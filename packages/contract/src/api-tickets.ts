import { z } from 'zod';
import { issuedDocumentLinkSchema } from './api-applications';

export const ticketPaymentSchema = z
  .object({
    status: z.enum(['pending', 'paid', 'failed', 'cancelled']),
    message: z
      .string()
      .nullable()
      .describe('Why it ended, in plain words (English; a failed or cancelled payment), else null.'),
    phone_hint: z.string().nullable().describe('The phone the prompt went to, masked.'),
    at: z.string().describe('When it last changed.'),
  })
  .meta({ id: 'TicketPayment' });
export type TicketPayment = z.infer<typeof ticketPaymentSchema>;

/**
 * Tickets bought with no account (workflow "ticket": market cess, public toilets): what a
 * service's submit path answers and what its read path shows to whoever holds the ticket's id.
 */
export const serviceTicketSchema = z
  .object({
    ticket_id: z.string().describe("The bearer's id: whoever holds it opens the ticket."),
    ticket_no: z
      .string()
      .describe('The number the ticket prints and E-Verify shows; it does not open the ticket.'),
    service_id: z.string(),
    status: z
      .enum(['pending', 'paid', 'revoked', 'cancelled'])
      .describe(
        'Revoked: the county revoked its ticket; cancelled: asked for again with other answers before any payment.',
      ),
    covers: z
      .array(z.object({ field: z.string(), label: z.string(), value: z.string() }))
      .describe('What it is for, field by field, each value in words (a market by its name).'),
    values: z.record(z.string(), z.unknown()).describe('The answers it was bought with, as codes.'),
    plate: z.string().nullable().describe("The vehicle's plate, where the service asks one."),
    period: z.string().describe('The day (YYYY-MM-DD) or month (YYYY-MM) it is for, in Kenya.'),
    amount_cents: z.int(),
    bill_no: z.string().describe('Pay it at the paybill with this number as the account, too.'),
    paid_at: z.string().nullable(),
    valid_until: z.string().describe('The end of its day or month (Kenya).'),
    short_code: z.string().nullable().describe('Its E-Verify code once paid: what to show the attendant.'),
    document: issuedDocumentLinkSchema.nullable().describe('The printable ticket, once paid.'),
    payment: ticketPaymentSchema
      .nullable()
      .describe("A pending ticket's latest M-Pesa prompt: pending, or how it ended (failed, cancelled)."),
  })
  .meta({ id: 'ServiceTicket' });
export type ServiceTicket = z.infer<typeof serviceTicketSchema>;

export const serviceTicketAnswerSchema = z
  .object({
    ticket_id: z.string(),
    bill_no: z.string(),
    amount_cents: z.int().describe('The amount in cents (integer).'),
    payment_id: z.string().nullable().describe('The M-Pesa prompt sent; null when it was already paid.'),
    already_paid: z.boolean().describe('True when the same thing was paid already: no second charge.'),
    ticket: serviceTicketSchema,
  })
  .meta({ id: 'ServiceTicketAnswer' });
export type ServiceTicketAnswer = z.infer<typeof serviceTicketAnswerSchema>;

export const serviceTicketParamsSchema = z.object({ ticket_id: z.string().max(20) });

/** A plate's tickets paid today of services other than parking (market cess), for the plate check. */
export const plateTicketSchema = z
  .object({
    service_id: z.string(),
    service_title: z.string(),
    ticket_no: z.string(),
    covers: z.string().describe('What it is for, in words.'),
    amount_cents: z.int(),
    paid_at: z.string(),
    valid_until: z.string(),
  })
  .meta({ id: 'PlateTicket' });
export type PlateTicket = z.infer<typeof plateTicketSchema>;

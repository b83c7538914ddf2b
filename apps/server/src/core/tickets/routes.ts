import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { applicationSchemaOf, exampleValuesOf } from '@kaunti/catalogue/schema-builder';
import {
  serviceTicketAnswerSchema,
  serviceTicketParamsSchema,
  serviceTicketSchema,
} from '@kaunti/contract/api-tickets';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pascalCase } from '../../platform/http/openapi';
import type { Guards } from '../accounts/guard';
import type { TicketService } from './ticket-service';

/** Paying at a gate: a few tries a minute are plenty; more is someone else's loop. */
const PAY_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
const READ_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/** `/api/public-toilets/{toilet_id}/pay` → Fastify's `/api/public-toilets/:toilet_id/pay` and its parameters. */
export function routePathOf(path: string): { url: string; params: string[] } {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return { url: path.replace(/\{(\w+)\}/g, ':$1'), params };
}

const tagOf = (service: ServiceDefinition) => (service.area === 'markets' ? 'markets' : 'tickets');

/**
 * The routes of every ticket service (workflow "ticket", decision 032), from its definition: its
 * submit path (a path parameter is the answer of the field it names: the toilet), its read path
 * and the read path's `/pay` (the prompt again). No account needed; a signed-in caller keeps the
 * bill on their account too.
 */
export function ticketRoutes(deps: { tickets: TicketService; guards: Guards }): FastifyPluginAsyncZod {
  return async (app) => {
    for (const service of deps.tickets.services()) {
      const tags = [tagOf(service)];
      const submit = routePathOf(service.submit.path!);
      const read = routePathOf(service.ticket.read_path);
      const example = exampleValuesOf(service);
      const bodySchema = applicationSchemaOf(service)
        .omit(Object.fromEntries(submit.params.map((p) => [p, true])) as Record<string, true>)
        .meta({
          examples: [Object.fromEntries(Object.entries(example).filter(([k]) => !submit.params.includes(k)))],
        });
      app.post(
        submit.url,
        {
          onRequest: deps.guards.optionalUser,
          config: { rateLimit: PAY_RATE_LIMIT },
          // Checked by the catalogue's definition (its own messages), documented by the schema.
          attachValidation: true,
          schema: {
            operationId: `pay${pascalCase(service.id)}`,
            tags,
            summary: `Pay for ${service.title} by M-Pesa (no account needed)`,
            description:
              `${service.description} Raises the bill of the thing paid for (one open bill for it), sends the ` +
              'M-Pesa prompt to the phone and answers the ticket. Paid already: its ticket (`already_paid`, no ' +
              'prompt, never charged twice). A bad answer is a 400 naming its field. A phone with a prompt still ' +
              'pending, or the same thing being paid at this moment, is a 409.',
            ...(submit.params.length > 0
              ? { params: z.object(Object.fromEntries(submit.params.map((p) => [p, z.string().max(40)]))) }
              : {}),
            body: bodySchema,
            response: {
              201: serviceTicketAnswerSchema,
              400: errorBodySchema,
              404: errorBodySchema,
              409: errorBodySchema,
              503: errorBodySchema,
            },
          },
        },
        async (request, reply) => {
          const body = (request.body ?? {}) as Record<string, unknown>;
          const params = (request.params ?? {}) as Record<string, string>;
          const answer = await deps.tickets.submit({
            serviceId: service.id,
            payload: typeof body === 'object' && !Array.isArray(body) ? { ...body, ...params } : body,
            userId: request.user?.id ?? null,
            requestId: request.id,
          });
          return reply.code(201).send({
            ticket_id: answer.ticket.ticket_id,
            bill_no: answer.ticket.bill_no,
            amount_cents: answer.ticket.amount_cents,
            payment_id: answer.payment_id,
            already_paid: answer.already_paid,
            ticket: answer.ticket,
          });
        },
      );
      app.get(
        read.url,
        {
          config: { rateLimit: READ_RATE_LIMIT },
          schema: {
            operationId: `get${pascalCase(service.id)}Ticket`,
            tags,
            summary: `A ${service.title} ticket by its id: pending or paid`,
            description:
              'Anyone holding the ticket id (the link the SMS carries) reads its status, what it covers and, once ' +
              'paid, its short code and printable ticket (QR code verified on E-Verify).',
            params: serviceTicketParamsSchema,
            response: { 200: serviceTicketSchema, 404: errorBodySchema },
          },
        },
        async (request) => deps.tickets.ticket(service.id, request.params.ticket_id),
      );
      app.post(
        `${read.url}/pay`,
        {
          config: { rateLimit: PAY_RATE_LIMIT },
          schema: {
            operationId: `pay${pascalCase(service.id)}Ticket`,
            tags,
            summary: `Send a pending ${service.title} ticket's M-Pesa prompt again (no account needed)`,
            description:
              'After a payment that failed or was cancelled: the prompt again, for the whole balance, to the phone ' +
              'given or else to the one the last prompt went to. A ticket not waiting for a payment is a 409.',
            params: serviceTicketParamsSchema,
            body: z
              .object({ phone_number: z.string().max(20).optional() })
              .meta({ id: 'TicketPayAgain' })
              .meta({ examples: [{ phone_number: '0712345678' }] }),
            response: {
              201: serviceTicketAnswerSchema,
              400: errorBodySchema,
              404: errorBodySchema,
              409: errorBodySchema,
              503: errorBodySchema,
            },
          },
        },
        async (request, reply) => {
          const answer = await deps.tickets.payAgain({
            serviceId: service.id,
            ticketId: request.params.ticket_id,
            phone: request.body?.phone_number,
            requestId: request.id,
          });
          return reply.code(201).send({
            ticket_id: answer.ticket.ticket_id,
            bill_no: answer.ticket.bill_no,
            amount_cents: answer.ticket.amount_cents,
            payment_id: answer.payment_id,
            already_paid: false,
            ticket: answer.ticket,
          });
        },
      );
    }
  };
}

import {
  dailyParkingRequestSchema,
  dailyParkingResponseSchema,
  parkingTicketParamsSchema,
  parkingTicketSchema,
  parkingZonesResponseSchema,
  ticketPayRequestSchema,
} from '@kaunti/contract/api-parking';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../core/accounts/guard';
import type { ApplicationComments } from '../../core/applications/comments';
import { answerLanguageOf } from '../../platform/http/accept-language';
import type { ParkingPermits } from './parking-permits';
import type { ParkingService } from './parking-service';
import type { ReservedParking } from './reserved-parking';

/** A motorist pays next to the car: a few tries a minute are plenty; more is someone else's loop. */
export const DAILY_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
export const READ_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/** A day's parking with no account: the zones and their fees, paying by M-Pesa, a ticket by its id, its prompt again. */
export function dailyParkingRoutes(deps: {
  parking: ParkingService;
  permits: ParkingPermits;
  reserved: ReservedParking;
  comments: ApplicationComments;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { parking } = deps;
    const tags = ['parking'];
    app.get(
      '/api/parking/zones',
      {
        config: { rateLimit: READ_RATE_LIMIT },
        schema: {
          operationId: 'listParkingZones',
          tags,
          summary: 'Parking zones and their daily fees by vehicle type',
          description:
            "The county's parking zones, each with the day's fee (integer cents) of every vehicle type. Names in Kiswahili with `Accept-Language: sw` (said in `Content-Language`).",
          response: { 200: parkingZonesResponseSchema },
        },
      },
      async (request, reply) => {
        const language = answerLanguageOf(request.headers['accept-language']);
        reply.header('content-language', language).header('vary', 'Accept-Language');
        return { data: await parking.zones(language) };
      },
    );
    app.post(
      '/api/parking/daily',
      {
        onRequest: deps.guards.optionalUser,
        config: { rateLimit: DAILY_RATE_LIMIT },
        // Checked by the catalogue's definition (its own messages), documented by the schema.
        attachValidation: true,
        schema: {
          operationId: 'payDailyParking',
          tags,
          summary: "Pay a day's parking by M-Pesa (no account needed)",
          description:
            "Raises the day's parking bill of a plate in a zone (one per plate, zone and day), sends the M-Pesa prompt to the phone and answers the ticket. A day already paid answers its ticket (`already_paid`, no prompt); a pending one is prompted for again. A bad plate answers 400 naming the plate field and the expected form. Signed in, the ticket is kept with the account too.",
          body: dailyParkingRequestSchema,
          response: {
            201: dailyParkingResponseSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const answer = await parking.daily({
          payload: request.body,
          userId: request.user?.id ?? null,
          requestId: request.id,
        });
        return reply.code(201).send({
          ticket_id: answer.ticket.ticket_id,
          bill_no: answer.ticket.bill_no,
          amount: answer.ticket.amount_cents,
          payment_id: answer.payment_id,
          already_paid: answer.already_paid,
          ticket: answer.ticket,
        });
      },
    );
    app.get(
      '/api/parking/tickets/:ticket_id',
      {
        config: { rateLimit: READ_RATE_LIMIT },
        schema: {
          operationId: 'getParkingTicket',
          tags,
          summary: 'A parking ticket by its id: pending or paid',
          description:
            'Anyone holding the ticket id (the link the SMS receipt carries) reads its status and details.',
          params: parkingTicketParamsSchema,
          response: { 200: parkingTicketSchema, 404: errorBodySchema },
        },
      },
      async (request) => parking.ticket(request.params.ticket_id),
    );
    app.post(
      '/api/parking/tickets/:ticket_id/pay',
      {
        config: { rateLimit: DAILY_RATE_LIMIT },
        schema: {
          operationId: 'payParkingTicket',
          tags,
          summary: "Send a pending ticket's M-Pesa prompt again (no account needed)",
          description:
            'After a payment that failed or was cancelled: the prompt again, for the whole balance, to the phone given or else to the one the last prompt went to. A ticket not waiting for a payment (paid, revoked) is a 409; a phone with a prompt still pending is a 409.',
          params: parkingTicketParamsSchema,
          body: ticketPayRequestSchema,
          response: {
            201: dailyParkingResponseSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const answer = await parking.payAgain({
          ticketId: request.params.ticket_id,
          phone: request.body.phone_number,
          requestId: request.id,
        });
        return reply.code(201).send({
          ticket_id: answer.ticket.ticket_id,
          bill_no: answer.ticket.bill_no,
          amount: answer.ticket.amount_cents,
          payment_id: answer.payment_id,
          already_paid: false,
          ticket: answer.ticket,
        });
      },
    );
  };
}

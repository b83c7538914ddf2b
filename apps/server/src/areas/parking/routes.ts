import {
  addCommentRequestSchema,
  applicationParamsSchema,
  applicationSubmittedSchema,
} from '@kaunti/contract/api-applications';
import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  addVehicleRequestSchema,
  dailyParkingRequestSchema,
  dailyParkingResponseSchema,
  loadingZoneTypesResponseSchema,
  myParkingPermitsResponseSchema,
  parkingBuildingsQuerySchema,
  parkingBuildingsResponseSchema,
  parkingPermitParamsSchema,
  parkingRoadsResponseSchema,
  parkingStatusQuerySchema,
  parkingStatusSchema,
  parkingTicketParamsSchema,
  parkingTicketSchema,
  parkingZonesResponseSchema,
  reservedParkingApplicationsSchema,
  reservedParkingCommentsSchema,
  ticketPayRequestSchema,
  vehicleParamsSchema,
  vehicleSchema,
  vehiclesResponseSchema,
} from '@kaunti/contract/api-parking';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import type { ApplicationComments } from '../../core/applications/comments';
import { answerLanguageOf } from '../../platform/http/accept-language';
import type { ParkingPermits } from './parking-permits';
import type { ParkingService } from './parking-service';
import type { ReservedParking } from './reserved-parking';

/** A motorist pays next to the car: a few tries a minute are plenty; more is someone else's loop. */
const DAILY_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
const READ_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/**
 * Parking's API: the zones and their fees, a day's parking paid by M-Pesa with no account
 * (`POST /api/parking/daily`), a ticket by its id, and the enforcement officers' plate check.
 */
export function parkingRoutes(deps: {
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
    const security = [{ bearer: [] }];
    app.get(
      '/api/parking/vehicles',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'listVehicles',
          tags,
          security,
          summary: "The caller's vehicles (my vehicles)",
          description: 'The vehicles the caller keeps, by plate: picked on the daily parking form.',
          response: { 200: vehiclesResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await parking.myVehicles(currentUser(request).id) }),
    );
    app.post(
      '/api/parking/vehicles',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'addVehicle',
          tags,
          security,
          summary: 'Adds a vehicle to my vehicles',
          description:
            'A Kenyan plate (spaces and case ignored) and a vehicle type the county charges by; a plate already in the list is a 409.',
          body: addVehicleRequestSchema,
          response: { 201: vehicleSchema, 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await parking.addVehicle(currentUser(request).id, request.body)),
    );
    app.delete(
      '/api/parking/vehicles/:id',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'removeVehicle',
          tags,
          security,
          summary: 'Removes one of my vehicles',
          description: "Another account's vehicle answers 404, as an unknown one does.",
          params: vehicleParamsSchema,
          response: {
            200: z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'VehicleRemoved' }),
            401: errorBodySchema,
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        await parking.removeVehicle(currentUser(request).id, request.params.id);
        return reply.send({ id: request.params.id, deleted: true as const });
      },
    );
    app.get(
      '/api/parking/status',
      {
        onRequest: deps.guards.can('parking.check'),
        // An enforcement officer's plate check reads what a motorist holds: audited.
        config: {
          audit: {
            entityType: 'plate',
            entityId: (request) => String((request.query as { plate?: string }).plate ?? '').toUpperCase(),
            answered: 'plate.checked',
          },
        },
        schema: {
          operationId: 'checkParkingStatus',
          tags,
          security: [{ bearer: [] }],
          summary: 'Enforcement: is this plate covered now, and by what',
          description:
            "County enforcement officers only: whether the plate is covered now, and by what: today's daily tickets, seasonal tickets, reserved bays, loading zones and PSV stickers in force, each with its zone or place and validity.",
          querystring: parkingStatusQuerySchema,
          response: { 200: parkingStatusSchema, 400: errorBodySchema },
        },
      },
      async (request) => parking.status(request.query.plate),
    );
    app.get(
      '/api/parking/roads',
      {
        config: { rateLimit: READ_RATE_LIMIT },
        schema: {
          operationId: 'listParkingRoads',
          tags,
          summary: 'Roads where bays are reserved and loading zones marked',
          description:
            'Each road with its code and the parking zone it is in (a reserved bay is priced by its zone).',
          response: { 200: parkingRoadsResponseSchema },
        },
      },
      async () => ({ data: await deps.permits.roads() }),
    );
    app.get(
      '/api/parking/buildings',
      {
        config: { rateLimit: READ_RATE_LIMIT },
        schema: {
          operationId: 'listParkingBuildings',
          tags,
          summary: 'The buildings on a road (`road_code`), or every one',
          description:
            'The buildings in front of which bays are reserved and loading zones marked, with their road.',
          querystring: parkingBuildingsQuerySchema,
          response: { 200: parkingBuildingsResponseSchema },
        },
      },
      async (request) => ({ data: await deps.permits.buildings(request.query.road_code) }),
    );
    app.get(
      '/api/parking/loading-zone-types',
      {
        config: { rateLimit: READ_RATE_LIMIT },
        schema: {
          operationId: 'listLoadingZoneTypes',
          tags,
          summary: 'Loading zone types and their yearly fee',
          description:
            'The kinds of loading zone the county marks, each with its yearly fee in integer cents.',
          response: { 200: loadingZoneTypesResponseSchema },
        },
      },
      async () => ({ data: await deps.permits.loadingZoneTypes() }),
    );
    app.get(
      '/api/parking/permits',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'listParkingPermits',
          tags,
          security,
          summary: 'My parking documents: seasonal tickets, reserved bays, loading zones, PSV stickers',
          description:
            'Each with its plates, zone or place, validity, state and whether it may be renewed now (from 7 days before it ends); ' +
            'latest end first, `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: myParkingPermitsResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => deps.permits.mine(currentUser(request).id, request.query),
    );
    app.post(
      '/api/parking/permits/:document_id/renew',
      {
        onRequest: deps.guards.requireUser,
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          operationId: 'renewParkingPermit',
          tags,
          security,
          summary: 'Renew a seasonal ticket, reserved bay or loading zone with the same answers',
          description:
            "A new application of the same service with the same answers, checked and priced again; paying its bill issues the new one. Before the renewal window (7 days before it ends): 409 naming the day. Another account's permit: 404.",
          params: parkingPermitParamsSchema,
          response: {
            201: applicationSubmittedSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await deps.permits.renew(currentUser(request).id, request.params.document_id, request.id)),
    );
    app.get(
      '/api/parking/reserved',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'listReservedParking',
          tags,
          security,
          summary: 'My reserved parking applications (`reservedparkingapplication`)',
          description:
            'Each application with its place, bays, period, plates, status, bill and how many comments it has. ' +
            'Newest first: `limit` of them (default 50) in `reservedparkingapplication`, then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: reservedParkingApplicationsSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => deps.reserved.mine(currentUser(request).id, request.query),
    );
    app.get(
      '/api/parking/reserved/:application_no/comments',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'listReservedParkingComments',
          tags,
          security,
          summary: 'The comments on one of my reserved parking applications (`ReservedParkingComments`)',
          description: "Oldest first. Another account's application answers 404.",
          params: applicationParamsSchema,
          response: { 200: reservedParkingCommentsSchema, 401: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => ({
        ReservedParkingComments: await deps.comments.forApplicant(
          currentUser(request).id,
          request.params.application_no,
          'reserved-parking',
        ),
      }),
    );
    app.post(
      '/api/parking/reserved/:application_no/comments',
      {
        onRequest: deps.guards.requireUser,
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          operationId: 'addReservedParkingComment',
          tags,
          security,
          summary: 'Write a comment on one of my reserved parking applications to the officers',
          description:
            'Up to 1,000 characters while the application is open (else 409). Answers the whole conversation, oldest first.',
          params: applicationParamsSchema,
          body: addCommentRequestSchema,
          response: {
            201: reservedParkingCommentsSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const { application_no } = request.params;
        await deps.comments.addByApplicant(userId, application_no, request.body.body, {
          serviceId: 'reserved-parking',
          requestId: request.id,
        });
        return reply.code(201).send({
          ReservedParkingComments: await deps.comments.forApplicant(
            userId,
            application_no,
            'reserved-parking',
          ),
        });
      },
    );
  };
}

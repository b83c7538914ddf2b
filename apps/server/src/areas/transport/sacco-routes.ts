import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  addSaccoVehicleRequestSchema,
  matatuChangeTypesResponseSchema,
  registerSaccoRequestSchema,
  saccoParamsSchema,
  saccoSummarySchema,
  saccosResponseSchema,
  saccoVehicleLookupQuerySchema,
  saccoVehicleLookupSchema,
  saccoVehicleParamsSchema,
  saccoVehicleSchema,
  saccoVehiclesResponseSchema,
  stickerBillRequestSchema,
  stickerBillResponseSchema,
} from '@kaunti/contract/api-saccos';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import type { MatatuChanges } from './matatu-changes';
import type { SaccoService } from './saccos';

/** A manager keeping a fleet adds a few vehicles a minute; more is someone else's loop. */
const WRITE_RATE_LIMIT = {
  max: 30,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
} as const;

/**
 * Transport Saccos' API (signed in, with PSV activated — else 403 saying to activate it): the
 * caller's Saccos with their summaries, their vehicles and "old numbers", and the annual PSV
 * stickers of many vehicles in one bill, paid with `POST /api/payments/mpesa/stk-push`.
 */
export function saccoRoutes(deps: {
  saccos: SaccoService;
  changes: MatatuChanges;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { saccos } = deps;
    const tags = ['saccos'];
    const security = [{ bearer: [] }];
    const onRequest = deps.guards.requireUser;
    const denied = { 401: errorBodySchema, 403: errorBodySchema };

    app.get(
      '/api/saccos/matatu-change-types',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          operationId: 'listMatatuChangeTypes',
          tags,
          summary: 'Matatu change types and their fees',
          description:
            "The changes to a matatu the county records (`route`, `sacco`, `owner`), each with its fee in integer cents: what the matatu change application's `change_type` takes.",
          response: { 200: matatuChangeTypesResponseSchema },
        },
      },
      async () => ({ data: await deps.changes.changeTypes() }),
    );
    app.get(
      '/api/saccos',
      {
        onRequest,
        schema: {
          operationId: 'listSaccos',
          tags,
          security,
          summary: 'My transport Saccos, each with its summary, newest first, a page at a time',
          description:
            "The Saccos the caller manages, each with this year's figures: active vehicles, stickers paid, billed and due, and what the due ones cost (cents). 403 without PSV activation. " +
            'Newest registered first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: saccosResponseSchema, 400: errorBodySchema, ...denied },
        },
      },
      async (request) => saccos.mine(currentUser(request).id, request.query),
    );
    app.post(
      '/api/saccos',
      {
        onRequest,
        config: { rateLimit: WRITE_RATE_LIMIT },
        schema: {
          operationId: 'registerSacco',
          tags,
          security,
          summary: 'Registers a transport Sacco',
          description:
            'Name, registration number (CS/12345), phone and e-mail; the caller becomes its manager. A registration number already on the portal is a 409.',
          body: registerSaccoRequestSchema,
          response: { 201: saccoSummarySchema, 400: errorBodySchema, ...denied, 409: errorBodySchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await saccos.register(currentUser(request).id, request.body, request.id)),
    );
    app.get(
      '/api/saccos/vehicles/lookup',
      {
        onRequest,
        schema: {
          operationId: 'lookUpSaccoVehicle',
          tags,
          security,
          summary: 'Finds a vehicle of my Saccos by plate or old number',
          description:
            'A plate the vehicle carries now, or the one it carried before it was re-registered ("old numbers"). Vehicles of other managers answer 404.',
          querystring: saccoVehicleLookupQuerySchema,
          response: { 200: saccoVehicleLookupSchema, 400: errorBodySchema, ...denied, 404: errorBodySchema },
        },
      },
      async (request) => saccos.lookup(currentUser(request).id, request.query.plate),
    );
    app.get(
      '/api/saccos/:sacco_id/vehicles',
      {
        onRequest,
        schema: {
          operationId: 'listSaccoVehicles',
          tags,
          security,
          summary: "A Sacco's vehicles with their sticker state",
          description:
            "One of the caller's Saccos (another's answers 404) and its active vehicles, each with this year's PSV sticker: due (with its price by seats), pending (billed) or paid (with its printable sticker).",
          params: saccoParamsSchema,
          response: { 200: saccoVehiclesResponseSchema, ...denied, 404: errorBodySchema },
        },
      },
      async (request) => saccos.vehicles(currentUser(request).id, request.params.sacco_id),
    );
    app.post(
      '/api/saccos/:sacco_id/vehicles',
      {
        onRequest,
        config: { rateLimit: WRITE_RATE_LIMIT },
        schema: {
          operationId: 'addSaccoVehicle',
          tags,
          security,
          summary: 'Adds a vehicle to my Sacco',
          description:
            'A Kenyan plate (spaces and case ignored), seats (1–90), route, owner, owner phone and old number (both optional). A bad field is a 400 naming it; a plate in another Sacco is a 409.',
          params: saccoParamsSchema,
          body: addSaccoVehicleRequestSchema,
          response: {
            201: saccoVehicleSchema,
            400: errorBodySchema,
            ...denied,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await saccos.addVehicle(
              currentUser(request).id,
              request.params.sacco_id,
              request.body,
              request.id,
            ),
          ),
    );
    app.delete(
      '/api/saccos/:sacco_id/vehicles/:vehicle_id',
      {
        onRequest,
        config: { rateLimit: WRITE_RATE_LIMIT },
        schema: {
          operationId: 'removeSaccoVehicle',
          tags,
          security,
          summary: 'Removes a vehicle from my Sacco',
          description:
            'The vehicle leaves the fleet (its stickers and documents stay). Another manager’s vehicle answers 404.',
          params: saccoVehicleParamsSchema,
          response: {
            200: z.object({ id: z.string(), removed: z.literal(true) }).meta({ id: 'SaccoVehicleRemoved' }),
            ...denied,
            404: errorBodySchema,
          },
        },
      },
      async (request) => {
        await saccos.removeVehicle(
          currentUser(request).id,
          request.params.sacco_id,
          request.params.vehicle_id,
          request.id,
        );
        return { id: request.params.vehicle_id, removed: true as const };
      },
    );
    app.post(
      '/api/saccos/:sacco_id/stickers',
      {
        onRequest,
        config: { rateLimit: WRITE_RATE_LIMIT },
        schema: {
          operationId: 'buyPsvStickers',
          tags,
          security,
          summary: "Bills this year's PSV stickers of several vehicles in one bill",
          description:
            "One bill with a line per vehicle, priced by its seats from the county's sticker bands. A vehicle whose sticker for the year is already billed or paid is a 409 naming its plate. Pay the bill with POST /api/payments/mpesa/stk-push: once paid, each vehicle's sticker is issued.",
          params: saccoParamsSchema,
          body: stickerBillRequestSchema,
          response: {
            201: stickerBillResponseSchema,
            400: errorBodySchema,
            ...denied,
            404: errorBodySchema,
            409: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await saccos.billStickers(
              currentUser(request).id,
              request.params.sacco_id,
              request.body.vehicle_ids,
              request.id,
            ),
          ),
    );
  };
}

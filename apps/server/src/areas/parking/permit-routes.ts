import { applicationSubmittedSchema } from '@kaunti/contract/api-applications';
import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  loadingZoneTypesResponseSchema,
  myParkingPermitsResponseSchema,
  parkingBuildingsQuerySchema,
  parkingBuildingsResponseSchema,
  parkingPermitParamsSchema,
  parkingRoadsResponseSchema,
} from '@kaunti/contract/api-parking';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import type { ApplicationComments } from '../../core/applications/comments';
import { READ_RATE_LIMIT } from './daily-parking-routes';
import type { ParkingPermits } from './parking-permits';
import type { ParkingService } from './parking-service';
import type { ReservedParking } from './reserved-parking';

/** Seasonal tickets, reserved bays and loading zones: the roads, buildings and zone types they name, and the motorist's permits with their renewal. */
export function permitRoutes(deps: {
  parking: ParkingService;
  permits: ParkingPermits;
  reserved: ReservedParking;
  comments: ApplicationComments;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['parking'];
    const security = [{ bearer: [] }];
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
  };
}

import {
  addVehicleRequestSchema,
  vehicleParamsSchema,
  vehicleSchema,
  vehiclesResponseSchema,
} from '@kaunti/contract/api-parking';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import type { ApplicationComments } from '../../core/applications/comments';
import type { ParkingPermits } from './parking-permits';
import type { ParkingService } from './parking-service';
import type { ReservedParking } from './reserved-parking';

/** The signed-in motorist's vehicles. */
export function vehicleRoutes(deps: {
  parking: ParkingService;
  permits: ParkingPermits;
  reserved: ReservedParking;
  comments: ApplicationComments;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { parking } = deps;
    const tags = ['parking'];
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
  };
}

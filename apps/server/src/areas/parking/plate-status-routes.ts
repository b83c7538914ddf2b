import { parkingStatusQuerySchema, parkingStatusSchema } from '@kaunti/contract/api-parking';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../core/accounts/guard';
import type { ApplicationComments } from '../../core/applications/comments';
import type { ParkingPermits } from './parking-permits';
import type { ParkingService } from './parking-service';
import type { ReservedParking } from './reserved-parking';

/** Enforcement: the officers' plate check (audited). */
export function plateStatusRoutes(deps: {
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
  };
}

import { addCommentRequestSchema, applicationParamsSchema } from '@kaunti/contract/api-applications';
import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  reservedParkingApplicationsSchema,
  reservedParkingCommentsSchema,
} from '@kaunti/contract/api-parking';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import type { ApplicationComments } from '../../core/applications/comments';
import type { ParkingPermits } from './parking-permits';
import type { ParkingService } from './parking-service';
import type { ReservedParking } from './reserved-parking';

/** The motorist's reserved parking applications and their comments. */
export function reservedParkingRoutes(deps: {
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

import {
  linkParcelRequestSchema,
  linkParcelResponseSchema,
  parcelClaimRecordedSchema,
} from '@kaunti/contract/api-land';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/accounts/guard';
import { errors } from './land-reference-routes';
import type { LandRouteDeps } from './land-route-deps';

/** Linking a parcel to the caller's account (a claim when the register names another owner). */
export function parcelLinkRoutes(deps: LandRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { land } = deps;
    const onRequest = deps.guards.requireUser;
    const security = [{ bearer: [] }];
    const tags = ['land'];
    // Parcels and rates ------------------------------------------------------------------------
    app.post(
      '/api/lands/land_r/LinkLandParceltoCustomer',
      {
        onRequest,
        config: {
          rateLimit: {
            max: 30,
            timeWindow: '10 minutes',
            keyGenerator: (request) => request.user?.id ?? request.ip,
          },
        },
        schema: {
          operationId: 'linkParcel',
          tags,
          security,
          summary: 'Link a parcel to your account (after parcel validation)',
          description:
            "Links the parcel when your ID number or KRA PIN is its registered owner's: `{ success: true, message, " +
            'parcel }`. Otherwise the request becomes an ownership claim that county lands staff decide: 202 ' +
            '`{ success: false, message, claim }`. 404 for an unknown parcel, 409 for one already linked to yours.',
          body: linkParcelRequestSchema,
          response: {
            200: linkParcelResponseSchema,
            202: parcelClaimRecordedSchema,
            ...errors,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const outcome = await land.link(currentUser(request).id, request.body.lr_number, request.id);
        return reply.status(outcome.status).send(outcome.body);
      },
    );
  };
}

import { applicationSubmittedSchema } from '@kaunti/contract/api-applications';
import { pageQuerySchema } from '@kaunti/contract/api-bills';
import { myPermitsResponseSchema, permitParamsSchema } from '@kaunti/contract/api-business';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../accounts/guard';
import type { Renewals } from './renewals';

/**
 * /permits' API (decision 040): the caller's renewable documents — a business's permits and an
 * account's licences — and their renewal. Listed under the business tag, where the permits
 * have always been documented.
 */
export function renewalRoutes(deps: { renewals: Renewals; guards: Guards }): FastifyPluginAsyncZod {
  return async (app) => {
    const { renewals } = deps;
    const tags = ['business'];
    const security = [{ bearer: [] }];
    const onRequest = deps.guards.requireUser;

    app.get(
      '/api/permits',
      {
        onRequest,
        schema: {
          operationId: 'listPermits',
          tags,
          security,
          summary: "The caller's permits, licences and certificates, newest expiry first, a page at a time",
          description:
            'Every permit and certificate of the businesses the caller holds, and every licence the caller holds that the county renews yearly (a dog, fish trading, liquor… licence): active, expiring within 30 days, expired, revoked or renewed, with its printable links, its E-Verify code and whether it may be renewed now. ' +
            'Newest expiry first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: myPermitsResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => renewals.page(currentUser(request).id, request.query),
    );
    app.post(
      '/api/permits/:document_id/renewal',
      {
        onRequest,
        schema: {
          operationId: 'renewPermit',
          tags,
          security,
          summary: "Renews one of the caller's permits or licences",
          description:
            "A new application of the same service with last year's answers, checked and priced again (a business permit with the late renewal penalty after the expiry); paying its bill issues the new permit or licence. Allowed from 30 days before the expiry; before that, for a revoked or already renewed one, or while its renewal waits for payment or review, 409. Another account's, or an unknown one: 404.",
          params: permitParamsSchema,
          response: {
            201: applicationSubmittedSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const submitted = await renewals.renew(
          currentUser(request).id,
          request.params.document_id,
          request.id,
        );
        return reply.code(201).send(submitted);
      },
    );
  };
}

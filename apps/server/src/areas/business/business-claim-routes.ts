import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  businessClaimDecisionSchema,
  businessClaimParamsSchema,
  businessClaimRecordedSchema,
  businessClaimRequestSchema,
  businessClaimSchema,
  businessClaimsResponseSchema,
  staffBusinessClaimsQuerySchema,
  staffBusinessClaimsResponseSchema,
} from '@kaunti/contract/api-business';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import { officerOfArea } from '../../core/staff/officer-service';
import { TAKEOVER_RATE_LIMIT } from './business-holding-routes';
import type { BusinessService } from './business-service';
import type { Permits } from './permits';

/** Business claims are the business area's: an officer of another area may not read or decide them. */
const businessOfficer = (request: FastifyRequest) =>
  officerOfArea(request, 'business', 'Business claims are decided by business officers.');

/** Claims of a business: the caller's, and the business officers' review and decision. */
export function businessClaimRoutes(deps: {
  business: BusinessService;
  permits: Permits;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { business } = deps;
    const tags = ['business'];
    const security = [{ bearer: [] }];
    const onRequest = deps.guards.requireUser;
    app.post(
      '/api/businesses/claims',
      {
        onRequest,
        config: { rateLimit: TAKEOVER_RATE_LIMIT },
        schema: {
          operationId: 'claimBusiness',
          tags,
          security,
          summary: 'Claims to act for a business another account acts for',
          description:
            "For a KRA PIN another account holds (or a register business with no phone number): a claim that county business officers decide (two of them to hand the business over). 202 with the claim (the same open one if asked again). Unknown PIN: 404, as the lookup answers; the caller's own, a register business to take over with a code, or one nobody holds yet (apply for its permit): 409 saying so.",
          body: businessClaimRequestSchema,
          response: {
            202: businessClaimRecordedSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .code(202)
          .send(await business.claims.file(currentUser(request).id, request.body.kra_pin, request.id)),
    );
    app.get(
      '/api/businesses/claims',
      {
        onRequest,
        schema: {
          operationId: 'listBusinessClaims',
          tags,
          security,
          summary: "The caller's claims to act for a business, and their decisions, a page at a time",
          description:
            "The caller's business claims, newest first, with the county's decision and reason: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).",
          querystring: pageQuerySchema,
          response: { 200: businessClaimsResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => business.claims.mine(currentUser(request).id, request.query),
    );
    app.get(
      '/api/staff/business-claims',
      {
        onRequest: deps.guards.can('claims.decide'),
        // Claimants' names and identifiers (core/staff/audited-routes.ts).
        config: {
          audit: {
            entityType: 'business_claims',
            entityId: () => 'list',
            answered: 'business_claims.viewed',
          },
        },
        schema: {
          operationId: 'listStaffBusinessClaims',
          tags: ['staff'],
          security,
          summary: 'Claims to act for a business, oldest first (county business officers)',
          description:
            'County business officers: claims waiting for a decision (pending, and recommended by one officer for a second to decide), oldest first, with the claimant, whether the register knows the business and who acts for it now. An officer without the business area: 403. ' +
            'Oldest first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: staffBusinessClaimsQuerySchema,
          response: {
            200: staffBusinessClaimsResponseSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
          },
        },
      },
      async (request) => {
        businessOfficer(request);
        const { status, ...page } = request.query;
        return business.claims.staffList(status, page);
      },
    );
    app.post(
      '/api/staff/business-claims/:id/decision',
      {
        onRequest: deps.guards.can('claims.decide'),
        config: {
          audit: {
            entityType: 'business_claim',
            entityId: (request) => String((request.params as { id?: string }).id),
            refused: 'decision.refused',
            data: (request) => ({ decision: (request.body as { decision?: unknown } | undefined)?.decision }),
          },
        },
        schema: {
          operationId: 'decideBusinessClaim',
          tags: ['staff'],
          security,
          summary: 'Accept (hand the business to the claimant) or reject a business claim, with a reason',
          description:
            "Accepting hands a business over, so it takes two officers: the first `accepted` recommends it (status `recommended`), another officer's `accepted` makes the claimant the business's holder; either may reject it. One's own claim, accepting what one recommended, or an officer without the business area: 403. A claim already decided: 409.",
          params: businessClaimParamsSchema,
          body: businessClaimDecisionSchema,
          response: {
            200: businessClaimSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) =>
        business.claims.decide(
          request.params.id,
          request.body.decision,
          request.body.reason,
          businessOfficer(request).userId,
          request.id,
        ),
    );
  };
}

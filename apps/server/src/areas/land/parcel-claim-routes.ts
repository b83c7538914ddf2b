import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  parcelClaimDecisionSchema,
  parcelClaimParamsSchema,
  parcelClaimSchema,
  parcelClaimsResponseSchema,
  staffParcelClaimsQuerySchema,
  staffParcelClaimsResponseSchema,
} from '@kaunti/contract/api-land';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/accounts/guard';
import { officerOfArea } from '../../core/staff/officer-service';
import { errors } from './land-reference-routes';
import type { LandRouteDeps } from './land-route-deps';

/** Parcel claims are the land area's: an officer of another area may not read or decide them. */
const landOfficer = (request: FastifyRequest) =>
  officerOfArea(request, 'land', 'Parcel claims are decided by land officers.');

/** Parcel claims: the caller's, and the land officers' review and decision. */
export function parcelClaimRoutes(deps: LandRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { land } = deps;
    const onRequest = deps.guards.requireUser;
    const security = [{ bearer: [] }];
    const tags = ['land'];
    app.get(
      '/api/lands/parcel_claims',
      {
        onRequest,
        schema: {
          operationId: 'listParcelClaims',
          tags,
          security,
          summary:
            'Your parcel ownership claims and their decisions, newest first, a page at a time (not in the spec)',
          description:
            "The caller's parcel ownership claims (made when linking a parcel registered to someone else) and the county's decisions. " +
            'Newest first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: parcelClaimsResponseSchema, ...errors },
        },
      },
      async (request) => land.myClaims(currentUser(request).id, request.query),
    );
    app.get(
      '/api/staff/parcel-claims',
      {
        onRequest: deps.guards.can('claims.decide'),
        // Claimants' names and identifiers (core/staff/audited-routes.ts).
        config: {
          audit: { entityType: 'parcel_claims', entityId: () => 'list', answered: 'parcel_claims.viewed' },
        },
        schema: {
          operationId: 'listStaffParcelClaims',
          tags: ['staff'],
          security,
          summary: 'Parcel ownership claims to decide, oldest first (county land officers)',
          description:
            'County land officers: ownership claims waiting for a decision (pending, and recommended by one officer for a second to decide), oldest first. An officer without the land area: 403. ' +
            'Oldest first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: staffParcelClaimsQuerySchema,
          response: { 200: staffParcelClaimsResponseSchema, ...errors, 403: errorBodySchema },
        },
      },
      async (request) => {
        landOfficer(request);
        const { status, ...page } = request.query;
        return land.staffClaims(status, page);
      },
    );
    app.post(
      '/api/staff/parcel-claims/:id/decision',
      {
        onRequest: deps.guards.can('claims.decide'),
        config: {
          audit: {
            entityType: 'parcel_claim',
            entityId: (request) => String((request.params as { id?: string }).id),
            refused: 'decision.refused',
            data: (request) => ({ decision: (request.body as { decision?: unknown } | undefined)?.decision }),
          },
        },
        schema: {
          operationId: 'decideParcelClaim',
          tags: ['staff'],
          security,
          summary:
            'Accept (link the parcel to the claimant) or reject an ownership claim, with a reason (county staff)',
          description:
            "County land officers decide a claim with a reason the claimant sees. Accepting hands the parcel over, so it takes two officers: the first `accepted` recommends it (status `recommended`), another officer's `accepted` links the parcel to the claimant; either may reject it. The recommending officer accepting it too, or an officer without the land area: 403. A claim already decided is a 409.",
          params: parcelClaimParamsSchema,
          body: parcelClaimDecisionSchema,
          response: {
            200: parcelClaimSchema,
            ...errors,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) =>
        land.decideClaim(
          request.params.id,
          request.body.decision,
          request.body.reason,
          landOfficer(request).userId,
          request.id,
        ),
    );
  };
}

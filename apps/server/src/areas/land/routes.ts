import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  consultantsQuerySchema,
  consultantsResponseSchema,
  currentBillRequestSchema,
  currentBillResponseSchema,
  groundRentServiceTypesResponseSchema,
  groundRentZonesQuerySchema,
  groundRentZonesResponseSchema,
  landReasonsResponseSchema,
  landServicesResponseSchema,
  landUsesRequestSchema,
  landUsesResponseSchema,
  linkParcelRequestSchema,
  linkParcelResponseSchema,
  parcelClaimDecisionSchema,
  parcelClaimParamsSchema,
  parcelClaimRecordedSchema,
  parcelClaimSchema,
  parcelClaimsResponseSchema,
  parcelQuerySchema,
  parcelSchema,
  parcelsResponseSchema,
  staffParcelClaimsQuerySchema,
  staffParcelClaimsResponseSchema,
  surveyServiceTypesQuerySchema,
  surveyServiceTypesResponseSchema,
} from '@kaunti/contract/api-land';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import type { ApplicationService } from '../../core/applications/application-service';
import { currentOfficer, servesArea } from '../../core/staff/officer-service';
import { forbidden } from '../../platform/errors';
import { answerLanguageOf } from '../../platform/http/accept-language';
import type { LandService } from './land-service';

/** Parcel claims are the land area's: an officer of another area may not read or decide them. */
function landOfficer(request: FastifyRequest) {
  const officer = currentOfficer(request);
  if (!servesArea(officer, 'land')) throw forbidden('Parcel claims are decided by land officers.');
  return officer;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema } as const;

/**
 * The land area's API, exactly at the spec's methods and paths (section 7), every route behind
 * a verified session. The land applications' submit paths are the engine's (applications/routes.ts,
 * from each definition's `submit.path`).
 */
export function landRoutes(deps: {
  land: LandService;
  applications: ApplicationService;
  guards: Guards;
  /** The public printable link of a bill's invoice for this reader (masked unless they own it). */
  invoiceLink: (billNo: string, userId: string) => Promise<string>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { land } = deps;
    const onRequest = deps.guards.requireUser;
    const security = [{ bearer: [] }];
    const tags = ['land'];

    // Reference data -------------------------------------------------------------------------
    app.post(
      '/api/lands/land_utils/get_land_uses',
      {
        onRequest,
        schema: {
          operationId: 'listLandUses',
          tags,
          security,
          summary: 'Land use codes (land_use_code sent empty for all)',
          description: 'The land use codes and their names; send `land_use_code` empty for all.',
          body: landUsesRequestSchema.optional(),
          response: { 200: landUsesResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await land.landUses(request.body?.land_use_code || undefined) }),
    );
    app.get(
      '/api/lands/application/GetAddLRReasonforapplication',
      {
        onRequest,
        schema: {
          operationId: 'listLrApplicationReasons',
          tags,
          security,
          summary: 'Reasons for a land owner amendment',
          description: 'The reasons a land owner may give for an amendment, for the add-LR application.',
          response: { 200: landReasonsResponseSchema, ...errors },
        },
      },
      async () => ({ data: await land.reasons() }),
    );
    app.get(
      '/api/globalms/ground_rent/service_type',
      {
        onRequest,
        schema: {
          operationId: 'listGroundRentServiceTypes',
          tags,
          security,
          summary: 'Ground rent service types (ground rent, stand premium)',
          description: 'Ground rent service types (ground rent, stand premium).',
          response: { 200: groundRentServiceTypesResponseSchema, ...errors },
        },
      },
      async () => ({ data: await land.groundRentServiceTypes() }),
    );
    app.get(
      '/api/globalms/ground_rent/zone',
      {
        onRequest,
        schema: {
          operationId: 'listGroundRentZones',
          tags,
          security,
          summary: 'Ground rent zones of a ward (query ward_code, sub_county_code)',
          description: 'The ground rent zones of a ward, by `ward_code` and `sub_county_code`.',
          querystring: groundRentZonesQuerySchema,
          response: { 200: groundRentZonesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        data: await land.groundRentZones({
          wardCode: request.query.ward_code || undefined,
          subCountyCode: request.query.sub_county_code || undefined,
        }),
      }),
    );
    app.get(
      '/api/lands/land_r/services',
      {
        onRequest,
        schema: {
          operationId: 'listLandRatesServices',
          tags,
          security,
          summary: 'Land services',
          description: 'The land services a citizen can apply for.',
          response: { 200: landServicesResponseSchema, ...errors },
        },
      },
      async () => ({ data: await land.landServices() }),
    );
    app.get(
      '/api/lands/land_survey/Getlandsurveyservicetypes',
      {
        onRequest,
        schema: {
          operationId: 'listLandSurveyServiceTypes',
          tags,
          security,
          summary: 'Land survey service types (land_service_code sent empty for all)',
          description: 'Land survey service types; send `land_service_code` empty for all.',
          querystring: surveyServiceTypesQuerySchema,
          response: { 200: surveyServiceTypesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        data: await land.surveyServiceTypes(request.query.land_service_code || undefined),
      }),
    );
    app.get(
      '/api/lands/consultants',
      {
        onRequest,
        schema: {
          operationId: 'listConsultants',
          tags,
          security,
          summary: 'Licensed surveyors, valuers and planners (not in the spec)',
          description: 'Licensed surveyors, valuers and planners a land application may name.',
          querystring: consultantsQuerySchema,
          response: { 200: consultantsResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await land.consultants(request.query.profession) }),
    );

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
    app.get(
      '/api/lands/land_r/customer_parcels',
      {
        onRequest,
        schema: {
          operationId: 'listMyParcels',
          tags,
          security,
          summary: 'The parcels linked to your account, a page at a time (not in the spec)',
          description:
            "The parcels linked to the caller's account, with rates due. " +
            'First linked first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: parcelsResponseSchema, ...errors },
        },
      },
      async (request) => land.myParcels(currentUser(request).id, request.query),
    );
    app.get(
      '/api/lands/parcel_validation',
      {
        onRequest,
        config: {
          rateLimit: {
            max: 60,
            timeWindow: '10 minutes',
            keyGenerator: (request) => request.user?.id ?? request.ip,
          },
        },
        schema: {
          operationId: 'validateParcel',
          tags,
          security,
          summary: 'Validate a parcel by LR number (owner name masked; not in the spec)',
          description:
            "Checks a parcel by LR number: whether the county holds it, its sub-county and ward, and the owner's name masked.",
          querystring: parcelQuerySchema,
          response: { 200: parcelSchema, ...errors },
        },
      },
      async (request) => land.validateParcel(currentUser(request).id, request.query.lr_number),
    );
    app.post(
      '/api/lands/rates/current-bill',
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
          operationId: 'askRatesBill',
          tags,
          security,
          summary: 'Raise (or answer the open) current land rates bill of a parcel',
          description:
            "This year's rates (site value × the rate for the land use), arrears and the penalty on them, " +
            'as lines naming the parcel, and its printable invoice (the owner masked for anyone else) to pay at a bank. ' +
            '404 for an unknown parcel.',
          body: currentBillRequestSchema,
          response: { 200: currentBillResponseSchema, ...errors, 409: errorBodySchema, 503: errorBodySchema },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const bill = await land.currentRatesBill(
          userId,
          request.body.lr_number,
          request.id,
          answerLanguageOf(request.headers['accept-language']),
        );
        return { ...bill, invoice_url: await deps.invoiceLink(bill.bill_no, userId) };
      },
    );
  };
}

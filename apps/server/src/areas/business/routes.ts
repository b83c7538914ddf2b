import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  activitiesQuerySchema,
  activitiesResponseSchema,
  businessClaimDecisionSchema,
  businessClaimParamsSchema,
  businessClaimRecordedSchema,
  businessClaimRequestSchema,
  businessClaimSchema,
  businessClaimsResponseSchema,
  businessesResponseSchema,
  businessLookupQuerySchema,
  businessLookupSchema,
  businessSchema,
  classificationResponseSchema,
  pestControlProvidersResponseSchema,
  pestControlServicesResponseSchema,
  pestControlSummarySchema,
  postalCodesResponseSchema,
  staffBusinessClaimsQuerySchema,
  staffBusinessClaimsResponseSchema,
  takeoverCodeRequestSchema,
  takeoverCodeSentSchema,
  takeoverRequestSchema,
} from '@kaunti/contract/api-business';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import { currentOfficer, servesArea } from '../../core/staff/officer-service';
import { forbidden } from '../../platform/errors';
import { answerLanguageOf } from '../../platform/http/accept-language';
import type { BusinessService } from './business-service';
import type { Permits } from './permits';

/** Reference data is public (the forms' lists), limited per address against scraping loops. */
const LIST_RATE_LIMIT = { max: 240, timeWindow: '1 minute' } as const;
/** A lookup reads the county's business register: limited harder. */
const LOOKUP_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
/**
 * Takeover codes and their checks, per account (the SMS per phone and the wrong codes per
 * business are limited in the service, across accounts).
 */
const TAKEOVER_RATE_LIMIT = {
  max: 10,
  timeWindow: '10 minutes',
  keyGenerator: (request: { user?: { id: string } | null; ip: string }) => request.user?.id ?? request.ip,
} as const;

/** Business claims are the business area's: an officer of another area may not read or decide them. */
function businessOfficer(request: FastifyRequest) {
  const officer = currentOfficer(request);
  if (!servesArea(officer, 'business')) throw forbidden('Business claims are decided by business officers.');
  return officer;
}

/**
 * The business permits area's API: the activity schedule and postal codes (public lists the
 * forms read), the caller's businesses and the register lookup, and the pest control lists and
 * summary (/permits and renewals are the renewal engine's: core/renewals, which lists and renews
 * the business's permits through this area's `Permits`). The applications themselves go through the engine
 * (`/api/services/<id>/applications`).
 */
export function businessRoutes(deps: {
  business: BusinessService;
  permits: Permits;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { business, permits } = deps;
    const tags = ['business'];
    const security = [{ bearer: [] }];
    const onRequest = deps.guards.requireUser;

    app.get(
      '/api/business/activities',
      {
        config: { rateLimit: LIST_RATE_LIMIT },
        schema: {
          operationId: 'listBusinessActivities',
          tags,
          summary: 'Business activities, searched by name or code',
          description:
            "The county's trade licence schedule: each activity's code, name, category (brim_desc), sub-category (fa_category_desc) and industry (ubpsubcategory3_name). `q` keeps those whose name holds it or whose code starts with it. Names in Kiswahili with `Accept-Language: sw` (said in `Content-Language`).",
          querystring: activitiesQuerySchema,
          response: { 200: activitiesResponseSchema },
        },
      },
      async (request, reply) => {
        const language = answerLanguageOf(request.headers['accept-language']);
        reply.header('content-language', language).header('vary', 'Accept-Language');
        return { data: await business.activities(request.query, language) };
      },
    );
    app.get(
      '/api/business/classification',
      {
        config: { rateLimit: LIST_RATE_LIMIT },
        schema: {
          operationId: 'getBusinessClassification',
          tags,
          summary: 'The activity schedule as category → industry → sub-category → activity',
          description:
            'The whole schedule as a tree: each industry (ubpsubcategory3_name) under its category (brim_desc), its sub-categories (fa_category_desc) and their activities.',
          response: { 200: classificationResponseSchema },
        },
      },
      async () => ({ data: await business.classification() }),
    );
    app.get(
      '/api/business/postal-codes',
      {
        config: { rateLimit: LIST_RATE_LIMIT },
        schema: {
          operationId: 'listPostalCodes',
          tags,
          summary: 'Postal codes and their post offices',
          description: "Kenyan postal codes with their post office, for a business's postal address.",
          response: { 200: postalCodesResponseSchema },
        },
      },
      async () => ({ data: await business.postalCodes() }),
    );
    app.get(
      '/api/businesses',
      {
        onRequest,
        schema: {
          operationId: 'listBusinesses',
          tags,
          security,
          summary: 'The businesses the caller holds, newest first, a page at a time',
          description:
            "Every business the caller acts for: applying for a permit with a business's KRA PIN makes the caller its holder. " +
            'Newest first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: businessesResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => business.mine(currentUser(request).id, request.query),
    );
    app.get(
      '/api/businesses/lookup',
      {
        onRequest,
        config: { rateLimit: LOOKUP_RATE_LIMIT },
        schema: {
          operationId: 'lookUpBusiness',
          tags,
          security,
          summary: "A business in the county's register, by KRA PIN or registration number",
          description:
            "Pre-fills a permit application: a business of the county's register that no account holds yet, or one of the caller's own. Any other answers 404, as an unknown one does.",
          querystring: businessLookupQuerySchema,
          response: { 200: businessLookupSchema, 401: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) =>
        business.lookup(currentUser(request).id, {
          kraPin: request.query.kra_pin,
          regNo: request.query.reg_no,
        }),
    );
    app.post(
      '/api/businesses/takeover/code',
      {
        onRequest,
        config: { rateLimit: TAKEOVER_RATE_LIMIT },
        schema: {
          operationId: 'sendTakeoverCode',
          tags,
          security,
          summary: "Sends the code to act for a register business to the register's phone",
          description:
            "For a business of the county's register that no account holds: a one-time code (6 digits, 10 minutes, single use) goes by SMS to the phone the register has for it, and the answer says which (its last three digits). Unknown or another account's business: 404, as the lookup answers. No phone in the register: 409 (a county office hands it over). At most 3 codes an hour to one phone; while the business is locked after 5 wrong codes: 429.",
          body: takeoverCodeRequestSchema,
          response: {
            202: takeoverCodeSentSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const sent = await business.sendTakeoverCode(
          currentUser(request).id,
          request.body.kra_pin,
          request.ip,
          request.id,
        );
        return reply.code(202).send(sent);
      },
    );
    app.post(
      '/api/businesses/takeover',
      {
        onRequest,
        config: { rateLimit: TAKEOVER_RATE_LIMIT },
        schema: {
          operationId: 'takeOverBusiness',
          tags,
          security,
          summary: 'Takes over a register business with the code sent to its phone',
          description:
            'The code right: the caller acts for the business from now on (it is listed in /api/businesses, in full) and may apply for its permits. A wrong code: 400 with what to do. Wrong codes count against the business whoever types them: the 5th within an hour locks it for an hour (429, `Retry-After`).',
          body: takeoverRequestSchema,
          response: {
            200: businessSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request) =>
        business.takeOver(currentUser(request).id, request.body.kra_pin, request.body.code, request.id),
    );
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
    app.get(
      '/api/pest-control/providers',
      {
        config: { rateLimit: LIST_RATE_LIMIT },
        schema: {
          operationId: 'listPestControlProviders',
          tags,
          summary: 'Pest control operators licensed by the county',
          description: 'The operators whose treatment reports the county accepts, with their licence number.',
          response: { 200: pestControlProvidersResponseSchema },
        },
      },
      async () => ({ data: await business.pestControlProviders() }),
    );
    app.get(
      '/api/pest-control/services',
      {
        config: { rateLimit: LIST_RATE_LIMIT },
        schema: {
          operationId: 'listPestControlServices',
          tags,
          summary: 'Pest control services, the products they use and their certificate fee',
          description:
            'Fumigation, rodent and insect control…: what each uses, and the fee of its certificate (integer cents).',
          response: { 200: pestControlServicesResponseSchema },
        },
      },
      async () => ({ data: await business.pestControlServices() }),
    );
    app.get(
      '/api/pest-control/summary',
      {
        onRequest,
        schema: {
          operationId: 'getPestControlSummary',
          tags,
          security,
          summary: "The caller's pest control: balance, applications, unpaid fees and certificates",
          description:
            'What the caller owes on pest control bills, their applications with their status, and their certificates with their links.',
          response: { 200: pestControlSummarySchema, 401: errorBodySchema },
        },
      },
      async (request) => permits.pestControlSummary(currentUser(request).id),
    );
  };
}

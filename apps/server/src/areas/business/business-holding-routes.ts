import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  businessesResponseSchema,
  businessLookupQuerySchema,
  businessLookupSchema,
  businessSchema,
  takeoverCodeRequestSchema,
  takeoverCodeSentSchema,
  takeoverRequestSchema,
} from '@kaunti/contract/api-business';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import type { BusinessService } from './business-service';
import type { Permits } from './permits';

/** A lookup reads the county's business register: limited harder. */
const LOOKUP_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;
/**
 * Takeover codes and their checks, per account (the SMS per phone and the wrong codes per
 * business are limited in the service, across accounts).
 */
export const TAKEOVER_RATE_LIMIT = {
  max: 10,
  timeWindow: '10 minutes',
  keyGenerator: (request: { user?: { id: string } | null; ip: string }) => request.user?.id ?? request.ip,
} as const;

/** The caller's businesses, the register lookup, and taking a business over with a code. */
export function businessHoldingRoutes(deps: {
  business: BusinessService;
  permits: Permits;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { business } = deps;
    const tags = ['business'];
    const security = [{ bearer: [] }];
    const onRequest = deps.guards.requireUser;
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
  };
}

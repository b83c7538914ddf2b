import { pageQuerySchema } from '@kaunti/contract/api-bills';
import { rentBillRequestSchema, rentBillResponseSchema } from '@kaunti/contract/api-estates';
import {
  stallDetailSchema,
  stallMarketsResponseSchema,
  stallParamsSchema,
  stallsResponseSchema,
  vacantStallsQuerySchema,
  vacantStallsResponseSchema,
} from '@kaunti/contract/api-markets';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import { answerLanguageOf, replyLanguage } from '../../platform/http/accept-language';
import type { Stalls } from './stalls-service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema } as const;
const READ_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/**
 * Market stalls (decision 035): the markets that let stalls and their vacant stalls (public), and
 * the signed-in trader's stalls, a stall's rent statement and a bill of its rent. Only the
 * caller's own stalls: another's is a 404.
 */
export function stallRoutes(deps: { stalls: Stalls; guards: Guards }): FastifyPluginAsyncZod {
  return async (app) => {
    const { stalls } = deps;
    const onRequest = deps.guards.requireUser;
    const security = [{ bearer: [] }];
    const tags = ['markets'];

    app.get(
      '/api/markets/stall-markets',
      {
        config: { rateLimit: READ_RATE_LIMIT },
        schema: {
          tags,
          operationId: 'listStallMarkets',
          summary: "The county's markets that let stalls",
          description:
            'Each with its code, name, sub-county and how many of its stalls are vacant. Public. Names in Kiswahili with `Accept-Language: sw`.',
          response: { 200: stallMarketsResponseSchema },
        },
      },
      async (request, reply) => {
        const language = answerLanguageOf(request.headers['accept-language']);
        reply.header('content-language', language).header('vary', 'Accept-Language');
        return { data: await stalls.stallMarkets(language) };
      },
    );

    app.get(
      '/api/markets/vacant-stalls',
      {
        config: { rateLimit: READ_RATE_LIMIT },
        schema: {
          tags,
          operationId: 'listVacantStalls',
          summary: "A market's vacant stalls of one kind",
          description:
            'Lowest number first: an issued stall application is allocated the first of them (decision 035). Public.',
          querystring: vacantStallsQuerySchema,
          response: { 200: vacantStallsResponseSchema, 400: errorBodySchema },
        },
      },
      async (request) => ({
        data: await stalls.vacantStalls(request.query.market_code, request.query.stall_type),
      }),
    );

    app.get(
      '/api/markets/stalls',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'listStalls',
          summary: "The signed-in trader's market stalls, a page at a time",
          description:
            'Each with its monthly rent, balance (unpaid rent and penalties) and months in arrears. ' +
            'Newest first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: stallsResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) =>
        stalls.list(
          currentUser(request).id,
          request.query,
          answerLanguageOf(request.headers['accept-language']),
        ),
    );

    app.get(
      '/api/markets/stalls/:stall_no',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'getStall',
          summary: 'A stall with its rent statement',
          description:
            'Month by month (oldest first): the rent charged, the late penalty, what of it is paid; and the payments received. ' +
            "404 for a stall the caller's account does not hold.",
          params: stallParamsSchema,
          response: { 200: stallDetailSchema, ...errors },
        },
      },
      async (request) =>
        stalls.detail(
          currentUser(request).id,
          request.params.stall_no,
          answerLanguageOf(request.headers['accept-language']),
        ),
    );

    app.post(
      '/api/markets/stalls/:stall_no/bill',
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
          tags,
          security,
          operationId: 'createStallRentBill',
          summary: "A bill of a stall's rent: the balance and months ahead",
          description:
            'One line per month, oldest first (late penalties beside their month); `months` more months in advance ' +
            "(0 = the balance only). It replaces the stall's open rent bill. Pay it as any other bill; every payment " +
            "lowers the stall's balance by what was paid. 400 when there is nothing to pay; 404 for a stall the " +
            "caller's account does not hold.",
          params: stallParamsSchema,
          body: rentBillRequestSchema,
          response: { 200: rentBillResponseSchema, ...errors, 409: errorBodySchema },
        },
      },
      async (request, reply) =>
        stalls.bill(
          currentUser(request).id,
          request.params.stall_no,
          request.body.months,
          request.id,
          // In the reader's language, as GET /api/bills/{bill_no} answers it.
          replyLanguage(request, reply),
        ),
    );
  };
}

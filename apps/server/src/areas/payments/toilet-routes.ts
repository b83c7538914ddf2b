import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  publicToiletsResponseSchema,
  toiletFaultParamsSchema,
  toiletFaultRequestSchema,
  toiletFaultSchema,
  toiletFaultsResponseSchema,
  toiletParamsSchema,
} from '@kaunti/contract/api-toilets';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../../core/accounts/guard';
import { currentOfficer } from '../../core/staff/officer-service';
import { answerLanguageOf } from '../../platform/http/accept-language';
import type { Toilets } from './toilets';

const READ_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/**
 * Public toilets' API beside their payment (core/tickets): the list, a fault reported by anyone,
 * and the officers' list of faults and their closing.
 */
export function toiletRoutes(deps: { toilets: Toilets; guards: Guards }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['tickets'];
    app.get(
      '/api/public-toilets',
      {
        config: { rateLimit: READ_RATE_LIMIT },
        schema: {
          operationId: 'listPublicToilets',
          tags,
          summary: "The county's public toilets",
          description:
            'Each with where it is (name, location, sub-county, and coordinates where known), its opening hours, its fees (one entry; a monthly pass) in integer cents, whether it is accessible and how many faults are open. Public. Names in Kiswahili with `Accept-Language: sw`.',
          response: { 200: publicToiletsResponseSchema },
        },
      },
      async (request, reply) => {
        const language = answerLanguageOf(request.headers['accept-language']);
        reply.header('content-language', language).header('vary', 'Accept-Language');
        return deps.toilets.list(language);
      },
    );
    app.post(
      '/api/public-toilets/:id/faults',
      {
        config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
        schema: {
          operationId: 'reportToiletFault',
          tags,
          summary: 'Report a fault of a public toilet (no account needed)',
          description:
            'Closed, dirty or no water, with a note. It stays open until a county officer closes it. An unknown toilet is a 404.',
          params: toiletParamsSchema,
          body: toiletFaultRequestSchema,
          response: { 201: toiletFaultSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await deps.toilets.report(request.params.id, request.body, request.id)),
    );
    const staff = { tags: ['staff'], security: [{ bearer: [] }] };
    app.get(
      '/api/staff/public-toilets/faults',
      {
        onRequest: deps.guards.can('toilets.maintain'),
        schema: {
          operationId: 'listToiletFaults',
          ...staff,
          summary: "Public toilets' faults, newest reported first, a page at a time",
          description:
            'County officers who look after public toilets (the enforcement role): `status` filters (`open`: the ones to see to). ' +
            'Newest reported first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema.extend({ status: z.enum(['open', 'closed']).optional() }),
          response: { 200: toiletFaultsResponseSchema },
        },
      },
      async (request) => {
        const { status, ...page } = request.query;
        return deps.toilets.faults(status, page);
      },
    );
    app.post(
      '/api/staff/public-toilets/faults/:fault_id/close',
      {
        onRequest: deps.guards.can('toilets.maintain'),
        schema: {
          operationId: 'closeToiletFault',
          ...staff,
          summary: "Close a public toilet's fault once it is put right",
          description: 'Audited with the officer. A fault closed already is a 409; an unknown one a 404.',
          params: toiletFaultParamsSchema,
          response: { 200: toiletFaultSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) =>
        deps.toilets.close(request.params.fault_id, currentOfficer(request).userId, request.id),
    );
  };
}

import { cessProduceResponseSchema, marketsResponseSchema } from '@kaunti/contract/api-markets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feeAmountsOf } from '../../core/applications/fees';
import type { ReferenceItems } from '../../core/county/reference-items';
import type { Db } from '../../platform/db/database';
import { answerLanguageOf } from '../../platform/http/accept-language';

const READ_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;

/**
 * The markets area's public lists: the county's markets and barriers (the catalogue's `markets`
 * list) and the produce market cess is charged on with its fee (`cess-produce`, schedule
 * "market-cess"). Names in Kiswahili to `Accept-Language: sw`.
 */
export function marketRoutes(deps: { db: Db; references: ReferenceItems }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['markets'];
    app.get(
      '/api/markets',
      {
        config: { rateLimit: READ_RATE_LIMIT },
        schema: {
          operationId: 'listMarkets',
          tags,
          summary: "The county's markets and cess barriers",
          description:
            'Each with its code, name, sub-county and kind (market or barrier). Public. Names in Kiswahili with `Accept-Language: sw`.',
          response: { 200: marketsResponseSchema },
        },
      },
      async (request, reply) => {
        const language = answerLanguageOf(request.headers['accept-language']);
        reply.header('content-language', language).header('vary', 'Accept-Language');
        const items = (await deps.references.items('markets')) ?? [];
        return items.map((item) => ({
          code: item.code,
          name: language === 'sw' ? item.name_sw : item.name,
          sub_county: String(item.sub_county ?? ''),
          kind: item.kind === 'barrier' ? ('barrier' as const) : ('market' as const),
        }));
      },
    );
    app.get(
      '/api/markets/cess/produce',
      {
        config: { rateLimit: READ_RATE_LIMIT },
        schema: {
          operationId: 'listCessProduce',
          tags,
          summary: 'The produce market cess is charged on, with its unit and fee',
          description:
            'Each with its code, name, the unit it is counted in and the cess of one unit in integer cents (the fee in force today). Public.',
          response: { 200: cessProduceResponseSchema },
        },
      },
      async (request, reply) => {
        const language = answerLanguageOf(request.headers['accept-language']);
        reply.header('content-language', language).header('vary', 'Accept-Language');
        const [items, fees] = await Promise.all([
          deps.references.items('cess-produce'),
          feeAmountsOf(deps.db, 'market-cess'),
        ]);
        return (items ?? []).flatMap((item) => {
          const fee = fees.get(item.code);
          return fee === undefined
            ? []
            : [
                {
                  code: item.code,
                  name: language === 'sw' ? item.name_sw : item.name,
                  unit: String((language === 'sw' ? item.unit_sw : item.unit) ?? ''),
                  fee_cents: fee,
                },
              ];
        });
      },
    );
  };
}

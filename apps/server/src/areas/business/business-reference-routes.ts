import {
  activitiesQuerySchema,
  activitiesResponseSchema,
  classificationResponseSchema,
  postalCodesResponseSchema,
} from '@kaunti/contract/api-business';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../../core/accounts/guard';
import { answerLanguageOf } from '../../platform/http/accept-language';
import type { BusinessService } from './business-service';
import type { Permits } from './permits';

/** Reference data is public (the forms' lists), limited per address against scraping loops. */
export const LIST_RATE_LIMIT = { max: 240, timeWindow: '1 minute' } as const;

/** The activity schedule, its classification and the postal codes: public lists the forms read. */
export function businessReferenceRoutes(deps: {
  business: BusinessService;
  permits: Permits;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { business } = deps;
    const tags = ['business'];
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
  };
}

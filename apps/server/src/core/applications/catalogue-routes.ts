import { findService } from '@kaunti/catalogue/catalogue';
import { openDefinitionOf, openServiceSchema } from '@kaunti/catalogue/open-definition';
import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  catalogueServicesResponseSchema,
  quoteRequestSchema,
  quoteResponseSchema,
} from '@kaunti/contract/api-applications';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { answerLanguageOf } from '../../platform/http/accept-language';
import type { ApplicationService } from './application-service';
import type { Quotes } from './quotes';

/** The catalogue, public: its services, one's definition, a fee for a form so far, a booking's free days. */
export function catalogueRoutes(deps: {
  applications: ApplicationService;
  quotes: Quotes;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/catalogue/services',
      {
        schema: {
          operationId: 'listServices',
          tags: ['catalogue'],
          summary: 'Every service of the catalogue (summaries for menus)',
          description:
            'Every service of the catalogue, in summary (id, area, title, fee, where to submit), for menus. ' +
            'Titles and descriptions in Kiswahili with `Accept-Language: sw`. Public.',
          response: { 200: catalogueServicesResponseSchema },
        },
      },
      async (request, reply) => {
        const language = answerLanguageOf(request.headers['accept-language']);
        reply.header('content-language', language).header('vary', 'Accept-Language');
        return { data: deps.applications.catalogue(language) };
      },
    );

    app.get(
      '/api/catalogue/services/:id',
      {
        schema: {
          operationId: 'getService',
          tags: ['catalogue'],
          summary: "One service's whole definition, to render its form and submit it",
          description:
            'Steps and fields (kind, control, JSON type, pattern, label, hint, required and its message, ' +
            'limits, choices or where to fetch them, an example that passes), required documents, the fee ' +
            'rule, the workflow, the document issued, where to submit, and a whole example payload. Its texts ' +
            'in English, or in Kiswahili with `Accept-Language: sw` (said in `Content-Language`). Public and ' +
            'cacheable.',
          params: z.object({
            id: z.string().max(60).describe('A service id from GET /api/catalogue/services.'),
          }),
          response: { 200: openServiceSchema, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const service = findService(request.params.id);
        if (!service) throw notFound('There is no such service in the catalogue.');
        const language = answerLanguageOf(request.headers['accept-language']);
        reply
          .header('cache-control', 'public, max-age=300')
          .header('content-language', language)
          .header('vary', 'Accept-Language');
        return openDefinitionOf(service, language);
      },
    );

    app.post(
      '/api/catalogue/services/:id/quote',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          operationId: 'quoteService',
          tags: ['catalogue'],
          summary: "A service's fee for a form filled in so far",
          description:
            "Prices the answers given so far with the service's fee rule and the county's tariff, exactly as " +
            'the bill would be raised, so a form can show the fee before it is submitted. Missing or invalid ' +
            'answers are left out; `complete` is false (with `missing` and a `message`) until every answer the ' +
            'fee depends on is given. Fee lines in Kiswahili with `Accept-Language: sw`. Public; nothing is stored.',
          params: z.object({
            id: z.string().max(60).describe('A service id from GET /api/catalogue/services.'),
          }),
          body: quoteRequestSchema,
          response: {
            200: quoteResponseSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            429: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const language = answerLanguageOf(request.headers['accept-language']);
        reply.header('content-language', language).header('vary', 'Accept-Language');
        return deps.quotes.quote(request.params.id, request.body.values, language);
      },
    );

    app.get(
      '/api/catalogue/services/:id/availability',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getBookingAvailability',
          tags: ['catalogue'],
          summary: "What a service's booked resource has free",
          description:
            'For a service with a booking (an ambulance, a county ground: decision 031), each day from `from` ' +
            "to `to` (at most 31) of the one named by `resource`: free or booked and, for a slot booking, each of the day's " +
            'slots. Public: it says only what is taken, never by whom. Nothing is held by asking; the submission decides. ' +
            'A service that books nothing: 404.',
          params: z.object({
            id: z.string().max(60).describe('A service id from GET /api/catalogue/services.'),
          }),
          querystring: availabilityQuerySchema,
          response: {
            200: availabilityResponseSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            429: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.applications.bookingAvailability(request.params.id, request.query);
      },
    );
  };
}

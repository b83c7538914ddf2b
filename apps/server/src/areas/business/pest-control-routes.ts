import {
  pestControlProvidersResponseSchema,
  pestControlServicesResponseSchema,
  pestControlSummarySchema,
} from '@kaunti/contract/api-business';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import { LIST_RATE_LIMIT } from './business-reference-routes';
import type { BusinessService } from './business-service';
import type { Permits } from './permits';

/** Pest control: the providers and services the form lists, and the caller's summary. */
export function pestControlRoutes(deps: {
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

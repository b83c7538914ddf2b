import { services } from '@kaunti/catalogue/catalogue';
import { type ServiceDefinition, submitPathOf } from '@kaunti/catalogue/definition';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import { applicationSchemaOf, exampleValuesOf } from '@kaunti/catalogue/schema-builder';
import {
  applicationSubmittedSchema,
  createApplicationRequestSchema,
  draftIdField,
} from '@kaunti/contract/api-applications';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pascalCase } from '../../platform/http/openapi';
import { currentUser, type Guards } from '../accounts/guard';
import type { ApplicationService } from './application-service';

/** Submitting an application, by any path: 30 in 10 minutes per user. */
export const SUBMIT_CONFIG = {
  rateLimit: {
    max: 30,
    timeWindow: '10 minutes',
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  },
};
const SUBMIT_RESPONSES = {
  201: applicationSubmittedSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};

/** The API document's tag of an area's own routes (the others are under `applications`). */
const AREA_TAGS: Partial<Record<ServiceDefinition['area'], string>> = { land: 'land', business: 'business' };

/** The service whose example payload the document shows for the generic submit path. */
const EXAMPLE_SERVICE = services.find((service) => service.id === 'land-survey') ?? services[0]!;

/** Submitting an application: the generic path, and every service's own (submitPathOf). */
export function submitRoutes(deps: {
  applications: ApplicationService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const security = [{ bearer: [] }];
    app.post(
      '/api/applications',
      {
        onRequest: deps.guards.requireUser,
        config: SUBMIT_CONFIG,
        schema: {
          operationId: 'submitApplication',
          tags: ['applications'],
          summary: 'Submit an application for any catalogue service',
          description:
            'Validated by the service definition (400 with the first problem as `message` and all of them in ' +
            '`details`). With a fee, a bill is raised and the application is `awaiting_payment`.',
          security,
          body: createApplicationRequestSchema
            .extend({
              service_id: createApplicationRequestSchema.shape.service_id.meta({
                // Only the services that keep an application: a direct or ticket service is
                // refused here (400), so it is not offered.
                enum: services
                  .filter((service) => findWorkflow(service.workflow)?.creates_application)
                  .map((service) => service.id),
              }),
            })
            .meta({
              examples: [{ service_id: EXAMPLE_SERVICE.id, values: exampleValuesOf(EXAMPLE_SERVICE) }],
            }),
          response: SUBMIT_RESPONSES,
        },
      },
      async (request, reply) => {
        const submitted = await deps.applications.submit({
          user: currentUser(request),
          serviceId: request.body.service_id,
          payload: request.body.values,
          draftId: request.body.draft_id,
          requestId: request.id,
        });
        return reply.status(201).send(submitted);
      },
    );

    // Every service's own submit path (the spec's where it names one: submitPathOf), registered
    // from the catalogue; a service that keeps no application (`direct`: its area's own route;
    // `ticket`: core/tickets) is not an application's.
    for (const service of services.filter((s) => findWorkflow(s.workflow)?.creates_application)) {
      app.post(
        submitPathOf(service),
        {
          onRequest: deps.guards.requireUser,
          // The catalogue validates (in submit) so the answer carries the definition's own
          // messages; the schema below documents the payload.
          attachValidation: true,
          config: SUBMIT_CONFIG,
          schema: {
            operationId: `apply${pascalCase(service.id)}`,
            tags: [AREA_TAGS[service.area] ?? 'applications'],
            security,
            summary: `Submit a ${service.title} application`,
            description:
              `The ${service.title} payload (catalogue service "${service.id}"). A missing item answers 400 ` +
              'with its message (e.g. "Please upload copy of your ID card") and every problem in `details`. ' +
              'Uploads are the ids POST /api/uploads answered. An optional `draft_id` is deleted on success.',
            body: applicationSchemaOf(service)
              .extend({ draft_id: draftIdField })
              .meta({ examples: [exampleValuesOf(service)] }),
            response: SUBMIT_RESPONSES,
          },
        },
        async (request, reply) => {
          const body = (request.body ?? {}) as Record<string, unknown>;
          const submitted = await deps.applications.submit({
            user: currentUser(request),
            serviceId: service.id,
            payload: body,
            draftId: typeof body.draft_id === 'string' ? body.draft_id : undefined,
            requestId: request.id,
          });
          return reply.status(201).send(submitted);
        },
      );
    }
  };
}

import {
  applicationDetailSchema,
  applicationParamsSchema,
  applicationsQuerySchema,
  applicationsResponseSchema,
  cancelApplicationRequestSchema,
} from '@kaunti/contract/api-applications';
import { answerSchema } from '@kaunti/contract/api-staff';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../accounts/guard';
import type { ApplicationService } from './application-service';
import { SUBMIT_CONFIG } from './submit-routes';

/** The applicant's own applications: the list, one with its history, cancelling, answering a request. */
export function applicantRoutes(deps: {
  applications: ApplicationService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const security = [{ bearer: [] }];
    app.get(
      '/api/applications',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'listApplications',
          tags: ['applications'],
          summary: "The user's applications, newest first, a page at a time",
          description:
            "The caller's applications, newest first, with their status and bill: `limit` of them (default 50), " +
            'then `next_cursor` to send as `cursor` for the next page (null on the last).',
          security,
          querystring: applicationsQuerySchema,
          response: { 200: applicationsResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) =>
        deps.applications.list(currentUser(request).id, {
          status: request.query.status,
          serviceId: request.query.service_id,
          limit: request.query.limit,
          cursor: request.query.cursor,
        }),
    );

    app.get(
      '/api/applications/:application_no',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'getApplication',
          tags: ['applications'],
          summary: 'One application with its status history and bill',
          description:
            "One of the caller's applications: the values submitted, its status history (who, when, from, to, why) and its bill.",
          security,
          params: applicationParamsSchema,
          response: { 200: applicationDetailSchema, 401: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => deps.applications.get(currentUser(request).id, request.params.application_no),
    );

    app.post(
      '/api/applications/:application_no/cancel',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'cancelApplication',
          tags: ['applications'],
          summary: 'Cancel an application (before review, or while more information is asked for)',
          description:
            'Cancels an application before review starts, or while the county asks for more information; its open bill is cancelled with it. From any other status it is a 409.',
          security,
          params: applicationParamsSchema,
          body: cancelApplicationRequestSchema.optional(),
          response: {
            200: applicationDetailSchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) =>
        deps.applications.cancel(
          currentUser(request).id,
          request.params.application_no,
          request.body?.reason,
          request.id,
        ),
    );

    app.post(
      '/api/applications/:application_no/answer',
      {
        onRequest: deps.guards.requireUser,
        config: SUBMIT_CONFIG,
        schema: {
          operationId: 'answerApplication',
          tags: ['applications'],
          summary: 'Answer a request for more information and send the application back for review',
          description:
            'Only while the application is `needs_info` (else 409). `values` holds only the fields asked about — ' +
            'new text, or new upload ids — and everything else is kept; the whole application is checked again ' +
            'as a submission is (400 naming each field). `message` is a note to the officer, kept in the history.',
          security,
          params: applicationParamsSchema,
          body: answerSchema,
          response: {
            200: applicationDetailSchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) =>
        deps.applications.answer(
          currentUser(request).id,
          request.params.application_no,
          request.body,
          request.id,
        ),
    );
  };
}

import {
  addCommentRequestSchema,
  applicationCommentSchema,
  applicationCommentsResponseSchema,
  applicationParamsSchema,
} from '@kaunti/contract/api-applications';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../accounts/guard';
import type { ApplicationComments } from './comments';

/** Comments: 30 in 10 minutes per user. */
export const COMMENT_CONFIG = {
  rateLimit: {
    max: 30,
    timeWindow: '10 minutes',
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  },
};

/** The comments on one of the applicant's applications: read them, write one. */
export function commentRoutes(deps: {
  comments: ApplicationComments;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const security = [{ bearer: [] }];
    app.get(
      '/api/applications/:application_no/comments',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'listApplicationComments',
          tags: ['applications'],
          summary: 'The comments on one of your applications, oldest first',
          description:
            "What you and the county's officers wrote on the application. Another user's application answers 404, as an unknown one does.",
          security,
          params: applicationParamsSchema,
          response: { 200: applicationCommentsResponseSchema, 401: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => ({
        data: await deps.comments.forApplicant(currentUser(request).id, request.params.application_no),
      }),
    );

    app.post(
      '/api/applications/:application_no/comments',
      {
        onRequest: deps.guards.requireUser,
        config: COMMENT_CONFIG,
        schema: {
          operationId: 'addApplicationComment',
          tags: ['applications'],
          summary: 'Write a comment on one of your applications to the officers considering it',
          description:
            'Up to 1,000 characters, while the application is open (else 409); an empty one is a 400 naming `body`.',
          security,
          params: applicationParamsSchema,
          body: addCommentRequestSchema,
          response: {
            201: applicationCommentSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply.code(201).send(
          await deps.comments.addByApplicant(
            currentUser(request).id,
            request.params.application_no,
            request.body.body,
            {
              requestId: request.id,
            },
          ),
        ),
    );
  };
}

import {
  draftDeletedSchema,
  draftParamsSchema,
  draftSchema,
  draftsQuerySchema,
  draftsResponseSchema,
  saveDraftRequestSchema,
} from '@kaunti/contract/api-drafts';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors';
import { currentUser, type Guards } from '../accounts/guard';
import type { DraftService } from './draft-service';

/** The user's drafts (`/account/drafts`): list, resume, save as they go, delete by id. */
export function draftRoutes(deps: { drafts: DraftService; guards: Guards }): FastifyPluginAsyncZod {
  return async (app) => {
    const common = { onRequest: deps.guards.requireUser };
    const security = [{ bearer: [] }];
    app.get(
      '/api/drafts',
      {
        ...common,
        schema: {
          operationId: 'listDrafts',
          tags: ['drafts'],
          summary: "The user's drafts, most recently saved first (of one service with ?service_id=)",
          description:
            "The caller's saved drafts, most recently saved first; `service_id` limits them to one service (the web app offers to resume it). " +
            'A page at a time: `limit` drafts (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          security,
          querystring: draftsQuerySchema,
          response: { 200: draftsResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) =>
        deps.drafts.list(currentUser(request).id, {
          serviceId: request.query.service_id,
          limit: request.query.limit,
          cursor: request.query.cursor,
        }),
    );
    app.get(
      '/api/drafts/:id',
      {
        ...common,
        schema: {
          operationId: 'getDraft',
          tags: ['drafts'],
          summary: 'One draft, to resume it',
          description: "One of the caller's drafts, with the values typed so far, to resume the form.",
          security,
          params: draftParamsSchema,
          response: { 200: draftSchema, 401: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => deps.drafts.get(currentUser(request).id, request.params.id),
    );
    app.put(
      '/api/drafts/:id',
      {
        ...common,
        config: {
          rateLimit: {
            max: 600,
            timeWindow: '10 minutes',
            keyGenerator: (request) => request.user?.id ?? request.ip,
          },
        },
        schema: {
          operationId: 'saveDraft',
          tags: ['drafts'],
          summary: 'Save a draft (create or replace; idempotent). The id is a UUID the web app makes.',
          description:
            'Saves a draft under an id the client makes (a UUID): creates it or replaces it, so saving twice is harmless. A draft with nothing typed is deleted instead.',
          security,
          params: draftParamsSchema,
          body: saveDraftRequestSchema,
          response: {
            200: draftSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
            413: errorBodySchema,
          },
        },
      },
      async (request) => deps.drafts.save(currentUser(request).id, request.params.id, request.body),
    );
    app.delete(
      '/api/drafts/:id',
      {
        ...common,
        schema: {
          operationId: 'deleteDraft',
          tags: ['drafts'],
          summary: 'Delete a draft by id',
          description: "Deletes one of the caller's drafts.",
          security,
          params: draftParamsSchema,
          response: { 200: draftDeletedSchema, 401: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => {
        const deleted = await deps.drafts.remove(currentUser(request).id, request.params.id);
        if (!deleted) throw notFound('We could not find that draft.');
        return { id: request.params.id, deleted: true as const };
      },
    );
  };
}

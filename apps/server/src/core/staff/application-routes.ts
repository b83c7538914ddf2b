import {
  addCommentRequestSchema,
  applicationCommentSchema,
  applicationCommentsResponseSchema,
  applicationNoSchema,
} from '@kaunti/contract/api-applications';
import {
  decisionSchema,
  queueQuerySchema,
  queueResponseSchema,
  staffApplicationSchema,
} from '@kaunti/contract/api-staff';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../accounts/guard';
import type { AuditedRoute } from './audited-routes';
import type { BackOffice } from './backoffice-service';
import { currentOfficer } from './officer-service';

const applicationParams = z.object({ application_no: applicationNoSchema });
/** An application's routes are audited by its number (core/staff/audited-routes.ts). */
const applicationAudit = {
  entityType: 'application',
  entityId: (request: FastifyRequest) =>
    String((request.params as { application_no?: string }).application_no ?? '').toUpperCase(),
} satisfies AuditedRoute;

/** The applications screens: the queue, one application, decisions, comments and uploads. */
export function staffApplicationRoutes(deps: {
  guards: Guards;
  backOffice: BackOffice;
}): FastifyPluginAsyncZod {
  const { guards, backOffice } = deps;
  return async (app) => {
    const tags = ['staff'];

    app.get(
      '/api/staff/applications',
      {
        onRequest: guards.can('applications.read'),
        // A search by a person's ID number, phone or KRA PIN reads whom it names: audited (the words searched kept).
        config: {
          audit: {
            entityType: 'applications',
            entityId: () => 'search',
            answered: (request) =>
              (request.query as { q?: string }).q?.trim() ? 'applications.searched' : null,
            data: (request) => ({ q: (request.query as { q?: string }).q?.trim() }),
          },
        },
        schema: {
          operationId: 'listStaffApplications',
          tags,
          summary: 'The queue: applications in your areas, oldest first, with counts by status',
          description:
            'Filters: `status` (default under_review; none when searching), `area`, `service_id`, and `q` — ' +
            'an application number, bill number, phone number, ID number or KRA PIN. `counts` gives the ' +
            'applications by status in your areas (for the search, when there is one).',
          querystring: queueQuerySchema,
          response: { 200: queueResponseSchema },
        },
      },
      async (request) => backOffice.queue(currentOfficer(request), request.query),
    );

    app.get(
      '/api/staff/applications/:application_no',
      {
        onRequest: guards.can('applications.read'),
        config: { audit: { ...applicationAudit, answered: 'application.viewed' } },
        schema: {
          operationId: 'getStaffApplication',
          tags,
          summary: 'One application in full: values, uploads, bill, payments, history, decisions allowed',
          description:
            'Every value under its field label, each upload with a link to view it inline, the bill and its ' +
            'payments, the history (who, when, from, to, why), the issued document, and `allowed`: the ' +
            'decisions you may take now. An application outside your areas is a 403.',
          params: applicationParams,
          response: { 200: staffApplicationSchema },
        },
      },
      async (request) => backOffice.get(currentOfficer(request), request.params.application_no),
    );

    app.post(
      '/api/staff/applications/:application_no/status',
      {
        onRequest: guards.can('applications.read'),
        config: {
          audit: {
            ...applicationAudit,
            refused: 'decision.refused',
            data: (request) => ({ decision: (request.body as { status?: unknown } | undefined)?.status }),
          },
        },
        schema: {
          operationId: 'setApplicationStatus',
          tags,
          summary: 'Decide: ask for more information, approve, reject or issue — always with a reason',
          description:
            'Through the one status table: a decision from a wrong status is a 409 (`illegal_transition`). ' +
            'Your role must allow the decision (403), the application must be in your areas (403), you cannot ' +
            'decide your own application, and the officer who approved it cannot also issue it (403, four ' +
            'eyes). Issuing issues the document in the same transaction. The applicant is told by SMS when ' +
            'more information is needed, when it is rejected (with the reason) and when it is issued.',
          params: applicationParams,
          body: decisionSchema,
          response: { 200: staffApplicationSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) =>
        backOffice.decide(currentOfficer(request), request.params.application_no, request.body, request.id),
    );

    app.get(
      '/api/staff/applications/:application_no/comments',
      {
        onRequest: guards.can('applications.read'),
        schema: {
          operationId: 'listStaffApplicationComments',
          tags,
          summary: 'The comments between the applicant and officers on an application, oldest first',
          description: 'The application must be in your service areas (403).',
          params: applicationParams,
          response: { 200: applicationCommentsResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => ({
        data: await backOffice.comments(currentOfficer(request), request.params.application_no),
      }),
    );

    app.post(
      '/api/staff/applications/:application_no/comments',
      {
        onRequest: guards.can('applications.request_info'),
        config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
        schema: {
          operationId: 'addStaffApplicationComment',
          tags,
          summary: 'Write a comment to the applicant on an application in your areas',
          description:
            'Officers who handle applications (reviewers, approvers) in your areas (403), never on your own application; up to 1,000 characters, while the application is open (409 once it is closed). The applicant reads it on their applications page.',
          params: applicationParams,
          body: addCommentRequestSchema,
          response: {
            201: applicationCommentSchema,
            400: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await backOffice.comment(
              currentOfficer(request),
              request.params.application_no,
              request.body.body,
              request.id,
            ),
          ),
    );

    app.get(
      '/api/staff/applications/:application_no/uploads/:id',
      {
        onRequest: guards.can('applications.read'),
        // A view is audited by the back office once the file is found (upload.viewed); a refusal here.
        config: { audit: { ...applicationAudit, refused: 'upload.refused' } },
        schema: {
          operationId: 'getStaffApplicationUpload',
          tags,
          summary: "View one of an application's uploads inline",
          description:
            "Only officers of the application's area, and only a file the application names. Each view is in the audit log.",
          params: applicationParams.extend({ id: z.uuid({ message: 'Not found.' }) }),
          produces: ['image/jpeg', 'image/png', 'application/pdf'],
          response: { 200: z.any().describe('The file'), 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const file = await backOffice.upload(
          currentOfficer(request),
          request.params.application_no,
          request.params.id,
        );
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('content-disposition', `inline; filename="${file.name.replace(/["\\]/g, '')}"`)
          .header('cache-control', 'private, no-store')
          .header('content-security-policy', "default-src 'none'; img-src 'self'; object-src 'self'; sandbox")
          .send(file.body);
      },
    );
  };
}

import { findService, services } from '@kaunti/catalogue/catalogue';
import { type ServiceDefinition, submitPathOf } from '@kaunti/catalogue/definition';
import { openDefinitionOf, openServiceSchema } from '@kaunti/catalogue/open-definition';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import { applicationSchemaOf, exampleValuesOf } from '@kaunti/catalogue/schema-builder';
import {
  addCommentRequestSchema,
  applicationCommentSchema,
  applicationCommentsResponseSchema,
  applicationDetailSchema,
  applicationParamsSchema,
  applicationSubmittedSchema,
  applicationsQuerySchema,
  applicationsResponseSchema,
  availabilityQuerySchema,
  availabilityResponseSchema,
  cancelApplicationRequestSchema,
  catalogueServicesResponseSchema,
  createApplicationRequestSchema,
  draftIdField,
  quoteRequestSchema,
  quoteResponseSchema,
} from '@kaunti/contract/api-applications';
import { printableDocumentSchema } from '@kaunti/contract/api-documents';
import { answerSchema } from '@kaunti/contract/api-staff';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { answerLanguageOf } from '../../platform/http/accept-language';
import { pascalCase } from '../../platform/http/openapi';
import { currentUser, type Guards } from '../accounts/guard';
import type { ApplicationDocuments } from './application-documents';
import type { ApplicationService } from './application-service';
import type { ApplicationComments } from './comments';
import type { Quotes } from './quotes';

/** Submitting an application, by any path: 30 in 10 minutes per user. */
const SUBMIT_CONFIG = {
  rateLimit: {
    max: 30,
    timeWindow: '10 minutes',
    keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
  },
};
/** Comments: 30 in 10 minutes per user. */
export const COMMENT_CONFIG = {
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

/** The engine's own API: the catalogue, and the user's applications. */
/** A printed document's query: its print key, and the language it is printed in. */
const documentQuerySchema = z.object({
  key: z.string().max(64).optional(),
  lang: z
    .enum(['en', 'sw'])
    .optional()
    .describe('The language it prints in (a link cannot carry `Accept-Language`); it wins over the header.'),
});

/** The language a document is printed in: `lang`, else `Accept-Language` (decision 025). */
const documentLanguageOf = (lang: 'en' | 'sw' | undefined, header: string | string[] | undefined) =>
  lang ?? answerLanguageOf(header);

export function applicationRoutes(deps: {
  applications: ApplicationService;
  quotes: Quotes;
  documents: ApplicationDocuments;
  comments: ApplicationComments;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const security = [{ bearer: [] }];
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

    app.get(
      '/api/documents/:id',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getDocument',
          tags: ['documents'],
          summary: 'An issued document (certificate, letter, permit), as its printable page shows it',
          description:
            'The model of an issued document: title, number, holder, facts, wording, conditions, validity, ' +
            'its QR code and short verification code, and whether it still stands (`state`: valid, revoked ' +
            'or expired). Public, as a printable is, through its link (`document.print_url`): its id and its ' +
            "key, which is not in the QR code; without the right key, 404. In the reader's language: `lang` " +
            '(a link carries it), else `Accept-Language` (Kiswahili: `sw`; said in `Content-Language`).',
          params: z.object({ id: z.string().min(1).max(40) }),
          querystring: documentQuerySchema,
          response: { 200: printableDocumentSchema, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const language = documentLanguageOf(request.query.lang, request.headers['accept-language']);
        const { view } = await deps.documents.view(request.params.id, request.query.key, language);
        reply
          .header('cache-control', 'no-store')
          .header('content-language', language)
          .header('vary', 'Accept-Language');
        return view;
      },
    );

    app.get(
      '/api/documents/:id/pdf',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getDocumentPdf',
          tags: ['documents'],
          summary: 'An issued document (certificate, letter, permit) as a PDF',
          description:
            'The document an application was issued, as an A4 PDF with its QR code and short verification ' +
            'code. Public, as a printable is, through its link (`document.pdf_url`: its id and key). A revoked ' +
            "document still prints, and E-Verify says it is revoked. In the reader's language: `lang=sw` " +
            "(the printable page's link carries it), else `Accept-Language`.",
          params: z.object({ id: z.string().min(1).max(40) }),
          querystring: documentQuerySchema,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('The PDF'), 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const language = documentLanguageOf(request.query.lang, request.headers['accept-language']);
        const { document, bytes } = await deps.documents.pdf(request.params.id, request.query.key, language);
        return reply
          .type('application/pdf')
          .header('content-language', language)
          .header('vary', 'Accept-Language')
          .header('content-disposition', `inline; filename="${document.number}.pdf"`)
          .header('cache-control', 'private, max-age=300')
          .send(bytes);
      },
    );

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

import { z } from 'zod';
import { billSchema, nextCursorSchema, pageQuerySchema } from './api-bills';

/**
 * Service applications: the one engine behind every catalogue service.
 *
 *  - `GET  /api/catalogue/services`                 the services (summaries, menus)
 *  - `POST /api/applications`                       submit `{ service_id, values, draft_id? }`
 *  - `GET  /api/applications`                       the user's applications (newest first)
 *  - `GET  /api/applications/{application_no}`      one, with its status history and bill
 *  - `POST /api/applications/{application_no}/cancel`
 *
 * The spec's land paths (`/api/lands/...`, `/api/globalms/...`) are thin routes over the same
 * engine and answer the same {@link applicationSubmittedSchema}.
 */

/**
 * draft → submitted → awaiting_payment → under_review → approved / rejected / needs_info → issued,
 * and cancelled. The allowed moves are one table on the server (core/applications/status.ts).
 */
export const APPLICATION_STATUSES = [
  'draft',
  'submitted',
  'awaiting_payment',
  'under_review',
  'approved',
  'rejected',
  'needs_info',
  'issued',
  'cancelled',
] as const;
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/** `LND-2026-000123`: the service's three-letter prefix, the year, a number within the year. */
export const applicationNoSchema = z
  .string()
  .regex(/^[A-Z]{3}-\d{4}-\d{6,}$/)
  .describe('Application number, e.g. "LND-2026-000123".');

/** One status change of an application (its history). */
export const applicationEventSchema = z.object({
  from_status: applicationStatusSchema.nullable().describe('null for the creation.'),
  to_status: applicationStatusSchema,
  at: z.iso.datetime({ offset: true }),
  actor: z.enum(['user', 'staff', 'system', 'mpesa']).describe('Who made the change.'),
  note: z.string().nullable().describe('e.g. a reviewer\'s reason for "needs_info" or "rejected".'),
});
export type ApplicationEvent = z.infer<typeof applicationEventSchema>;

/** The document issued for an application: its E-Verify link and its printable PDF. */
export const issuedDocumentLinkSchema = z
  .object({
    id: z.string(),
    number: z.string(),
    status: z.enum(['issued', 'revoked']),
    pdf_url: z.string().describe('The PDF (public: its id cannot be guessed).'),
    print_url: z
      .string()
      .nullable()
      .describe('The printable page under /downloads/, where the kind has one.'),
    url: z.string().describe('Its E-Verify link: what its QR code holds.'),
    event_url: z
      .string()
      .optional()
      .describe(
        "An issued event's public page (/social/event/{id}), for a service whose documents have one.",
      ),
  })
  .meta({ id: 'IssuedDocumentLink' });
export type IssuedDocumentLink = z.infer<typeof issuedDocumentLinkSchema>;

export const applicationSchema = z
  .object({
    application_no: applicationNoSchema,
    service_id: z.string().describe('Catalogue service id, e.g. "land-transfer".'),
    service_title: z.string().describe('e.g. "Land Owner Amendment".'),
    route: z.string().describe('The portal route of the service, e.g. "/land-transfer".'),
    status: applicationStatusSchema,
    reference: z.string().nullable().describe('What it is about, e.g. the LR number.'),
    values: z.record(z.string(), z.unknown()).describe('The submitted payload, as validated.'),
    fee_cents: z.int().nonnegative().describe('The fee charged at submission (0 when none).'),
    bill_no: z.string().nullable().describe('The bill raised for the fee, if any.'),
    produces: z.string().nullable().describe('The document this service issues (catalogue name), if any.'),
    document: issuedDocumentLinkSchema.nullable().describe('Once issued: the document issued for it.'),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Application' });
export type Application = z.infer<typeof applicationSchema>;

export const applicationDetailSchema = applicationSchema
  .extend({
    history: z.array(applicationEventSchema).describe('Every status change, oldest first.'),
    bill: billSchema.nullable(),
  })
  .meta({ id: 'ApplicationDetail' });
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const applicationsResponseSchema = z
  .object({
    data: z.array(applicationSchema),
    next_cursor: nextCursorSchema,
  })
  .meta({ id: 'Applications' });

export const applicationsQuerySchema = z
  .object({
    status: applicationStatusSchema.optional(),
    service_id: z.string().max(60).optional(),
  })
  .extend(pageQuerySchema.shape);

export const applicationParamsSchema = z.object({ application_no: z.string().max(40) });

/** An optional id of the draft this submission finishes: the server deletes it in the same transaction. */
export const draftIdField = z
  .uuid()
  .optional()
  .describe('The draft this submission came from: deleted when the application is created.');

export const createApplicationRequestSchema = z
  .object({
    service_id: z.string().min(1).max(60).describe('Catalogue service id.'),
    values: z
      .record(z.string(), z.unknown())
      .describe("The form's values, keyed by field name; validated by the service's definition."),
    draft_id: draftIdField,
  })
  .meta({ id: 'CreateApplication' });
export type CreateApplicationRequest = z.infer<typeof createApplicationRequestSchema>;

/**
 * The answer to every submission (generic and spec land paths): `success` is always true on a
 * 2xx; `message` is the service's success message (land transfer: "LR application submitted
 * successfully"); `bill` is the fee's bill when the service charges one (status awaiting_payment).
 */
export const applicationSubmittedSchema = z
  .object({
    success: z.literal(true),
    message: z.string(),
    application: applicationSchema,
    bill: billSchema.nullable(),
  })
  .meta({ id: 'ApplicationSubmitted' });
export type ApplicationSubmitted = z.infer<typeof applicationSubmittedSchema>;

export const cancelApplicationRequestSchema = z
  .object({ reason: z.string().trim().max(500).optional() })
  .meta({ id: 'CancelApplication' })
  .meta({ examples: [{ reason: 'I applied for the wrong parcel' }] });

/** One service as `GET /api/catalogue/services` lists it. */
export const catalogueServiceSchema = z.object({
  id: z.string(),
  route: z.string(),
  area: z.string(),
  title: z.string(),
  description: z.string(),
  menu: z.boolean().describe("Shown in its area's services menu."),
  order: z.int(),
  submit_path: z.string().describe('Where the web app posts the finished form.'),
});
export const catalogueServicesResponseSchema = z
  .object({ data: z.array(catalogueServiceSchema) })
  .meta({ id: 'CatalogueServices' });

/** `POST /api/catalogue/services/{id}/quote`: the form as filled in so far. */
export const quoteRequestSchema = z
  .object({
    values: z
      .record(z.string().max(60), z.unknown())
      .describe(
        'The answers given so far, by field name; missing and invalid ones are left out of the price.',
      ),
  })
  .meta({ id: 'QuoteRequest' })
  .meta({ examples: [{ values: { survey_type_code: 'SV-BRE' } }] });

export const quoteLineSchema = z.object({
  description: z.string(),
  amount_cents: z.int().describe('Whole cents (KES × 100).'),
});

/** What the fee will be, or what is still needed to work it out. */
export const quoteResponseSchema = z
  .object({
    service_id: z.string(),
    complete: z.boolean().describe('True when every answer the fee depends on is given: `lines` is the fee.'),
    lines: z
      .array(quoteLineSchema)
      .describe('The bill lines the application would raise (empty: no fee, or not yet known).'),
    total_cents: z.int().nullable().describe('The sum of the lines; null until `complete`.'),
    missing: z
      .array(z.object({ field: z.string(), label: z.string() }))
      .describe('The fields the fee depends on that are not (validly) answered yet.'),
    message: z.string().nullable().describe('Why there is no amount yet, in words, when there is none.'),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteResponseSchema>;

export const applicationCommentSchema = z
  .object({
    id: z.string(),
    author: z.enum(['applicant', 'officer']).describe('Who wrote it: the applicant or a county officer.'),
    author_name: z.string(),
    body: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'ApplicationComment' });
export type ApplicationComment = z.infer<typeof applicationCommentSchema>;

export const applicationCommentsResponseSchema = z
  .object({ data: z.array(applicationCommentSchema) })
  .describe('ApplicationComments: oldest first.');

export const addCommentRequestSchema = z
  .object({ body: z.string().max(4000).describe('The comment, up to 1,000 characters.') })
  .meta({ id: 'AddComment' })
  .meta({ examples: [{ body: 'The bays are for our delivery vans, which arrive before 8 a.m.' }] });

export const availabilityQuerySchema = z.object({
  resource: z
    .string()
    .min(1)
    .max(60)
    .describe("The one booked: a value of the booking's resource field (an ambulance, a ground)."),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Please give the first day as YYYY-MM-DD' })
    .describe('The first day asked about (YYYY-MM-DD).'),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Please give the last day as YYYY-MM-DD' })
    .optional()
    .describe('The last day asked about (inclusive; at most 31 days from `from`); absent: `from` alone.'),
});

export const availabilityResponseSchema = z
  .object({
    service_id: z.string(),
    resource: z.string(),
    unit: z
      .enum(['slot', 'day'])
      .describe(
        "What one booking holds: a day's slot (an ambulance's pick-up time) or whole days (a ground).",
      ),
    days: z.array(
      z.object({
        date: z.string().describe('YYYY-MM-DD'),
        free: z.boolean().describe('A whole day nobody holds, or a day with at least one free slot.'),
        slots: z
          .array(
            z.object({
              slot: z.string().describe("A value of the booking's slot field, e.g. 06-09."),
              free: z.boolean(),
            }),
          )
          .describe("The day's slots in the form's order; empty when whole days are booked."),
      }),
    ),
  })
  .meta({ id: 'BookingAvailability' })
  .meta({
    examples: [
      {
        service_id: 'ambulance-services',
        resource: 'NCC-AMB-01',
        unit: 'slot',
        days: [
          {
            date: '2026-12-01',
            free: true,
            slots: [
              { slot: '06-09', free: false },
              { slot: '09-12', free: true },
            ],
          },
        ],
      },
    ],
  });
export type BookingAvailability = z.infer<typeof availabilityResponseSchema>;

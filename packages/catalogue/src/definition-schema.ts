import { z } from 'zod';
import { documentTemplateSchema } from './registries/document-template';
import { PUBLIC_PAGE_KIND_NAMES, type PublicPageKind } from './registries/public-pages';
import type { ServiceTexts } from './texts';

/**
 * The shape of one citizen service, as data. The web app renders its wizard from it and the
 * server validates, prices and routes its applications by it. Behaviours (field kinds, fee
 * rules, workflows, documents, reference lists) are named here and looked up in registries
 * (`registries/*.ts`), never imported by path; `catalogue.test.ts` checks every name exists.
 *
 * The schemas and the types made from them (zod). `definition.ts` is the module to import: it
 * adds the zod-free helpers of `define-service.ts`, which the service files use, so a page that
 * imports a definition (not its schemas) does not load zod.
 */
export const serviceAreaSchema = z
  .enum([
    'land',
    'parking',
    'markets',
    'business',
    'health',
    'licensing',
    'property',
    'payments',
    'transport',
    'social',
  ])
  .describe('The service area, as listed in the spec, section 1.');

export const serviceIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'A service id is kebab-case')
  .describe('Stable id of the service, e.g. "land-transfer".');

export const routeSchema = z
  .string()
  .regex(/^\/[a-z0-9/-]*$/, 'A route starts with / and is lower case')
  .describe('The portal route of the service, exactly as in the spec (e.g. "/land-transfer").');

export const serviceSummarySchema = z
  .object({
    id: serviceIdSchema,
    route: routeSchema,
    area: serviceAreaSchema,
    title: z.string().min(1).describe('The name shown in menus and as the page title.'),
    description: z.string().min(1).describe('One sentence shown under the name in menus.'),
  })
  .describe('What a menu needs to know about a service.');

export type ServiceArea = z.infer<typeof serviceAreaSchema>;
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Fields

/** A field's payload key: the exact name the API takes (e.g. the spec's `lr_number`, `idCard`). */
export const fieldNameSchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'A field name is a letter then letters, digits or _')
  .describe('The key of the value in the application payload, exactly as the API names it.');

export const optionSchema = z
  .object({
    value: z.string().describe('What is sent in the payload.'),
    label: z.string().describe('What the user sees (English; the web app translates).'),
  })
  .describe('One choice of a select field.');

/**
 * Where a select field's choices come from: either listed in the definition (`static`), or a
 * named reference list (registries/reference-lists.ts) that the web app fetches from the API.
 * `params` maps the list's parameters to other fields of the form, e.g. the wards list takes
 * `{ sub_county_code: 'sub_county_code' }`: the ward choices follow the chosen sub-county.
 */
export const optionsSourceSchema = z
  .union([
    z.object({ static: z.array(optionSchema).readonly().describe('The choices, in display order.') }),
    z.object({
      list: z.string().min(1).describe('Name of a reference list, e.g. "land-use-codes".'),
      params: z
        .record(z.string(), fieldNameSchema)
        .optional()
        .describe('List parameter → name of the field whose current value it takes.'),
    }),
  ])
  .describe('Where the choices of a select field come from.');

/** A relative or fixed date limit: "today", "+30d", "-18y", or a date YYYY-MM-DD. */
export const dateLimitSchema = z
  .string()
  .regex(/^(today|[+-]\d{1,4}[dmy]|\d{4}-\d{2}-\d{2})$/, 'A date limit is today, +30d, -18y or YYYY-MM-DD')
  .describe('A date limit: "today", days/months/years from today ("+30d", "-18y"), or a fixed date.');

/**
 * When a field is shown (and so asked for): another field of the form has a value (`equals`
 * absent), or one of the given values. A hidden field is neither required nor kept.
 */
export const showWhenSchema = z
  .object({
    field: z.string().min(1).describe('The field whose answer decides.'),
    equals: z
      .union([z.string(), z.boolean(), z.array(z.string()).min(1).readonly()])
      .optional()
      .describe('The value (or one of the values) that shows this field; absent: any answer.'),
  })
  .describe('Shows the field only when another field has a value (or a given value).');

const baseFieldSchema = z.object({
  name: fieldNameSchema,
  kind: z
    .string()
    .min(1)
    .describe('Name of a field kind in registries/field-kinds.ts: text, number, select, parcel, file...'),
  label: z.string().min(1).describe('The label shown above the input (English; the web app translates).'),
  hint: z.string().optional().describe('A short help text shown under the label.'),
  required: z
    .boolean()
    .default(true)
    .describe('A required field is marked with a red asterisk and must be filled in to go on.'),
  required_message: z
    .string()
    .optional()
    .describe('The message shown when a required field is left empty (the spec gives some verbatim).'),
  invalid_message: z
    .string()
    .optional()
    .describe("The message shown when the value is there but not valid; else the kind's own message."),
  options: optionsSourceSchema.optional().describe('For select fields: where the choices come from.'),
  min: z.number().optional().describe('number: the smallest value allowed. text: the shortest length.'),
  max: z.number().optional().describe('number: the largest value allowed. text: the longest length.'),
  placeholder: z.string().optional().describe('An example value shown in an empty input.'),
  example: z
    .unknown()
    .optional()
    .describe(
      "A value that passes this field's validation, for the open catalogue and the API document. " +
        'Needed where the kind cannot make one (a choice from a reference list); else the kind gives one.',
    ),
  pattern: z
    .object({
      regex: z.string().min(1).describe('A regular expression the whole (trimmed) text must match.'),
      message: z.string().min(1).describe('The message when it does not, naming the expected form.'),
    })
    .optional()
    .describe('text: the form the text must take, with its own message.'),
  min_date: dateLimitSchema.optional().describe('date: the earliest date allowed.'),
  max_date: dateLimitSchema.optional().describe('date: the latest date allowed.'),
  show_when: showWhenSchema.optional(),
  add_label: z
    .string()
    .optional()
    .describe('group: the label of the button that adds an entry, e.g. "Add another vehicle".'),
  entry_label: z
    .string()
    .optional()
    .describe(
      'group: what one entry is, numbered on the form and the summary ("Vehicle" → Vehicle 1, Vehicle 2); else the label.',
    ),
});

/** A field definition as a service file writes it (a group holds its own fields). */
export type FieldDefinition = z.input<typeof baseFieldSchema> & { fields?: readonly FieldDefinition[] };

export const fieldSchema: z.ZodType<FieldDefinition, FieldDefinition> = baseFieldSchema
  .extend({
    fields: z
      .lazy(() => z.array(fieldSchema).min(1).readonly())
      .optional()
      .describe('group: the fields of one entry (min and max count the entries).'),
  })
  .describe('One input of a form step. Its zod schema is built from this metadata, never written apart.');

// ---------------------------------------------------------------------------------------------
// Steps

/** A block of an information step's content (e.g. the land transfer Instructions). */
export const contentBlockSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('heading'), text: z.string().min(1) }),
    z.object({ type: z.literal('paragraph'), text: z.string().min(1) }),
    z.object({ type: z.literal('list'), items: z.array(z.string().min(1)).min(1).readonly() }),
    z.object({
      type: z.literal('notice'),
      text: z.string().min(1).describe('Shown in an info alert.'),
    }),
    z.object({
      type: z.literal('link'),
      text: z.string().min(1).describe('The words of the link, e.g. "Read the terms and conditions".'),
      to: routeSchema.describe(
        'A page of the portal (it opens in a new tab: the form keeps what was typed).',
      ),
    }),
  ])
  .describe('A heading, paragraph, bulleted list, notice or link to a page of an information step.');

export const stepSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, 'A step id is kebab-case')
      .describe('Stable id of the step within its service, e.g. "personal-details".'),
    title: z.string().min(1).describe('The step title shown in the stepper.'),
    description: z.string().optional().describe('One sentence shown under the step title.'),
    content: z
      .array(contentBlockSchema)
      .readonly()
      .optional()
      .describe('Information shown before the fields (an Instructions step has only this).'),
    fields: z.array(fieldSchema).readonly().default([]).describe('The inputs of this step, in order.'),
    component: z
      .string()
      .optional()
      .describe('Name of a custom step component in the web app, where the generic form does not fit.'),
    helper: z
      .string()
      .optional()
      .describe(
        "Name of a helper component the web app shows before the step's fields, which fills them in " +
          '(e.g. "business-finder": a business of the county\'s register by its KRA PIN).',
      ),
  })
  .describe('One step of the wizard: validated on submit before the next one opens.');

export type StepDefinition = z.input<typeof stepSchema>;

// ---------------------------------------------------------------------------------------------
// The service

export const feeSchema = z
  .object({
    rule: z.string().min(1).describe('Name of a fee rule in registries/fee-rules.ts.'),
    params: z
      .record(z.string(), z.unknown())
      .default({})
      .describe("The rule's parameters, checked by the rule's own params schema."),
  })
  .describe('How the fee is worked out. Amounts live in seeded fee schedules, never in code.');

export const requiredDocumentSchema = z
  .object({
    field: fieldNameSchema.describe('The file field that carries it.'),
    title: z.string().min(1).describe('What to prepare, e.g. "Copy of your national ID card".'),
  })
  .describe('A document the applicant must upload (listed on the Instructions step too).');

export const submitSchema = z
  .object({
    method: z.enum(['POST']).describe('HTTP method of the submit call.'),
    path: z
      .string()
      .regex(/^\/api\//, 'An API path starts with /api/')
      .optional()
      .describe(
        'The API path the web app posts the payload to, where the spec names one (the land services); ' +
          'without it, `/api/services/<service id>/applications` (submitPathOf).',
      ),
    success_message: z
      .string()
      .min(1)
      .describe('Shown when the submission succeeds, e.g. "LR application submitted successfully".'),
    failure_message: z
      .string()
      .min(1)
      .optional()
      .describe(
        'Shown when a failed submission carries no message of its own (pest control: "Request failed").',
      ),
  })
  .describe('Where and how the finished form is submitted.');

/**
 * A ticket bought with no account (workflow "ticket", core/tickets on the server): the thing paid
 * for is the values of `once_per` in a period — one open bill for it, and once paid it is not
 * charged again (a plate's cess of a produce at a market for the day); a `visit` is paid for
 * each time (a toilet's single entry), one pending at a time.
 */
export const ticketPeriodSchema = z.enum(['day', 'month', 'visit']);

export const ticketSchema = z
  .object({
    once_per: z
      .array(fieldNameSchema)
      .min(1)
      .readonly()
      .describe('The fields whose values, with the period, are the thing paid for (one open bill for it).'),
    period: z
      .union([
        ticketPeriodSchema,
        z.object({
          from_field: fieldNameSchema.describe(
            'The field that chooses the period (a pass: single or monthly).',
          ),
          periods: z.record(z.string(), ticketPeriodSchema),
        }),
      ])
      .describe(
        'day: until midnight; month: the calendar month; visit: each payment its own ticket, for the day.',
      ),
    phone_field: fieldNameSchema.default('phone_number').describe('The M-Pesa phone the prompt goes to.'),
    plate_field: fieldNameSchema
      .optional()
      .describe("A vehicle's plate: the enforcement officers' plate check shows the ticket paid today."),
    holder: z
      .string()
      .min(1)
      .describe(
        'Whom the ticket is issued to, with {field} placeholders: "Vehicle {plate}" (no personal data).',
      ),
    number_prefix: z
      .string()
      .regex(/^[A-Z]{2,5}$/, 'A ticket number prefix is 2 to 5 capital letters')
      .describe('The printed number: "<prefix>-<year>-" and 10 characters (it opens nothing).'),
    read_path: z
      .string()
      .regex(/^\/api\/.*\{ticket_id\}/, 'A read path is an API path with {ticket_id}')
      .describe('Where anyone holding the id reads the ticket; its page is the same path without /api.'),
  })
  .describe('A ticket paid by M-Pesa with no account (workflow "ticket").');

export const serviceDefinitionSchema = serviceSummarySchema
  .extend({
    menu: z
      .boolean()
      .describe("True when the service is an entry of its area's services menu (spec section 2)."),
    order: z.number().int().describe('Position in its area menu and lists, ascending.'),
    application_prefix: z
      .string()
      .regex(/^[A-Z]{3}$/, 'An application prefix is three capital letters')
      .describe('First part of application numbers, e.g. "LND" → LND-2026-000123.'),
    reference_field: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The field whose value tells one application of this service from another — the parcel, the ' +
          'business, the plate — shown beside its drafts and applications (e.g. "lr_number").',
      ),
    ussd: z
      .boolean()
      .optional()
      .describe(
        'True when feature phones reach the service on the USSD menu: its screens are made from its ' +
          "fields (choices, short text and numbers; a phone field is the caller's), and the area that " +
          'owns it says how it is paid (docs/decisions/033).',
      ),
    holder_field: z
      .string()
      .min(1)
      .optional()
      .describe(
        "The field naming whom what is issued is issued to (a permit's business); else the applicant's name.",
      ),
    holder_id_field: z
      .string()
      .min(1)
      .optional()
      .describe(
        "With holder_field naming a person on the form: the field of that person's ID number (a personal " +
          "document prints both, so the name and the ID come from one source); else the account's.",
      ),
    steps: z.array(stepSchema).min(1).readonly().describe('The wizard steps, in order.'),
    required_documents: z
      .array(requiredDocumentSchema)
      .readonly()
      .default([])
      .describe('Uploads the applicant must provide; each names a required file field.'),
    fee: feeSchema,
    derived: z
      .array(
        z.object({
          name: fieldNameSchema,
          description: z.string().min(1),
          from: fieldNameSchema
            .optional()
            .describe(
              'The repeating group it is made of (printing it prints that group: "plates" from "vehicles").',
            ),
        }),
      )
      .readonly()
      .default([])
      .describe(
        "Values the service's area works out on submit from the answers and the county's records (an " +
          "activity's name, months since the last permit expired), never asked: a fee rule or the document may read them.",
      ),
    workflow: z.string().min(1).describe('Name of a workflow in registries/workflows.ts.'),
    produces: z
      .string()
      .min(1)
      .describe(
        'Name of the document issued at the end: a template in registries/documents.ts ("none" for none), ' +
          "or the name of the definition's own `document` template.",
      ),
    document: documentTemplateSchema
      .optional()
      .describe(
        "The service's own document template, when no registered template fits (`produces` names it).",
      ),
    submit: submitSchema,
    status_sms: z
      .object({
        under_review: z
          .string()
          .min(1)
          .optional()
          .describe('Received (submitted with nothing to pay, or paid).'),
        approved: z.string().min(1).optional().describe('Approved (e.g. a repair scheduled).'),
        issued: z.string().min(1).optional().describe('Issued (e.g. a repair done and closed).'),
      })
      .optional()
      .describe(
        "The citizen's SMS at these steps in the service's own words instead of the engine's (status-sms.ts): " +
          "{application_no}, {note} (the officer's note with the decision: when a repair is scheduled) and " +
          '{print_url} (the issued document) are filled in.',
      ),
    texts: z
      .object({ sw: z.custom<ServiceTexts>((v) => typeof v === 'object' && v !== null).optional() })
      .optional()
      .describe(
        "The service's texts in the other languages (service-texts.ts), from its folder's sw.json: " +
          'added when the catalogue assembles the folder, never written in the definition.',
      ),
    unprinted_groups: z
      .array(fieldNameSchema)
      .readonly()
      .optional()
      .describe(
        'Repeating groups its document does not print, said on purpose (every other group must be a ' +
          'table of the template, or the catalogue check fails: nothing the applicant listed is dropped silently).',
      ),
    booking: z
      .object({
        resource: z
          .string()
          .regex(/^[a-z][a-z0-9-]*$/, 'A booked resource is kebab-case')
          .describe(
            'What is booked, e.g. "ambulance": bookings of every service naming the same resource and the ' +
              'same one (resource_field) never overlap.',
          ),
        resource_field: fieldNameSchema.describe(
          'The select field whose value is the one booked (the ambulance).',
        ),
        date_field: fieldNameSchema.describe('The date field of the (first) day booked.'),
        slot_field: fieldNameSchema
          .optional()
          .describe(
            'A select field whose values are the day\'s slots, which never overlap each other ("06-09"); ' +
              'absent: whole days are booked.',
          ),
        end_date_field: fieldNameSchema
          .optional()
          .describe('Whole days only: the date field of the last day booked (inclusive); absent: one day.'),
        hold_minutes: z
          .int()
          .positive()
          .max(7 * 24 * 60)
          .describe(
            'How long an unpaid booking holds what it booked: after that its application and bill are ' +
              'cancelled (by the next booking that wants it, or the "booking holds" job within five minutes).',
          ),
      })
      .optional()
      .describe(
        'A booking (decision 031): the application holds a resource for dated slots or days; no two ' +
          'paid-or-pending bookings of one resource overlap (a database key per slot or day).',
      ),
    ticket: ticketSchema
      .optional()
      .describe('With workflow "ticket": what is paid for once and how its ticket is kept.'),
    public_page: z
      .object({
        kind: z
          .enum(PUBLIC_PAGE_KIND_NAMES as [PublicPageKind, ...PublicPageKind[]])
          .describe('What the page shows (registries/public-pages.ts): an event, at /social/event/{id}.'),
        fields: z
          .record(z.string(), fieldNameSchema)
          .describe('Each answer of the page (name, organiser, venue…) and the field it is read from.'),
      })
      .optional()
      .describe(
        'What it issues has a public page anyone may open by the document id (an event): only the answers ' +
          "the kind lists, each from the field named here, and whether the document stands; never the applicant's details.",
      ),
    validity: z
      .union([
        z.object({ days: z.int().positive().describe('Valid this many days from the day it is issued.') }),
        z.object({
          from_field: z.string().min(1).describe('The field that chooses the period, e.g. "period".'),
          days: z
            .record(z.string(), z.int().positive())
            .describe('Days of validity for each value of that field, e.g. { monthly: 30, yearly: 365 }.'),
          days_field: z
            .string()
            .min(1)
            .optional()
            .describe(
              'A whole-number field giving the days, for a value of from_field with no entry in `days` ' +
                '(a reservation "for some days").',
            ),
        }),
      ])
      .optional()
      .describe("How long what is issued is valid; else the document kind's own validity (if any)."),
    renewable: z
      .boolean()
      .optional()
      .describe(
        'What it issues is renewed yearly (decision 040): listed on /permits with print, verify and renew, ' +
          "renewed from 30 days before its expiry with last year's answers, reminded of by SMS 30 and 7 days " +
          "before it, answered by the permit check. Needs a validity (its own or its template's).",
      ),
  })
  .describe('One citizen service, complete: menu entry, wizard, documents, fee, workflow, output.');

/** What a service file writes (defaults not yet applied). */
export type ServiceDefinition = z.input<typeof serviceDefinitionSchema>;
/** A definition after parsing (defaults applied). */
export type ParsedServiceDefinition = z.output<typeof serviceDefinitionSchema>;

/** Parses a definition against the schema (throws a ZodError naming the bad part). */
export function parseService(definition: ServiceDefinition): ParsedServiceDefinition {
  return serviceDefinitionSchema.parse(definition);
}

/** The summary of a service, as menus and `GET /api/catalogue/services` show it. */
export function summaryOf(definition: ServiceDefinition): ServiceSummary {
  const { id, route, area, title, description } = definition;
  return { id, route, area, title, description };
}

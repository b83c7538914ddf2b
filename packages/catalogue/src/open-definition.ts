import { z } from 'zod';
import {
  type FieldDefinition,
  type ServiceDefinition,
  serviceSummarySchema,
  submitPathOf,
} from './definition';
import { documentTemplateOf } from './registries/documents';
import { findFeeRule } from './registries/fee-rules';
import { findFieldKind } from './registries/field-kinds';
import { findReferenceList } from './registries/reference-lists';
import { findWorkflow } from './registries/workflows';
import { exampleOf, exampleValuesOf, requiredMessageOf } from './schema-builder';
import { localiseService } from './service-texts';

/**
 * The open catalogue: a service's whole definition as any client needs it to render the form and
 * submit it — an agent's tablet, a USSD gateway, a partner's app — with every name resolved (the
 * field kind's control and JSON type, where a list's choices are fetched, the fee rule, the
 * workflow, the document). `GET /api/catalogue/services/{id}` answers it, in English or (asked
 * with `Accept-Language: sw`) in Kiswahili, from the service's folder.
 */

const openOptionsSchema = z
  .union([
    z.object({ static: z.array(z.object({ value: z.string(), label: z.string() })) }),
    z.object({
      list: z.string().describe('The reference list, e.g. "wards".'),
      method: z.enum(['GET', 'POST']),
      path: z.string().describe('Where to fetch the choices, e.g. "/api/county/sub-counties".'),
      items: z.string().describe('The answer property holding the choices ("data").'),
      value: z.string().describe('The property of a choice to send.'),
      label: z.string().describe('The property of a choice to show.'),
      params: z
        .record(z.string(), z.string())
        .optional()
        .describe('List parameter → the field whose value it takes (the choices follow that field).'),
    }),
  ])
  .describe('The choices of a select field: listed, or fetched from a reference list.');

const openFieldShape = {
  name: z.string().describe('The key in the application payload.'),
  kind: z
    .string()
    .describe('text, textarea, number, select, parcel, file, date, phone, email, kra-pin, checkbox.'),
  input: z
    .string()
    .describe('The control to render: text, textarea, number, select, file, date, tel, email, checkbox.'),
  type: z
    .enum(['string', 'number', 'boolean', 'array'])
    .describe('The JSON type of the value (array: a group).'),
  format: z.string().optional().describe('e.g. "uuid" for an upload id, "date", "email".'),
  pattern: z.string().optional().describe('A pattern the value must match (JSON Schema, ECMA dialect).'),
  label: z.string(),
  hint: z.string().optional(),
  required: z.boolean(),
  required_message: z.string().describe('Shown when a required field is left empty.'),
  invalid_message: z.string().optional(),
  min: z.number().optional().describe('number: the smallest value. text: the shortest length.'),
  max: z.number().optional().describe('number: the largest value. text: the longest length.'),
  placeholder: z.string().optional(),
  accept: z.string().optional().describe('file: the types to offer (then POST /api/uploads; send its id).'),
  options: openOptionsSchema.optional(),
  min_date: z.string().optional().describe('date: the earliest date, "today", "+30d", "-18y" or YYYY-MM-DD.'),
  max_date: z.string().optional().describe('date: the latest date, in the same forms.'),
  show_when: z
    .object({
      field: z.string(),
      equals: z.union([z.string(), z.boolean(), z.array(z.string())]).optional(),
    })
    .optional()
    .describe(
      'Ask this field only when that field has a value (or one of these values); otherwise leave it out.',
    ),
  add_label: z.string().optional().describe('group: the label of the button that adds an entry.'),
  entry_label: z
    .string()
    .optional()
    .describe('group: what one entry is, e.g. "Vehicle" (Vehicle 1, Vehicle 2).'),
  example: z.unknown().describe('A value that passes this field (an upload id must be one of yours).'),
};

/** A field of a group's entry (groups do not nest). */
const openEntryFieldSchema = z.object(openFieldShape).meta({ id: 'OpenEntryField' });

export const openFieldSchema = z
  .object({
    ...openFieldShape,
    fields: z
      .array(openEntryFieldSchema)
      .optional()
      .describe('group: the fields of each entry; min and max count the entries.'),
  })
  .meta({ id: 'OpenField' });

export const openServiceSchema = serviceSummarySchema
  .extend({
    application_prefix: z.string().describe('First part of its application numbers, e.g. "LND".'),
    reference_field: z
      .string()
      .optional()
      .describe('The field that names an application (parcel, business, plate).'),
    steps: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        description: z.string().optional(),
        content: z
          .array(z.record(z.string(), z.unknown()))
          .optional()
          .describe('Headings, paragraphs, lists, notices.'),
        fields: z.array(openFieldSchema),
      }),
    ),
    required_documents: z.array(z.object({ field: z.string(), title: z.string() })),
    fee: z.object({
      rule: z.string(),
      description: z.string(),
      params: z.record(z.string(), z.unknown()),
    }),
    workflow: z.object({
      name: z.string(),
      description: z.string(),
      after_payment: z.enum(['under_review', 'issued']),
      without_fee: z.enum(['under_review', 'issued']),
    }),
    document: z
      .object({
        kind: z.string().describe('The template\'s name, e.g. "single-business-permit".'),
        title: z.string(),
        description: z.string(),
        register: z.string().nullable().describe('Its kind in the E-Verify register (permit, licence...).'),
        print_route: z.string().nullable().describe('Its printable page under /downloads/.'),
        facts: z
          .array(z.object({ label: z.string(), field: z.string() }))
          .describe(
            'The facts printed under its title, in order, and the field (or built-in) each comes from.',
          ),
        conditions: z.array(z.string()).describe('Its numbered conditions.'),
        validity_days: z.number().int().nullable(),
      })
      .nullable()
      .describe('What is issued at the end; null for none.'),
    submit: z.object({
      method: z.literal('POST'),
      path: z.string().describe('Where to post the values (or POST /api/applications with service_id).'),
      success_message: z.string(),
    }),
    example: z.record(z.string(), z.unknown()).describe('A whole payload that passes (upload ids aside).'),
  })
  .meta({ id: 'ServiceDefinition' });
export type OpenService = z.infer<typeof openServiceSchema>;

type OpenField = z.infer<typeof openFieldSchema>;

function openShowWhen(when: NonNullable<FieldDefinition['show_when']>): NonNullable<OpenField['show_when']> {
  const equals = when.equals;
  if (equals === undefined) return { field: when.field };
  return { field: when.field, equals: typeof equals === 'object' ? [...equals] : equals };
}

function openField(field: FieldDefinition): OpenField {
  const kind = findFieldKind(field.kind);
  if (!kind) throw new Error(`Field "${field.name}" has an unknown kind "${field.kind}".`);
  const options = field.options;
  let open: z.infer<typeof openOptionsSchema> | undefined;
  if (options && 'static' in options) open = { static: options.static.map((o) => ({ ...o })) };
  else if (options) {
    const list = findReferenceList(options.list);
    if (!list) throw new Error(`Field "${field.name}" names an unknown list "${options.list}".`);
    open = {
      list: list.name,
      method: list.method,
      path: list.path,
      items: list.items,
      value: list.value,
      label: list.label,
      ...(options.params ? { params: { ...options.params } } : {}),
    };
  }
  const required = field.required ?? true;
  return {
    name: field.name,
    kind: kind.name,
    input: kind.input,
    type: kind.json.type,
    ...(kind.json.format ? { format: kind.json.format } : {}),
    ...(field.pattern
      ? { pattern: `^(?:${field.pattern.regex})$` }
      : kind.json.pattern
        ? { pattern: kind.json.pattern }
        : {}),
    label: field.label,
    ...(field.hint ? { hint: field.hint } : {}),
    required,
    required_message: requiredMessageOf(field),
    ...(field.invalid_message ? { invalid_message: field.invalid_message } : {}),
    ...(field.min !== undefined ? { min: field.min } : {}),
    ...(field.max !== undefined ? { max: field.max } : {}),
    ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    ...(kind.accept ? { accept: kind.accept } : {}),
    ...(open ? { options: open } : {}),
    ...(field.min_date ? { min_date: field.min_date } : {}),
    ...(field.max_date ? { max_date: field.max_date } : {}),
    ...(field.show_when ? { show_when: openShowWhen(field.show_when) } : {}),
    ...(field.add_label ? { add_label: field.add_label } : {}),
    ...(field.entry_label ? { entry_label: field.entry_label } : {}),
    ...(field.fields ? { fields: field.fields.map(openField) } : {}),
    example: exampleOf(field),
  };
}

/**
 * The open definition of a service (see above), its texts in `language`: Kiswahili from the
 * service's folder (every title, step, label — a group's fields too —, hint, option and message),
 * English otherwise.
 */
export function openDefinitionOf(given: ServiceDefinition, language: 'en' | 'sw' = 'en'): OpenService {
  const service = language === 'sw' ? localiseService(given, { own: given.texts?.sw }, 'sw') : given;
  const rule = findFeeRule(service.fee.rule);
  const workflow = findWorkflow(service.workflow);
  const document = service.produces === 'none' ? undefined : documentTemplateOf(service);
  if (!rule || !workflow) throw new Error(`Service "${service.id}" names an unknown fee rule or workflow.`);
  const steps = service.steps.map((step) => ({
    id: step.id,
    title: step.title,
    ...(step.description ? { description: step.description } : {}),
    ...(step.content ? { content: step.content.map((block) => ({ ...block })) } : {}),
    fields: (step.fields ?? []).map(openField),
  }));
  return {
    id: service.id,
    route: service.route,
    area: service.area,
    title: service.title,
    description: service.description,
    application_prefix: service.application_prefix,
    ...(service.reference_field ? { reference_field: service.reference_field } : {}),
    steps,
    required_documents: (service.required_documents ?? []).map((d) => ({ ...d })),
    fee: { rule: rule.name, description: rule.description, params: { ...(service.fee.params ?? {}) } },
    workflow: {
      name: workflow.name,
      description: workflow.description,
      after_payment: workflow.after_payment,
      without_fee: workflow.without_fee,
    },
    document: document
      ? {
          kind: document.name,
          title: document.title,
          description: document.description,
          register: document.register ?? null,
          print_route: document.download_route ?? null,
          facts: (document.facts ?? []).map((f) => ({ ...f })),
          conditions: [...(document.conditions ?? [])],
          validity_days: document.validity_days ?? null,
        }
      : null,
    submit: { ...service.submit, path: submitPathOf(service) },
    example: exampleValuesOf(service),
  };
}

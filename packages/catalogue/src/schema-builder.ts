import { z } from 'zod';
import type { FieldDefinition, ServiceDefinition, StepDefinition } from './definition';
import { fieldsOf, isEmpty, isShown, requiredMessageOf } from './field-rules';
import { findFieldKind } from './registries/field-kinds';
import { findReferenceList } from './registries/reference-lists';

/**
 * Builds the zod schemas of a service from its field metadata, so what the form shows and what
 * the server accepts can never disagree. The same schemas validate each wizard step in the
 * browser and the whole payload on the server. Which fields are asked and what counts as empty
 * are `field-rules.ts` (zod-free, what a form needs to draw a step), re-exported here.
 */

export { fieldsOf, isShown, requiredMessageOf };

/** One problem with one field, as the API's error details carry it. */
export interface FieldProblem {
  path: string;
  message: string;
}

export type ValidationResult =
  | { success: true; values: Record<string, unknown> }
  | { success: false; errors: FieldProblem[] };

/**
 * A group's value: a list of entries, each checked by the group's own fields, the number of
 * entries within min and max (a message naming the group when there are too many or too few).
 */
function groupSchema(field: FieldDefinition): z.ZodType {
  const fields = field.fields ?? [];
  const label = field.label.toLowerCase();
  let schema = z.array(
    withConditions(z.object(Object.fromEntries(fields.map((f) => [f.name, fieldValueSchema(f)]))), fields),
    {
      error: field.invalid_message ?? `Please check the ${label}`,
    },
  );
  if (field.min !== undefined) schema = schema.min(field.min, `Please add at least ${field.min} ${label}`);
  if (field.max !== undefined) schema = schema.max(field.max, `You can add at most ${field.max} ${label}`);
  return schema;
}

/**
 * A step's or a payload's object schema with its fields' `show_when` applied: the answer to a
 * hidden field is dropped (never kept, never checked), and a shown conditional field that is
 * required must be answered (it is built as optional, so the plain object stays a valid API shape).
 */
/** A form's values: field name → answer. */
export type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

function withConditions(object: z.ZodObject, fields: readonly FieldDefinition[]): FormSchema {
  const conditional = fields.filter((f) => f.show_when);
  if (conditional.length === 0) return object as unknown as FormSchema;
  return z
    .preprocess((input) => {
      if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
      const values = { ...(input as Record<string, unknown>) };
      for (const field of conditional) if (!isShown(field, values)) delete values[field.name];
      return values;
    }, object)
    .superRefine((values, ctx) => {
      for (const field of conditional) {
        if (!(field.required ?? true) || !isShown(field, values)) continue;
        const kind = findFieldKind(field.kind);
        if (isEmpty(values[field.name], kind?.emptyValues))
          ctx.addIssue({ code: 'custom', path: [field.name], message: requiredMessageOf(field) });
      }
    }) as unknown as FormSchema;
}

/**
 * The schema of one field's value: empty (undefined, null, blank text, an unticked box) is
 * refused with the required message when the field is required and dropped when it is not;
 * a present value is checked by its kind.
 */
export function fieldValueSchema(field: FieldDefinition): z.ZodType {
  const kind = findFieldKind(field.kind);
  if (!kind) throw new Error(`Field "${field.name}" has an unknown kind "${field.kind}".`);
  const present = kind.name === 'group' ? groupSchema(field) : kind.schema(field);
  const toUndefinedWhenEmpty = (v: unknown) => (isEmpty(v, kind.emptyValues) ? undefined : v);
  // A conditional field's requiredness depends on the other answers: checked by withConditions.
  const required = (field.required ?? true) && !field.show_when;
  const schema = required
    ? z.preprocess(
        toUndefinedWhenEmpty,
        z.custom((v) => v !== undefined, { error: requiredMessageOf(field) }).pipe(present),
      )
    : z.preprocess(toUndefinedWhenEmpty, present.optional());
  return schema.meta({ ...kind.json, ...constraintsOf(field), description: describeField(field) });
}

/** The field's own limits as JSON Schema, so a client can check a value before sending it. */
function constraintsOf(field: FieldDefinition): Record<string, unknown> {
  const kind = findFieldKind(field.kind);
  const out: Record<string, unknown> = {};
  if (kind?.input === 'number') {
    if (field.min !== undefined) out.minimum = field.min;
    if (field.max !== undefined) out.maximum = field.max;
  } else if (kind?.input === 'text' || kind?.input === 'textarea') {
    if (field.min !== undefined) out.minLength = field.min;
    if (field.max !== undefined) out.maxLength = field.max;
    if (field.pattern) out.pattern = `^(?:${field.pattern.regex})$`;
  } else if (kind?.input === 'group') {
    if (field.min !== undefined) out.minItems = field.min;
    if (field.max !== undefined) out.maxItems = field.max;
    const inner = field.fields ?? [];
    out.items = {
      type: 'object',
      properties: Object.fromEntries(
        inner.map((f) => [
          f.name,
          { type: findFieldKind(f.kind)?.json.type ?? 'string', description: describeField(f) },
        ]),
      ),
      required: inner.filter((f) => (f.required ?? true) && !f.show_when).map((f) => f.name),
    };
  }
  if (field.options && 'static' in field.options) out.enum = field.options.static.map((o) => o.value);
  const example = exampleOf(field);
  if (example !== undefined) out.examples = [example];
  return out;
}

/** The label, and for a choice from a reference list, where its codes come from. */
function describeField(field: FieldDefinition): string {
  const options = field.options;
  if (!options || !('list' in options)) return field.label;
  const list = findReferenceList(options.list);
  return list ? `${field.label}: a code from ${list.method} ${list.path.split('?')[0]}` : field.label;
}

/** A value that passes the field's validation: the definition's own, else its kind's. */
export function exampleOf(field: FieldDefinition): unknown {
  if (field.example !== undefined) return field.example;
  if (field.kind === 'group') {
    const entry = Object.fromEntries(
      (field.fields ?? []).map((f) => [f.name, exampleOf(f)] as const).filter(([, v]) => v !== undefined),
    );
    return Array.from({ length: Math.max(1, field.min ?? 1) }, () => ({ ...entry }));
  }
  return findFieldKind(field.kind)?.example(field);
}

/** A whole payload that passes the service's validation (upload ids aside), from its fields' examples. */
export function exampleValuesOf(service: ServiceDefinition): Record<string, unknown> {
  return Object.fromEntries(
    fieldsOf(service)
      .map((field) => [field.name, exampleOf(field)] as const)
      .filter(([, value]) => value !== undefined),
  );
}

const stepCache = new WeakMap<object, FormSchema>();
const checkedServiceCache = new WeakMap<object, FormSchema>();
const serviceCache = new WeakMap<object, z.ZodObject>();

/** The schema of one step: its fields (shown ones only), unknown keys dropped. */
export function stepSchemaOf(step: StepDefinition): FormSchema {
  let schema = stepCache.get(step);
  if (!schema) {
    const fields = step.fields ?? [];
    schema = withConditions(
      z.object(Object.fromEntries(fields.map((f) => [f.name, fieldValueSchema(f)]))),
      fields,
    );
    stepCache.set(step, schema);
  }
  return schema;
}

/** The schema of a whole application payload: every step's fields together. */
export function applicationSchemaOf(service: ServiceDefinition): z.ZodObject {
  let schema = serviceCache.get(service);
  if (!schema) {
    schema = z
      .object(Object.fromEntries(fieldsOf(service).map((f) => [f.name, fieldValueSchema(f)])))
      .describe(`${service.title}: application payload`);
    serviceCache.set(service, schema);
  }
  return schema;
}

function toProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(payload)',
    message: issue.message,
  }));
}

/** Validates one step's values (the web wizard, on Next). */
export function validateStep(step: StepDefinition, values: unknown): ValidationResult {
  const result = stepSchemaOf(step).safeParse(values ?? {});
  return result.success
    ? { success: true, values: result.data as Record<string, unknown> }
    : { success: false, errors: toProblems(result.error) };
}

/** Validates a whole payload (the server, on submit), problems in field order. */
export function validateApplication(service: ServiceDefinition, values: unknown): ValidationResult {
  let schema = checkedServiceCache.get(service);
  if (!schema) {
    schema = withConditions(applicationSchemaOf(service), fieldsOf(service));
    checkedServiceCache.set(service, schema);
  }
  const result = schema.safeParse(values ?? {});
  return result.success
    ? { success: true, values: result.data as Record<string, unknown> }
    : { success: false, errors: toProblems(result.error) };
}

/** The names of a service's fields of kind `file` (their values are upload ids). */
export function fileFieldsOf(service: ServiceDefinition): string[] {
  return fieldsOf(service)
    .filter((f) => f.kind === 'file')
    .map((f) => f.name);
}

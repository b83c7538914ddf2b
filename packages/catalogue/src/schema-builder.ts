import { z } from 'zod';
import type { FieldDefinition, ServiceDefinition, StepDefinition } from './definition';
import { findFieldKind } from './registries/field-kinds';
import { findReferenceList } from './registries/reference-lists';

/**
 * Builds the zod schemas of a service from its field metadata, so what the form shows and what
 * the server accepts can never disagree. The same schemas validate each wizard step in the
 * browser and the whole payload on the server.
 */

/** One problem with one field, as the API's error details carry it. */
export interface FieldProblem {
  path: string;
  message: string;
}

export type ValidationResult =
  | { success: true; values: Record<string, unknown> }
  | { success: false; errors: FieldProblem[] };

function isEmpty(value: unknown, emptyValues: readonly unknown[] = []): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    emptyValues.includes(value)
  );
}

/** The message for a required field left empty. */
export function requiredMessageOf(field: FieldDefinition): string {
  return field.required_message ?? `Please fill in the ${field.label.toLowerCase()}`;
}

/**
 * The schema of one field's value: empty (undefined, null, blank text, an unticked box) is
 * refused with the required message when the field is required and dropped when it is not;
 * a present value is checked by its kind.
 */
export function fieldValueSchema(field: FieldDefinition): z.ZodType {
  const kind = findFieldKind(field.kind);
  if (!kind) throw new Error(`Field "${field.name}" has an unknown kind "${field.kind}".`);
  const present = kind.schema(field);
  const toUndefinedWhenEmpty = (v: unknown) => (isEmpty(v, kind.emptyValues) ? undefined : v);
  const required = field.required ?? true;
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
  return field.example !== undefined ? field.example : findFieldKind(field.kind)?.example(field);
}

/** A whole payload that passes the service's validation (upload ids aside), from its fields' examples. */
export function exampleValuesOf(service: ServiceDefinition): Record<string, unknown> {
  return Object.fromEntries(
    fieldsOf(service)
      .map((field) => [field.name, exampleOf(field)] as const)
      .filter(([, value]) => value !== undefined),
  );
}

const stepCache = new WeakMap<object, z.ZodObject>();
const serviceCache = new WeakMap<object, z.ZodObject>();

/** The schema of one step: its fields, unknown keys dropped. */
export function stepSchemaOf(step: StepDefinition): z.ZodObject {
  let schema = stepCache.get(step);
  if (!schema) {
    schema = z.object(Object.fromEntries((step.fields ?? []).map((f) => [f.name, fieldValueSchema(f)])));
    stepCache.set(step, schema);
  }
  return schema;
}

/** Every field of a service, in step order. */
export function fieldsOf(service: ServiceDefinition): FieldDefinition[] {
  return service.steps.flatMap((step) => [...(step.fields ?? [])]);
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
    ? { success: true, values: result.data }
    : { success: false, errors: toProblems(result.error) };
}

/** Validates a whole payload (the server, on submit), problems in field order. */
export function validateApplication(service: ServiceDefinition, values: unknown): ValidationResult {
  const result = applicationSchemaOf(service).safeParse(values ?? {});
  return result.success
    ? { success: true, values: result.data }
    : { success: false, errors: toProblems(result.error) };
}

/** The names of a service's fields of kind `file` (their values are upload ids). */
export function fileFieldsOf(service: ServiceDefinition): string[] {
  return fieldsOf(service)
    .filter((f) => f.kind === 'file')
    .map((f) => f.name);
}

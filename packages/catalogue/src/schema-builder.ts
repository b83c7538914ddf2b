import { z } from 'zod';
import type { FieldDefinition, ServiceDefinition, StepDefinition } from './definition';
import { findFieldKind } from './registries/field-kinds';

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
  return schema.meta({ ...kind.json, description: field.label });
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

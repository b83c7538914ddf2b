import type { FieldDefinition, ServiceDefinition } from './definition';

/**
 * What a form needs to draw a definition and move through it, without zod: which fields are
 * asked (`show_when`), what counts as empty, a required field's message, every field in step
 * order. The web wizard imports these at first; the checks themselves (zod) are
 * `schema-builder.ts`, which builds on the same rules and re-exports them.
 */

/** Empty: undefined, null, blank text, an empty list, or one of the kind's own empty values. */
export function isEmpty(value: unknown, emptyValues: readonly unknown[] = []): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0) ||
    emptyValues.includes(value)
  );
}

/** True when the field is asked for, given the answers: it has no `show_when`, or its condition holds. */
export function isShown(field: FieldDefinition, values: Record<string, unknown>): boolean {
  const when = field.show_when;
  if (!when) return true;
  const answer = values[when.field];
  if (when.equals === undefined) return !isEmpty(answer, [false]);
  if (Array.isArray(when.equals)) return typeof answer === 'string' && when.equals.includes(answer);
  return answer === when.equals;
}

/** The message for a required field left empty. */
export function requiredMessageOf(field: FieldDefinition): string {
  return field.required_message ?? `Please fill in the ${field.label.toLowerCase()}`;
}

/** Every field of a service, in step order. */
export function fieldsOf(service: Pick<ServiceDefinition, 'steps'>): FieldDefinition[] {
  return service.steps.flatMap((step) => [...(step.fields ?? [])]);
}

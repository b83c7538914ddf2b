import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { fieldsOf } from '@kaunti/catalogue/schema-builder';

/** The field whose value names an application: the definition's reference_field, else its parcel field. */
export function namingFieldOf(service: ServiceDefinition): string | undefined {
  return service.reference_field ?? fieldsOf(service).find((f) => f.kind === 'parcel')?.name;
}

/**
 * What an application is about, in words: a choice's name as it was chosen (a parking zone's
 * "Zone IV — other areas", kept with the application), or a static choice's label, never its
 * code ("Z4"); a typed value (a business name, an LR number) as it was typed.
 */
export function referenceInWords(
  service: ServiceDefinition | undefined,
  reference: string | null,
  labels: Record<string, string> | null | undefined,
): string | null {
  if (reference === null || !service) return reference;
  const field = namingFieldOf(service);
  if (!field) return reference;
  if (labels && Object.hasOwn(labels, field) && labels[field]) return labels[field]!;
  const options = fieldsOf(service).find((f) => f.name === field)?.options;
  if (options && 'static' in options)
    return options.static.find((o) => o.value === reference)?.label ?? reference;
  return reference;
}

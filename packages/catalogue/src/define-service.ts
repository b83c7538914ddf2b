import type { ServiceDefinition } from './definition-schema';
import type { DocumentTemplate } from './registries/document-template';

/**
 * What a service file and a page that shows one need at run time, without zod: the service
 * files declare themselves with `defineService` from here, so importing a definition (e.g. the
 * land rates bill's page) loads neither zod nor the schemas. `definition.ts` re-exports these.
 */

/**
 * Declares a service. Only a typed identity: parsing and cross-checking happen in the
 * catalogue test (and `parseService`), so importing a definition costs nothing at load time.
 */
export function defineService<const D extends ServiceDefinition>(definition: D): D {
  return definition;
}

/**
 * Declares a service's own document template (its folder's `document.ts`), when no registered
 * template fits. A typed identity, like `defineService`.
 */
export function defineDocument<const T extends DocumentTemplate>(template: T): T {
  return template;
}

/**
 * Where a service's finished form is posted: the spec's path where the definition names one, else
 * `/api/services/<id>/applications`. The server registers every one of them (a `direct` service's
 * path is its area's own route); `POST /api/applications` with `service_id` takes any service too.
 */
export function submitPathOf(definition: Pick<ServiceDefinition, 'id' | 'submit'>): string {
  return definition.submit.path ?? `/api/services/${definition.id}/applications`;
}

/**
 * How many days what the service issues stays valid, for the answers given: the definition's
 * `validity` (fixed days, or by a period field's value), else undefined (the document kind decides).
 */
export function validityDaysOf(
  definition: Pick<ServiceDefinition, 'validity'>,
  values: Record<string, unknown>,
): number | undefined {
  const validity = definition.validity;
  if (!validity) return undefined;
  if (!('from_field' in validity)) return validity.days;
  const chosen = values[validity.from_field];
  const fixed = typeof chosen === 'string' ? validity.days[chosen] : undefined;
  if (fixed !== undefined || !validity.days_field) return fixed;
  const days = Math.trunc(Number(values[validity.days_field]));
  return Number.isFinite(days) && days > 0 ? days : undefined;
}

/**
 * Whether what the service issues is renewed (decision 040): its definition says so. The renewal
 * engine lists, renews and reminds of its documents; the catalogue check holds that each has a
 * validity.
 */
export function isRenewable(definition: Pick<ServiceDefinition, 'renewable'>): boolean {
  return definition.renewable === true;
}

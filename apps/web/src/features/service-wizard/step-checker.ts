import type { StepDefinition } from '@kaunti/catalogue/definition';
import { stepSchemaOf } from '@kaunti/catalogue/schema-builder';
import type { Resolver } from '../../lib/form';
import { zodResolver } from '../../lib/zod-resolver';

export { validateStep } from '@kaunti/catalogue/schema-builder';

/**
 * The wizard's checks (zod, the catalogue's step schemas), in a chunk of their own: loaded on the
 * first submit of a step (service-wizard.tsx), not with the page, which draws its steps from the
 * zod-free definition.
 */

/** The form resolver of one step: the catalogue's schema for that step (the one the server uses). */
export function stepResolver(step: StepDefinition): Resolver<Record<string, unknown>> {
  return zodResolver(stepSchemaOf(step)) as unknown as Resolver<Record<string, unknown>>;
}

import type { z } from 'zod';
import { type FieldErrors, type FieldValues, get, type Resolver, set } from './form';

/**
 * A form's resolver from a zod schema (the one the server checks the same request with): the
 * schema's output when the values pass, else each path's first problem, by field path
 * (`errors.vehicles[0].plate` for "vehicles.0.plate"). Loaded with the form's checks, after the
 * page: it imports zod's types only, the schema brings zod.
 */
export function zodResolver<In extends FieldValues, Out>(
  schema: z.ZodType<Out, In>,
): Resolver<In, unknown, Out> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    let errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      if (get(errors, path) !== undefined) continue;
      errors = set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}

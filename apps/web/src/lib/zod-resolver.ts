import type { z } from 'zod';
import { type FieldErrors, type FieldValues, get, type Resolver } from './form';

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
      errors = place(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}

/** `errors` with `error` at `path` (a group's entries are arrays, like the values). */
function place(errors: FieldErrors, path: string, error: { type: string; message: string }): FieldErrors {
  const keys = path.split('.');
  const root: Record<string, unknown> = errors;
  let node = root;
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      // A problem of the group itself, where its entries already have theirs.
      if (node[key] !== undefined && typeof node[key] === 'object')
        (node[key] as Record<string, unknown>).root = error;
      else node[key] = error;
      return;
    }
    node[key] ??= /^\d+$/.test(keys[index + 1]!) ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  return root as FieldErrors;
}

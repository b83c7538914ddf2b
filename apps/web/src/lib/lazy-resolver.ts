import { loadChunk } from './chunk-loader';
import type { FieldValues, Resolver } from './form';

/**
 * Something loaded the first time it is asked for, then kept; a failed load (a chunk that could
 * not be downloaded) is forgotten, so the next call tries again.
 */
export function lazyOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}

/**
 * A form's resolver (lib/form.ts) loaded on the form's first validation, through loadChunk (its
 * time-out and its kinds of failure). A form validated on submit (mode `onSubmit`) then keeps its
 * schema — and zod — off its page's first load. A failed download rejects that submit with a
 * ChunkLoadError (the form clears `isSubmitting` and passes it on: the accounts pages show
 * it with `useSchemaSubmit`) and the next submit tries again. `Output` is what the schema makes of
 * the values (a schema that transforms them).
 */
export function lazyResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> {
  const resolver = lazyOnce(() => loadChunk(load));
  return async (values, context, options) => (await resolver())(values, context, options);
}

import type { FieldValues, Resolver } from 'react-hook-form';

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
 * A form resolver loaded on the form's first validation. A form validated on submit (mode
 * `onSubmit`) then keeps its schema — and zod — off its page's first load: the sign-in page is
 * drawn before zod arrives, and the first press of the button waits for it once.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  const resolver = lazyOnce(load);
  return async (values, context, options) => (await resolver())(values, context, options);
}

import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver loaded on the form's first validation. A form validated on submit (mode
 * `onSubmit`) then keeps its schema — and zod — off its page's first load: the sign-in page is
 * drawn before zod arrives, and the first press of the button waits for it once.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loaded: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined; // a failed chunk download is tried again on the next submit
      throw error;
    });
    return (await loaded)(values, context, options);
  };
}

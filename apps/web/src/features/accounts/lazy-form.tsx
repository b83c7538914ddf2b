import { type BaseSyntheticEvent, type FormEvent, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { ChunkLoadError, loadChunk } from '../../lib/chunk-loader';
import { lazyOnce } from '../../lib/lazy-resolver';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';

/**
 * The resolver of an accounts form, loaded on the form's first submit (the form is in mode
 * `onSubmit`, so nothing validates before): its schema and zod are fetched then, through
 * loadChunk (its time-out and its kinds of failure), not with the page — as the sign-in page's.
 * A failed download rejects that submit with a ChunkLoadError (react-hook-form clears
 * `isSubmitting` and passes it on: useSchemaSubmit shows it) and the next submit tries again.
 * `Output` is what the schema makes of the values (a form whose schema transforms them).
 */
export function lazyFormResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): Resolver<Input, unknown, Output> {
  const resolver = lazyOnce(() => loadChunk(load));
  return async (values, context, options) => (await resolver())(values, context, options);
}

/**
 * A form's submit handler that says when its schema could not be downloaded: wrap the form's
 * `handleSubmit(...)` with `guard`, and show `failure` with <SchemaLoadError>. The failure is
 * cleared on the next submit, which tries again. While the schema loads, the form's
 * `formState.isSubmitting` is true: the pages show their button busy meanwhile.
 */
export function useSchemaSubmit() {
  const [failure, setFailure] = useState<ChunkLoadError>();
  return {
    failure,
    guard:
      (submit: (event?: BaseSyntheticEvent) => Promise<void>) =>
      (event: FormEvent): void => {
        setFailure(undefined);
        submit(event).catch((error: unknown) => {
          if (!(error instanceof ChunkLoadError)) throw error;
          setFailure(error);
        });
      },
  };
}

/** The failed download of a form's schema, in a danger alert (the words of the app's load errors). */
export function SchemaLoadError({ failure }: { failure: ChunkLoadError | undefined }) {
  const { t } = useTranslation('common');
  if (!failure) return null;
  return (
    <Alert variant="danger">
      <p>{t(`loadError.${failure.kind}`)}</p>
    </Alert>
  );
}

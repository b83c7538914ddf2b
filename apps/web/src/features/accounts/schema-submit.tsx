import { type BaseSyntheticEvent, type FormEvent, useState } from 'react';
import { ChunkLoadError } from '../../lib/chunk-loader';

/**
 * A form's submit handler that says when its schema (a `lazyResolver`, lib/lazy-resolver.ts)
 * could not be downloaded: wrap the form's `handleSubmit(...)` with `guard`, and show `failure`
 * with <LoadErrorAlert> (ui/alert). The failure is cleared on the next submit, which tries
 * again. While the schema loads, the form's `formState.isSubmitting` is true: the pages show
 * their button busy meanwhile.
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

import { ChunkLoadError } from '../../lib/chunk-loader';
import { useTranslation } from '../../lib/translator';
import { Alert } from './alert';

/**
 * A part of the portal that could not be downloaded (a form's checks, a service's definition),
 * in a danger alert with the app's load-error words for its kind (missing, time-out, other).
 * Nothing when there is no failure.
 */
export function LoadErrorAlert({ failure }: { failure: unknown }) {
  const { t } = useTranslation('common');
  if (!failure) return null;
  return (
    <Alert variant="danger">
      <p>{t(`loadError.${failure instanceof ChunkLoadError ? failure.kind : 'other'}`)}</p>
    </Alert>
  );
}

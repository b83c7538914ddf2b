import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { useServerMessage } from './use-server-message';

/** A failed request's message in a danger alert (spec: "server error text in a danger alert"). */
export function ServerError({ error }: { error: unknown }) {
  const message = useServerMessage();
  if (!error) return null;
  return <Alert variant="danger">{message(errorText(error))}</Alert>;
}

/** A form sent as a plain post before the page's script arrived (lib/page-render.ts keepTyped). */
export function SendAgainNotice() {
  const { t } = useTranslation('accounts');
  return <Alert variant="info">{t('sendAgain')}</Alert>;
}

/**
 * Puts the server's field errors beside their fields. `refusedField`: the field a refusal naming
 * no field is about (a one-time code form: "The code is incorrect…" marks the code field invalid,
 * its message tied to it, as well as in the alert).
 */
export function applyFieldErrors(
  error: unknown,
  setError: (name: never, error: { type: string; message: string }) => void,
  fields: readonly string[],
  refusedField?: string,
): void {
  if (!(error instanceof ApiError)) return;
  for (const detail of error.details) {
    if (fields.includes(detail.path))
      setError(detail.path as never, { type: 'server', message: detail.message });
  }
  if (refusedField && error.status === 400 && error.details.length === 0)
    setError(refusedField as never, { type: 'server', message: error.message });
}

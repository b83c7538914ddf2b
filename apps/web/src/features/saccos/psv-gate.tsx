import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { saccosApi } from './saccos-api';

/** Whether an API failure is the "activate PSV services first" refusal. */
export const needsPsv = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * What a Sacco page shows when the account has no PSV services: the server's sentence, and the
 * button that activates them (then the page asks again).
 */
export function PsvActivation({ error }: { error: unknown }) {
  const { t } = useTranslation('saccos');
  const translate = useMessageTranslation();
  const client = useQueryClient();
  const activate = useMutation({
    mutationFn: saccosApi.activatePsv,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['saccos'] });
      await client.invalidateQueries({ queryKey: ['sacco-vehicles'] });
      await client.invalidateQueries({ queryKey: ['profile'] });
    },
  });
  return (
    <Alert variant="info" title={t('psv.title')}>
      <p>{translate(errorText(error))}</p>
      {activate.isError ? <p>{translate(errorText(activate.error))}</p> : null}
      <Button busy={activate.isPending} onClick={() => activate.mutate()}>
        {t('psv.activate')}
      </Button>
    </Alert>
  );
}

/** A failure of a Sacco page: the PSV activation when that is what is missing, else the message. */
export function SaccoFailure({ error, children }: { error: unknown; children?: ReactNode }) {
  const translate = useMessageTranslation();
  if (needsPsv(error)) return <PsvActivation error={error} />;
  return (
    <Alert variant="danger">
      <p>{translate(errorText(error))}</p>
      {children}
    </Alert>
  );
}

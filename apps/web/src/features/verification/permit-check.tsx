import type { PermitValidateResponse } from '@kaunti/contract/api-verify';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { InputField } from '../../ui/form-field/form-field';
import styles from './verification.module.css';
import { permitQuery } from './verify-api';

type Outcome =
  | { kind: 'answer'; answer: PermitValidateResponse }
  | { kind: 'failed'; message: string }
  | undefined;

/**
 * "Is this business permit in force?" — for a landlord, an inspector or a buyer holding only a
 * permit number (`GET /api/permits/validate`). The answer is yes or no, and names no one; the
 * number stays in the field whatever the answer.
 */
export function PermitCheck() {
  const { t } = useTranslation('verification');
  // `?permit_no=`: the form sent as a plain GET before the script arrived (the server checked it).
  const [params] = useSearchParams();
  const asked = params.get('permit_no')?.trim() ?? '';
  const first = useQuery({ ...permitQuery(asked), enabled: asked !== '', staleTime: 10_000, retry: false });
  const [value, setValue] = useState(asked);
  const [fieldError, setFieldError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [checked, setChecked] = useState<Outcome>();
  const outcome: Outcome = checked ?? (first.data ? { kind: 'answer', answer: first.data } : undefined);
  const input = useRef<HTMLInputElement>(null);
  const ids = { heading: useId(), input: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (value.trim() === '') {
      setFieldError(t('permit.required'));
      setChecked(undefined);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const answer = await api<PermitValidateResponse>(
        `/api/permits/validate?permit_no=${encodeURIComponent(value.trim())}`,
      );
      setChecked({ kind: 'answer', answer });
    } catch (error) {
      setChecked({ kind: 'failed', message: error instanceof Error ? error.message : t('permit.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.form} aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className={styles.sectionTitle}>
        {t('permit.title')}
      </h2>
      <form method="get" onSubmit={submit} noValidate>
        <InputField
          ref={input}
          id={ids.input}
          name="permit_no"
          label={t('permit.label')}
          hint={t('permit.hint')}
          error={fieldError}
          requiredLabel={t('permit.requiredWord')}
          errorPrefix={t('permit.errorPrefix')}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (event.target.value.trim() !== '') setFieldError(undefined);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={busy} busyLabel={t('everify.verifying')}>
            {t('permit.check')}
          </Button>
        </div>
      </form>
      <div>
        {outcome?.kind === 'answer' ? (
          <Alert variant={outcome.answer.isValid ? 'success' : 'danger'}>
            <p>
              {outcome.answer.isValid
                ? t('permit.valid', { number: outcome.answer.permitNo })
                : t('permit.invalid', { number: outcome.answer.permitNo })}
            </p>
          </Alert>
        ) : null}
        {outcome?.kind === 'failed' ? (
          <Alert variant="danger">
            <p>{outcome.message}</p>
          </Alert>
        ) : null}
      </div>
    </section>
  );
}

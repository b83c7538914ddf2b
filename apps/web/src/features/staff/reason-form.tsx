import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { ErrorSummary } from '../../ui/error-summary/error-summary';
import { controlClass, FormField } from '../../ui/form-field/form-field';
import styles from './staff.module.css';

export interface ReasonFormProps<T> {
  /** The heading of the form's section. */
  heading: string;
  /** One sentence under the heading: what the action does. */
  lead: string;
  /** Another required text field before the reason, e.g. the bill number. */
  subject?: { label: string; hint?: string };
  submitLabel: string;
  /** The alert's title once it is done. */
  doneTitle: (result: T) => string;
  action: (input: { subject: string; reason: string }) => Promise<T>;
  onDone?: (result: T) => void;
  /** A one-time action (revoking): once done, only the confirmation stays. */
  once?: boolean;
}

/**
 * A county officer's action that must say why (revoke a document, cancel a bill): the reason
 * (at least 3 characters, as the server asks), checked before sending; the server's refusal is
 * shown in the error summary and nothing typed is lost.
 */
export function ReasonForm<T>({
  heading,
  lead,
  subject,
  submitLabel,
  doneTitle,
  action,
  onDone,
  once = false,
}: ReasonFormProps<T>) {
  const { t } = useTranslation('staff');
  const message = useMessageTranslation();
  const id = useId();
  const [subjectValue, setSubjectValue] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ fieldId: string; message: string }[]>([]);
  const [focusKey, setFocusKey] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: () => action({ subject: subjectValue.trim(), reason: reason.trim() }),
    onSuccess: (result) => {
      setDone(doneTitle(result));
      setSubjectValue('');
      setReason('');
      setErrors([]);
      onDone?.(result);
    },
    onError: (error) => {
      setErrors([
        {
          fieldId: subject ? `${id}-subject` : `${id}-reason`,
          message: error instanceof ApiError ? message(error.message) : t('failed'),
        },
      ]);
      setFocusKey((k) => k + 1);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: { fieldId: string; message: string }[] = [];
    if (subject && !subjectValue.trim())
      problems.push({
        fieldId: `${id}-subject`,
        message: t('reasonForm.subjectNeeded', { label: subject.label }),
      });
    if (reason.trim().length < 3)
      problems.push({ fieldId: `${id}-reason`, message: t('decisions.reasonNeeded') });
    setErrors(problems);
    setDone(null);
    if (problems.length > 0) {
      setFocusKey((k) => k + 1);
      return;
    }
    act.mutate();
  }
  const errorOf = (field: string) => errors.find((e) => e.fieldId === `${id}-${field}`)?.message;
  return (
    <section aria-labelledby={`${id}-heading`} className={styles.section}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {done && once ? null : <p>{lead}</p>}
      {done ? (
        <Alert variant="success" title={done}>
          <p>{t('reasonForm.recorded')}</p>
        </Alert>
      ) : null}
      {done && once ? null : (
        <form onSubmit={submit} noValidate className={styles.decision}>
          <ErrorSummary title={t('decisions.problem')} errors={errors} focusKey={focusKey} />
          {subject ? (
            <FormField
              id={`${id}-subject`}
              label={subject.label}
              hint={subject.hint}
              error={errorOf('subject')}
              required
              requiredLabel={t('required')}
              errorPrefix={t('errorPrefix')}
            >
              {(control) => (
                <input
                  {...control}
                  className={controlClass('input', Boolean(errorOf('subject')))}
                  value={subjectValue}
                  autoComplete="off"
                  onChange={(event) => {
                    setSubjectValue(event.currentTarget.value);
                    if (event.currentTarget.value.trim())
                      setErrors((e) => e.filter((x) => x.fieldId !== `${id}-subject`));
                  }}
                />
              )}
            </FormField>
          ) : null}
          <ReasonField
            id={`${id}-reason`}
            hint={t('reasonForm.hint')}
            error={errorOf('reason')}
            value={reason}
            onChange={(value) => {
              setReason(value);
              if (value.trim().length >= 3) setErrors((e) => e.filter((x) => x.fieldId !== `${id}-reason`));
            }}
            maxLength={500}
          />
          <Button type="submit" variant="secondary" busy={act.isPending} busyLabel={t('decisions.saving')}>
            {submitLabel}
          </Button>
        </form>
      )}
    </section>
  );
}

/** The reason an officer gives for a decision or an action: required, at most `maxLength`. */
export function ReasonField(props: {
  id: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
}) {
  const { t } = useTranslation('staff');
  return (
    <FormField
      id={props.id}
      label={t('decisions.reason')}
      hint={props.hint}
      error={props.error}
      required
      requiredLabel={t('required')}
      errorPrefix={t('errorPrefix')}
    >
      {(control) => (
        <textarea
          {...control}
          rows={props.rows ?? 3}
          maxLength={props.maxLength}
          className={controlClass('textarea', Boolean(props.error))}
          value={props.value}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        />
      )}
    </FormField>
  );
}

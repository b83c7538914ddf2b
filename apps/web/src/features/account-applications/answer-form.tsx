import type { FieldDefinition, ServiceDefinition } from '@kaunti/catalogue/definition';
import type { ApplicationDetail } from '@kaunti/contract/api-applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useServiceText } from '../../lib/service-text';
import { useTranslation } from '../../lib/translator';
import { checkBeforeUpload, uploadFile, useUploadLimit } from '../../lib/uploads';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { ErrorSummary } from '../../ui/error-summary/error-summary';
import { controlClass, FormField } from '../../ui/form-field/form-field';
import { LiveRegion } from '../../ui/live-region/live-region';
import { toast } from '../../ui/toast/toast-store';
import styles from './account-applications.module.css';

/** The fields a citizen may change when asked for more information: text they typed, and files. */
const ANSWERABLE = new Set(['text', 'textarea', 'number', 'file', 'phone', 'email', 'kra-pin', 'date']);

/**
 * The answer to a request for more information: the officer's message, then the fields of the
 * application that can be corrected (text as it was, files to replace) and a note to the
 * officer. Only what is changed is sent; everything else is kept as it was
 * (`POST /api/applications/{application_no}/answer`). What the user typed survives an error.
 */
export function AnswerForm({
  application,
  service,
}: {
  application: ApplicationDetail;
  /** The application's service (its definition: see service-definitions.ts); null when unknown. */
  service: ServiceDefinition | null;
}) {
  const { t } = useTranslation('applications');
  if (!service) return null;
  const request = [...application.history].reverse().find((event) => event.to_status === 'needs_info');
  return (
    <section className={styles.answer} aria-labelledby={`answer-${application.application_no}`}>
      <h3 id={`answer-${application.application_no}`}>{t('answer.title')}</h3>
      {request?.note ? (
        <Alert variant="warning" title={t('answer.officerSays')} live={false}>
          <p>{request.note}</p>
        </Alert>
      ) : null}
      <AnswerFields
        application={application}
        service={service}
        fields={service.steps.flatMap((s) => [...(s.fields ?? [])])}
      />
    </section>
  );
}

function AnswerFields({
  application,
  service,
  fields,
}: {
  application: ApplicationDetail;
  service: ServiceDefinition;
  fields: FieldDefinition[];
}) {
  const { t } = useTranslation('applications');
  const text = useServiceText(service);
  const message = useMessageTranslation();
  const maxBytes = useUploadLimit();
  const queryClient = useQueryClient();
  const formId = useId();
  const [focusKey, setFocusKey] = useState(0);
  const answerable = fields.filter((f) => ANSWERABLE.has(f.kind));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      answerable
        .filter((f) => f.kind !== 'file')
        .map((f) => [
          f.name,
          application.values[f.name] === undefined ? '' : String(application.values[f.name]),
        ]),
    ),
  );
  const [files, setFiles] = useState<Record<string, { id: string; name: string }>>({});
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ path: string; message: string }[]>([]);
  const [uploading, setUploading] = useState<string | null>(null);
  /** A refused file, said by the live region (its message is beside the field too). */
  const [refusal, setRefusal] = useState('');

  const send = useMutation({
    mutationFn: () => {
      const changed: Record<string, unknown> = {};
      for (const field of answerable) {
        if (field.kind === 'file') {
          const file = files[field.name];
          if (file) changed[field.name] = file.id;
        } else if (values[field.name] !== String(application.values[field.name] ?? '')) {
          changed[field.name] = values[field.name];
        }
      }
      return api<ApplicationDetail>(
        `/api/applications/${encodeURIComponent(application.application_no)}/answer`,
        {
          method: 'POST',
          body: { values: changed, ...(note.trim() ? { message: note.trim() } : {}) },
        },
      );
    },
    onSuccess: async () => {
      setErrors([]);
      // Said twice: here while the form is on screen, and as a toast, because the refreshed list
      // shows the application under review again and this form goes.
      toast.success(t('answer.sent'));
      await queryClient.invalidateQueries({ queryKey: ['applications'] });
    },
    onError: (error) => {
      const details = error instanceof ApiError ? error.details : undefined;
      setErrors(
        details?.length
          ? details.map((d) => ({ path: d.path, message: message(d.message) }))
          : [
              {
                path: 'message',
                message: error instanceof ApiError ? message(error.message) : t('answer.failed'),
              },
            ],
      );
      setFocusKey((key) => key + 1);
    },
  });

  async function choose(field: FieldDefinition, file: File | undefined) {
    if (!file || uploading) return;
    const problem = checkBeforeUpload(file, maxBytes);
    if (problem) {
      setErrors([{ path: field.name, message: message(problem) }]);
      setRefusal(`${text.label(field)}: ${message(problem)}`);
      return;
    }
    setRefusal('');
    setUploading(field.name);
    try {
      const upload = await uploadFile(file);
      setFiles((current) => ({ ...current, [field.name]: { id: upload.id, name: upload.name } }));
      setErrors((current) => current.filter((e) => e.path !== field.name));
    } catch (error) {
      const refused = error instanceof ApiError ? message(error.message) : t('answer.failed');
      setErrors([{ path: field.name, message: refused }]);
      setRefusal(`${text.label(field)}: ${refused}`);
    } finally {
      setUploading(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate();
  }

  if (send.isSuccess) {
    return (
      <Alert variant="success" title={t('answer.sent')}>
        <p>{t('answer.sentLead')}</p>
      </Alert>
    );
  }
  const errorOf = (name: string) => errors.find((e) => e.path === name)?.message;
  const idOf = (name: string) => `${formId}-${name}`;
  return (
    <form className={styles.answerForm} onSubmit={submit} noValidate>
      <ErrorSummary
        title={t('answer.problem')}
        errors={errors.map((e) => ({ fieldId: idOf(e.path), message: e.message }))}
        focusKey={focusKey}
      />
      <p className={styles.lead}>{t('answer.lead')}</p>
      <LiveRegion message={uploading ? t('answer.uploading') : refusal} />
      {answerable.map((field) =>
        field.kind === 'file' ? (
          <FormField
            key={field.name}
            id={idOf(field.name)}
            label={text.label(field)}
            hint={
              files[field.name]
                ? t('answer.replaced', { name: files[field.name]?.name })
                : t('answer.keepFile')
            }
            error={errorOf(field.name)}
            requiredLabel={t('required')}
            errorPrefix={t('errorPrefix')}
          >
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
                className={controlClass('file', Boolean(errorOf(field.name)))}
                // Not disabled while sending: a disabled control drops the focus to the page's body.
                aria-disabled={uploading === field.name || undefined}
                onChange={(event) => void choose(field, event.currentTarget.files?.[0])}
              />
            )}
          </FormField>
        ) : (
          <FormField
            key={field.name}
            id={idOf(field.name)}
            label={text.label(field)}
            hint={text.hint(field)}
            error={errorOf(field.name)}
            requiredLabel={t('required')}
            errorPrefix={t('errorPrefix')}
          >
            {(control) =>
              field.kind === 'textarea' ? (
                <textarea
                  {...control}
                  rows={3}
                  className={controlClass('textarea', Boolean(errorOf(field.name)))}
                  value={values[field.name] ?? ''}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setValues((current) => ({ ...current, [field.name]: value }));
                  }}
                />
              ) : (
                <input
                  {...control}
                  type={field.kind === 'date' ? 'date' : 'text'}
                  className={controlClass('input', Boolean(errorOf(field.name)))}
                  value={values[field.name] ?? ''}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setValues((current) => ({ ...current, [field.name]: value }));
                  }}
                />
              )
            }
          </FormField>
        ),
      )}
      <FormField
        id={idOf('message')}
        label={t('answer.note')}
        hint={t('answer.noteHint')}
        error={errorOf('message')}
        requiredLabel={t('required')}
        errorPrefix={t('errorPrefix')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={1000}
            className={controlClass('textarea', Boolean(errorOf('message')))}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        )}
      </FormField>
      <Button type="submit" disabled={send.isPending || uploading !== null}>
        {send.isPending ? t('answer.sending') : t('answer.send')}
      </Button>
    </form>
  );
}

import { ticketPageOf } from '@kaunti/catalogue/catalogue-index';
import { submitPathOf } from '@kaunti/catalogue/define-service';
import type { FieldDefinition, ServiceDefinition } from '@kaunti/catalogue/definition';
import type { ServiceTicketAnswer } from '@kaunti/contract/api-tickets';
import { type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, api } from '../../lib/api-client';
import { serviceTitleKey } from '../../lib/catalogue-index';
import { loadChunk } from '../../lib/chunk-loader';
import { FormProvider, type Resolver, useForm } from '../../lib/form';
import { lazyOnce } from '../../lib/lazy-resolver';
import { type TypedAgain, usePostedForm } from '../../lib/page-render';
import { useServiceText } from '../../lib/service-text';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { LoadErrorAlert } from '../../ui/alert/load-error-alert';
import { Button } from '../../ui/button/button';
import { ErrorSummary } from '../../ui/error-summary/error-summary';
import { NeedsConnection } from '../../ui/offline/offline-notice';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { FeeQuote } from './fee-quote';
import { FieldInput } from './fields/field-input';
import { fieldId } from './fields/wizard-field';
import styles from './tickets.module.css';

type FormValues = Record<string, unknown>;
type StepChecker = typeof import('./step-checker');

let checker: StepChecker | undefined;
const loadChecker = lazyOnce(async () => {
  checker = await loadChunk(() => import('./step-checker'));
  return checker;
});

const NO_FILES = {};
const noop = () => undefined;

/**
 * A ticket service's page (workflow "ticket": market cess), public, no account: its one step's
 * fields drawn from the definition, the amount the answers make (the server's quote), and "Pay
 * with M-Pesa", which posts to the service's submit path and opens the ticket, which says when
 * the money is in. The catalogue's checks run first (the server's own); the server's messages
 * show beside their fields and nothing typed is lost.
 */
export function TicketFormPage({ service }: { service: ServiceDefinition | undefined }) {
  if (!service?.ticket) throw new Response('', { status: 404, statusText: 'Not Found' });
  const { t } = useTranslation(['wizard', 'common']);
  const text = useServiceText(service);
  const navigate = useNavigate();
  const step = service.steps[0]!;
  const fields = step.fields ?? [];
  const fieldsByName = useMemo(
    () => new Map<string, FieldDefinition>(fields.map((f) => [f.name, f])),
    [fields],
  );
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [loadFailure, setLoadFailure] = useState<unknown>();
  const [summaryKey, setSummaryKey] = useState(0);
  const errorRef = useRef<HTMLDivElement>(null);
  const resolver = useCallback<Resolver<FormValues>>(
    async (values, context, options) =>
      (checker ?? (await loadChecker())).stepResolver(step)(values, context, options),
    [step],
  );
  // Sent before the page's script arrived: what was typed, again (lib/page-render.ts keepTyped).
  const typed = usePostedForm<TypedAgain>()?.typed;
  const form = useForm<FormValues>({
    defaultValues: Object.fromEntries(fields.map((f) => [f.name, typed?.[f.name] ?? ''])),
    resolver,
    mode: 'onSubmit',
    shouldFocusError: false,
  });

  async function pay(values: FormValues) {
    setBusy(true);
    setServerError(undefined);
    try {
      const answer = await api<ServiceTicketAnswer>(submitPathOf(service!), { method: 'POST', body: values });
      const page = ticketPageOf(service!.ticket!.read_path).replace(
        ':ticket_id',
        encodeURIComponent(answer.ticket_id),
      );
      await navigate(page);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined;
      const known = (apiError?.details ?? []).filter((d) => fieldsByName.has(d.path));
      for (const problem of known) form.setError(problem.path, { type: 'server', message: problem.message });
      if (known.length > 0) document.getElementById(fieldId(known[0]!.path))?.focus();
      else {
        setServerError(text.message(apiError?.message ?? String(error)));
        requestAnimationFrame(() => errorRef.current?.focus());
      }
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setLoadFailure(undefined);
    try {
      await loadChecker();
    } catch (failure) {
      setLoadFailure(failure);
      return;
    }
    await form.handleSubmit(pay, () => setSummaryKey((k) => k + 1))();
  }

  const errors = form.formState.errors;
  const summary = fields.flatMap((field) => {
    const own = errors[field.name] as { message?: unknown; type?: string } | undefined;
    return typeof own?.message === 'string' && own.type !== 'server'
      ? [{ fieldId: fieldId(field.name), message: text.message(own.message), label: text.label(field) }]
      : [];
  });

  return (
    <div className={styles.page}>
      <PageHeading
        title={t(`common:${serviceTitleKey(service.id)}`, { defaultValue: service.title })}
        lead={t(`common:services.${service.id}.description`, { defaultValue: service.description })}
      />
      <FormProvider {...form}>
        <form
          noValidate
          method="post"
          className={styles.form}
          aria-labelledby="ticket-form-title"
          onSubmit={(event) => void submit(event)}
        >
          <h2 id="ticket-form-title" className="visually-hidden">
            {text.stepTitle(step)}
          </h2>
          {typed ? (
            <Alert variant="info">
              <p>{t('ticket.sendAgain')}</p>
            </Alert>
          ) : null}
          <LoadErrorAlert failure={loadFailure} />
          <ErrorSummary title={t('errorSummaryTitle')} errors={summary} focusKey={summaryKey} />
          {serverError ? (
            <div ref={errorRef} tabIndex={-1}>
              <Alert variant="danger">
                <p>{serverError}</p>
              </Alert>
            </div>
          ) : null}
          {fields.map((field) => (
            <FieldInput
              key={field.name}
              field={field}
              text={text}
              fieldsByName={fieldsByName}
              files={NO_FILES}
              onFileChange={noop}
              onUploadBusy={noop}
            />
          ))}
          <FeeQuote service={service} text={text} />
          <Button
            type="submit"
            busy={busy}
            busyLabel={t('ticket.sending')}
            className={styles.primary}
            needsConnection
          >
            {t('ticket.pay')}
          </Button>
          <NeedsConnection />
        </form>
      </FormProvider>
    </div>
  );
}

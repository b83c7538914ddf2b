import { submitPathOf } from '@kaunti/catalogue/define-service';
import type { FieldDefinition, ServiceDefinition, StepDefinition } from '@kaunti/catalogue/definition';
import { isShown } from '@kaunti/catalogue/field-rules';
import type { ApplicationSubmitted } from '@kaunti/contract/api-applications';
import { FALLBACK_ERROR_MESSAGE } from '@kaunti/contract/error-message';
import { type FormEvent, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { loadChunk } from '../../lib/chunk-loader';
import { type FieldErrors, FormProvider, type Resolver, useForm, useWatch } from '../../lib/form';
import { useMessageTranslation } from '../../lib/i18n';
import { lazyOnce } from '../../lib/lazy-resolver';
import { type ServiceText, useServiceText } from '../../lib/service-text';
import { useTranslation } from '../../lib/translator';
import type { UploadedFile } from '../../lib/uploads';
import { Alert } from '../../ui/alert/alert';
import { LoadErrorAlert } from '../../ui/alert/load-error-alert';
import { Button } from '../../ui/button/button';
import { ErrorSummary } from '../../ui/error-summary/error-summary';
import { Spinner } from '../../ui/spinner/spinner';
import { focusStepStart } from '../../ui/step-focus/step-focus';
import { Stepper } from '../../ui/stepper/stepper';
import { BookingAvailability } from './booking-availability';
import { ContentBlocks } from './content-blocks';
import type { CustomStepRegistry } from './custom-step-props';
import { customSteps as defaultCustomSteps, stepHelpers } from './custom-steps';
import { type DraftStatus, useDraftSync } from './draft-sync';
import { FeeQuote } from './fee-quote';
import { FieldInput } from './fields/field-input';
import { emptyEntry } from './fields/group-input';
import { fieldId } from './fields/wizard-field';
import { FILES_KEY, type StartingPoint } from './resume-draft';
import styles from './service-wizard.module.css';
import { SubmissionResult } from './submission-result';

type FormValues = Record<string, unknown>;

type StepChecker = typeof import('./step-checker');

// The checks (zod and the catalogue's step schemas) load on the first submit of a step, not with
// the page: drawing a step needs only the definition. Once loaded, kept for every wizard.
let checkerLoaded: StepChecker | undefined;
const loadChecker = lazyOnce(async () => {
  checkerLoaded = await loadChunk(() => import('./step-checker'));
  return checkerLoaded;
});

export interface ServiceWizardProps {
  service: ServiceDefinition;
  /** Where to start: a fresh form or a resumed draft (resume-draft.ts). */
  start: StartingPoint;
  /** Called when a new form is first saved as a draft (the page puts the id in its address). */
  onDraftStarted?: (draftId: string) => void;
  /** Custom step components by name (the registry in custom-steps.ts by default). */
  customSteps?: CustomStepRegistry;
}

/** Every field of the definition gets a value from the start: text '', a box unticked. */
function emptyValues(service: ServiceDefinition): FormValues {
  const values: FormValues = {};
  for (const step of service.steps) {
    for (const field of step.fields ?? [])
      values[field.name] =
        field.kind === 'checkbox'
          ? false
          : field.kind === 'group'
            ? Array.from({ length: field.min ?? 0 }, () => emptyEntry(field))
            : '';
  }
  return values;
}

function fieldNamesOf(service: ServiceDefinition): Set<string> {
  return new Set(service.steps.flatMap((s) => (s.fields ?? []).map((f) => f.name)));
}

/**
 * The generic wizard: renders any catalogue definition as steps (a stepper, Previous / Next,
 * Finish on the last step), validates each step on submit with the catalogue's step schema (the
 * one the server uses; loaded on the first submit, step-checker.ts), saves a draft as the user
 * goes, and submits the whole form to the definition's submit path. The server's error is shown
 * in a danger alert; nothing typed is lost.
 */
export function ServiceWizard({
  service,
  start,
  onDraftStarted,
  customSteps = defaultCustomSteps,
}: ServiceWizardProps) {
  const { t } = useTranslation(['wizard', 'common']);
  const text = useServiceText(service);
  const steps = service.steps;
  const [stepIndex, setStepIndex] = useState(() => Math.min(start.step, steps.length - 1));
  const stepRef = useRef(stepIndex);
  const step = steps[stepIndex]!;
  const isLast = stepIndex === steps.length - 1;
  const [files, setFiles] = useState<Record<string, UploadedFile>>(start.files);
  const filesRef = useRef(files);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const [serverError, setServerError] = useState<string | undefined>();
  const [summaryKey, setSummaryKey] = useState(0);
  const [submitted, setSubmitted] = useState<ApplicationSubmitted | undefined>();
  // The first submit waits for the checks to arrive (the button says so); a failed download
  // says so too, and the next submit tries again.
  const [checking, setChecking] = useState(false);
  const checkingRef = useRef(false);
  const [loadFailure, setLoadFailure] = useState<unknown>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const serverErrorRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const names = useMemo(() => fieldNamesOf(service), [service]);
  const fieldsByName = useMemo(
    () => new Map<string, FieldDefinition>(steps.flatMap((s) => (s.fields ?? []).map((f) => [f.name, f]))),
    [steps],
  );

  // One form for the whole wizard (values of other steps are kept); the resolver validates the
  // current step only, with the catalogue's schema for that step.
  const resolver = useCallback<Resolver<FormValues>>(
    async (values, context, options) => {
      const step = steps[stepRef.current]!;
      const checker = checkerLoaded ?? (await loadChecker());
      return checker.stepResolver(step)(values, context, options);
    },
    [steps],
  );
  const form = useForm<FormValues>({
    defaultValues: { ...emptyValues(service), ...pick(start.values, names) },
    resolver,
    mode: 'onSubmit',
    shouldFocusError: false,
  });

  const draft = useDraftSync({
    serviceId: service.id,
    draftId: start.draftId,
    started: start.resumed,
    snapshot: () => ({
      step: stepRef.current,
      values: { ...pick(form.getValues(), names), [FILES_KEY]: filesRef.current },
    }),
    ...(onDraftStarted ? { onStarted: onDraftStarted } : {}),
  });
  const { changed, saveNow } = draft;

  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name) changed();
    });
    return () => subscription.unsubscribe();
  }, [form, changed]);

  // A resumed copy with changes the server never got is sent at once.
  const unsynced = useRef(start.unsynced);
  useEffect(() => {
    if (unsynced.current) {
      unsynced.current = false;
      void saveNow();
    }
  }, [saveNow]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes, on purpose.
  useEffect(() => {
    // After Next or Previous the new step's heading takes the focus (not on the first render).
    if (moved.current) focusStepStart(headingRef.current);
  }, [stepIndex]);

  // The server's error takes the focus (and so comes into view), whatever step it sent us to.
  useEffect(() => {
    if (serverError) serverErrorRef.current?.focus();
  }, [serverError]);

  function goTo(index: number) {
    moved.current = true;
    stepRef.current = index;
    setStepIndex(index);
    setServerError(undefined);
    setSummaryKey(0);
  }

  const onFileChange = useCallback((name: string, file: UploadedFile | undefined) => {
    const next = { ...filesRef.current };
    if (file) next[name] = file;
    else delete next[name];
    filesRef.current = next;
    setFiles(next);
  }, []);

  const onUploadBusy = useCallback((name: string, isBusy: boolean) => {
    setUploading((current) => {
      const next = new Set(current);
      if (isBusy) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);

  const onInvalid = () => setSummaryKey((k) => k + 1);

  /** Next or Finish: the step is checked (the checks are fetched first, the first time). */
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checkingRef.current) return;
    setLoadFailure(undefined);
    if (!checkerLoaded) {
      checkingRef.current = true;
      setChecking(true);
      try {
        await loadChecker();
      } catch (failure) {
        setLoadFailure(failure);
        return;
      } finally {
        checkingRef.current = false;
        setChecking(false);
      }
    }
    await form.handleSubmit(isLast ? finish : next, onInvalid)();
  }

  async function next() {
    setBusy(true);
    setServerError(undefined);
    stepRef.current = stepIndex + 1;
    await saveNow();
    setBusy(false);
    goTo(stepIndex + 1);
  }

  function previous() {
    form.clearErrors();
    goTo(stepIndex - 1);
    void saveNow();
  }

  /** Shows problems (from a step check or the server) beside their fields, on the first step that has one. */
  function showProblems(
    problems: readonly { path: string; message: string }[],
    source: 'step' | 'server',
  ): boolean {
    // A group entry's problem ("vehicles.0.plate") belongs to its group's field.
    const known = problems.filter((p) => names.has(p.path.split('.')[0]!));
    const first = steps.findIndex((s) =>
      (s.fields ?? []).some((f) => known.some((p) => p.path.split('.')[0] === f.name)),
    );
    if (first < 0) return false;
    if (first !== stepIndex) goTo(first);
    for (const problem of known) form.setError(problem.path, { type: source, message: problem.message });
    if (source === 'step') setSummaryKey((k) => k + 1);
    return true;
  }

  async function finish() {
    setBusy(true);
    setServerError(undefined);
    try {
      // Every step again: a resumed draft may hold a value an earlier step no longer accepts.
      const all = form.getValues();
      const { validateStep } = checkerLoaded ?? (await loadChecker());
      let payload: FormValues = {};
      for (const s of steps) {
        const result = validateStep(s, all);
        if (!result.success) {
          showProblems(result.errors, 'step');
          return;
        }
        payload = { ...payload, ...result.values };
      }
      // The draft is saved first: no save still on its way can re-create it after the
      // submission, and if the submission fails the server has the latest values.
      await saveNow();
      // `draft_id`: the server deletes the draft in the same transaction as it creates the
      // application (api-applications.ts, draftIdField), so a submitted form never lingers.
      const answer = await api<ApplicationSubmitted>(submitPathOf(service), {
        method: service.submit.method,
        body: { ...payload, draft_id: start.draftId },
      });
      draft.finish();
      setSubmitted(answer);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : undefined;
      if (apiError?.details.length) showProblems(apiError.details, 'server');
      // A failure that says nothing: the service's own sentence where it has one (pest control).
      const silent = apiError?.message === FALLBACK_ERROR_MESSAGE && service.submit.failure_message;
      setServerError(
        text.message(silent ? service.submit.failure_message! : (apiError?.message ?? String(error))),
      );
    } finally {
      setBusy(false);
    }
  }

  if (submitted) return <SubmissionResult answer={submitted} />;

  const errors = form.formState.errors;
  // The summary lists the step's own checks; the server's problems are in the danger alert
  // (and beside their fields), not said a third time.
  const summary = stepErrors(step, errors)
    .filter((e) => e.type !== 'server')
    .map((e) => ({ fieldId: fieldId(e.name), message: text.message(e.message), label: e.label(text) }));
  const Custom = step.component ? customSteps[step.component] : undefined;
  if (step.component && !Custom) throw new Error(`No custom step component "${step.component}"`);
  const Helper = step.helper ? stepHelpers[step.helper] : undefined;
  if (step.helper && !Helper) throw new Error(`No step helper "${step.helper}"`);
  const working = busy || checking || uploading.size > 0;

  return (
    <div className={styles.wizard}>
      {steps.length > 1 ? (
        <Stepper
          steps={steps.map((s) => text.stepTitle(s))}
          current={stepIndex}
          label={t('steps')}
          completedLabel={t('completed')}
        />
      ) : null}
      <FormProvider {...form}>
        <form
          noValidate
          className={styles.form}
          aria-labelledby="wizard-step-title"
          onSubmit={(event) => void submit(event)}
        >
          <LoadErrorAlert failure={loadFailure} />
          <ErrorSummary title={t('errorSummaryTitle')} errors={summary} focusKey={summaryKey} />
          {serverError ? (
            <div ref={serverErrorRef} tabIndex={-1} className={styles.serverError}>
              <Alert variant="danger">
                <p>{serverError}</p>
              </Alert>
            </div>
          ) : null}
          {steps.length > 1 ? (
            <p className={styles.caption}>{t('stepOf', { current: stepIndex + 1, total: steps.length })}</p>
          ) : null}
          <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
            {text.stepTitle(step)}
          </h2>
          {text.stepDescription(step) ? <p className={styles.lead}>{text.stepDescription(step)}</p> : null}
          <ContentBlocks step={step} text={text} />
          {Custom ? (
            <Suspense fallback={<Spinner label={t('loading')} />}>
              <Custom service={service} step={step} form={form} text={text} files={files} goToStep={goTo} />
            </Suspense>
          ) : (
            <>
              {Helper ? (
                <Suspense fallback={<Spinner label={t('loading')} />}>
                  <Helper
                    service={service}
                    step={step}
                    form={form}
                    text={text}
                    files={files}
                    goToStep={goTo}
                  />
                </Suspense>
              ) : null}
              <StepFields
                step={step}
                text={text}
                fieldsByName={fieldsByName}
                files={files}
                onFileChange={onFileChange}
                onUploadBusy={onUploadBusy}
              />
            </>
          )}
          {/* What the booked resource has free, on the step asking its day (decision 031). */}
          {Custom ? null : <BookingAvailability service={service} step={step} text={text} />}
          {/* The fee the answers make, before Finish (none for a service that charges nothing). */}
          {isLast && service.fee.rule !== 'none' ? <FeeQuote service={service} text={text} /> : null}
          <div className={styles.actions}>
            {stepIndex > 0 ? (
              <Button variant="secondary" onClick={previous} disabled={working}>
                {t('previous')}
              </Button>
            ) : null}
            <Button type="submit" busy={working} busyLabel={t('loading')} className={styles.primaryAction}>
              {isLast ? t('finish') : t('next')}
            </Button>
          </div>
          <SaveStatus status={draft.status} />
        </form>
      </FormProvider>
    </div>
  );
}

function StepFields({
  step,
  text,
  ...rest
}: {
  step: StepDefinition;
  text: ServiceText;
  fieldsByName: ReadonlyMap<string, FieldDefinition>;
  files: Readonly<Record<string, UploadedFile>>;
  onFileChange: (name: string, file: UploadedFile | undefined) => void;
  onUploadBusy: (name: string, busy: boolean) => void;
}) {
  return (
    <>
      {(step.fields ?? []).map((field) =>
        field.show_when ? (
          <ShownField key={field.name} field={field}>
            <FieldInput field={field} text={text} {...rest} />
          </ShownField>
        ) : (
          <FieldInput key={field.name} field={field} text={text} {...rest} />
        ),
      )}
    </>
  );
}

/** A field asked only for some answers (`show_when`): shown while its condition holds. */
function ShownField({ field, children }: { field: FieldDefinition; children: React.ReactNode }) {
  const deciding = field.show_when!.field;
  const answer = useWatch({ name: deciding }) as unknown;
  return isShown(field, { [deciding]: answer }) ? children : null;
}

type StepError = {
  name: string;
  message: string;
  type: string | undefined;
  label: (text: ServiceText) => string;
};

/**
 * The errors of a step's fields for the summary, in field order; a group's own (too many, too
 * few) and each entry's ("Vehicle 2: Number plate").
 */
function stepErrors(step: StepDefinition, errors: FieldErrors): StepError[] {
  const out: StepError[] = [];
  for (const field of step.fields ?? []) {
    const own = errors[field.name] as
      | { message?: unknown; type?: string; root?: { message?: unknown; type?: string } }
      | undefined;
    if (!own) continue;
    const message = typeof own.message === 'string' ? own.message : own.root?.message;
    if (typeof message === 'string')
      out.push({
        name: field.name,
        message,
        type: own.type ?? own.root?.type,
        label: (text) => text.label(field),
      });
    if (field.kind !== 'group' || !Array.isArray(own)) continue;
    own.forEach((entry: Record<string, { message?: unknown; type?: string }> | undefined, index: number) => {
      for (const inner of field.fields ?? []) {
        const problem = entry?.[inner.name];
        if (typeof problem?.message === 'string')
          out.push({
            name: `${field.name}.${index}.${inner.name}`,
            message: problem.message,
            type: problem.type,
            label: (text) => `${text.entry(field, index + 1)}: ${text.label(inner)}`,
          });
      }
    });
  }
  return out;
}

/** "Saved", "Saving…", or "Saved on this device" when the server cannot be reached. */
function SaveStatus({ status }: { status: DraftStatus }) {
  const { t } = useTranslation('wizard');
  const translateMessage = useMessageTranslation();
  const message = {
    idle: '',
    saving: t('draft.saving'),
    saved: t('draft.saved'),
    offline: t('draft.offline'),
    refused:
      status.kind === 'refused' ? t('draft.refused', { message: translateMessage(status.message) }) : '',
  }[status.kind];
  return (
    <p
      className={`${styles.saveStatus} ${status.kind === 'offline' ? styles.saveOffline : ''}`}
      aria-live="polite"
    >
      {message}
    </p>
  );
}

/** Only the keys that are fields of the service. */
function pick(values: FormValues, names: ReadonlySet<string>): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([name]) => names.has(name)));
}

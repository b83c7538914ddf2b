import { readVerifyInput } from '@kaunti/contract/verify-code';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCounty } from '../../lib/county';
import { usePageOrigin } from '../../lib/page-render';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { LiveRegion } from '../../ui/live-region/live-region';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import { Spinner } from '../../ui/spinner/spinner';
import { DocumentResult } from './document-result';
import { PermitCheck } from './permit-check';
import { verdictWords } from './verdict';
import styles from './verification.module.css';
import { verifyQuery } from './verify-api';

// The camera scanner and its QR decoder are fetched only when someone presses "Scan".
const QrScanner = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScanner })));

/** Whether the focus fell to the page's body (the element that had it went away). */
function focusLost(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}

/**
 * /e-verify: anyone checks a county document. `?code=<token>` (what a document's QR code opens)
 * is checked at once; otherwise type or paste the code or the link, or scan the QR code with the
 * camera. A staff ID or national ID link goes to its own check.
 */
export function EVerifyPage() {
  const { t } = useTranslation('verification');
  const county = useCounty();
  const origin = usePageOrigin();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const [value, setValue] = useState(code);
  const [fieldError, setFieldError] = useState<string>();
  const [scanning, setScanning] = useState(false);
  const [scanProblem, setScanProblem] = useState<string>();
  const input = useRef<HTMLTextAreaElement>(null);
  const result = useRef<HTMLDivElement>(null);
  /** A scanned code is being checked: its answer takes the focus (the scanner that had it is gone). */
  const answerTakesFocus = useRef(false);
  const ids = { input: useId(), hint: useId(), error: useId(), scan: useId() };

  useEffect(() => setValue(code), [code]);

  const query = useQuery({
    ...verifyQuery(code),
    enabled: code !== '',
    // A check made in the last seconds (the server's, for the page it rendered) is not made again
    // as the page opens; "Verify" asks again whenever pressed.
    staleTime: 10_000,
    retry: false,
  });

  // An answer came and the control that asked for it is gone (the scanner closed on a code, or
  // the error's "Try again" with its alert): the answer takes the focus, not the page's body.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new answer, on purpose.
  useEffect(() => {
    if (query.isFetching || (!query.data && !query.isError)) return;
    if (focusLost() || answerTakesFocus.current) result.current?.focus();
    answerTakesFocus.current = false;
  }, [query.isFetching, query.dataUpdatedAt, query.errorUpdatedAt]);

  // The scanner closed without a code to check (Stop scanning, a stranger's QR code): back to its button.
  const wasScanning = useRef(false);
  useEffect(() => {
    if (scanning) wasScanning.current = true;
    else if (wasScanning.current) {
      wasScanning.current = false;
      if (focusLost() && !answerTakesFocus.current) document.getElementById(ids.scan)?.focus();
    }
  }, [scanning, ids.scan]);

  const status = query.data?.status;
  const announcement =
    code === ''
      ? ''
      : query.isFetching
        ? t('everify.verifying')
        : status
          ? verdictWords(
              t(`status.${status}.title`),
              t(`status.${status}.body`, { issuer: query.data?.document?.issuer ?? '' }),
            )
          : query.isError
            ? t('everify.error')
            : '';

  /** Checks what was typed or scanned; answers false when it was not something to check. */
  function check(text: string): boolean {
    const parsed = readVerifyInput(text);
    switch (parsed.kind) {
      case 'empty':
        return false;
      case 'staff':
        navigate(`/everify/s/${encodeURIComponent(parsed.qid)}/${encodeURIComponent(parsed.sid)}`);
        return true;
      case 'identity':
        navigate(`/everify/i/${encodeURIComponent(parsed.qid)}/${encodeURIComponent(parsed.id)}`);
        return true;
      case 'document':
        if (parsed.code === code) void query.refetch();
        else setParams({ code: parsed.code });
        return true;
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (check(value)) {
      setFieldError(undefined);
      return;
    }
    setFieldError(t('everify.codeRequired'));
    input.current?.focus();
  }

  function scanned(text: string) {
    setScanning(false);
    setScanProblem(undefined);
    const parsed = readVerifyInput(text);
    // A QR code that carries no county link: say so instead of checking a stranger's text.
    if (
      parsed.kind === 'document' &&
      !/[?&]code=/.test(text) &&
      !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(parsed.code)
    ) {
      setScanProblem(t('scanner.notCounty'));
      return;
    }
    setValue(parsed.kind === 'document' ? parsed.code : text);
    answerTakesFocus.current = parsed.kind === 'document';
    check(text);
  }

  const describedBy = [ids.hint, fieldError ? ids.error : undefined].filter(Boolean).join(' ');

  return (
    <div className={styles.page}>
      <PageHeading title={t('everify.title')} lead={t('everify.lead', { county: county?.name ?? '' })} />

      {/* Before the script arrives, the code goes as a plain GET (?code=), which the server checks. */}
      <form className={styles.form} method="get" onSubmit={submit} noValidate>
        <label className={styles.label} htmlFor={ids.input}>
          {t('everify.codeLabel')}
        </label>
        <span className={styles.hint} id={ids.hint}>
          {t('everify.codeHint')}
        </span>
        {fieldError ? (
          <span className={styles.fieldError} id={ids.error}>
            {fieldError}
          </span>
        ) : null}
        <textarea
          ref={input}
          id={ids.input}
          name="code"
          className={styles.input}
          rows={3}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (event.target.value.trim() !== '') setFieldError(undefined);
          }}
          aria-describedby={describedBy}
          aria-invalid={fieldError ? true : undefined}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={query.isFetching} busyLabel={t('everify.verifying')}>
            {t('everify.verify')}
          </Button>
          {scanning ? null : (
            <Button
              id={ids.scan}
              variant="secondary"
              onClick={() => {
                setScanProblem(undefined);
                setScanning(true);
              }}
            >
              {t('everify.scan')}
            </Button>
          )}
        </div>
        {scanning ? (
          <Suspense fallback={<Spinner label={t('scanner.starting')} />}>
            <QrScanner onResult={scanned} onCancel={() => setScanning(false)} />
          </Suspense>
        ) : null}
        {scanProblem ? (
          <Alert variant="warning">
            <p>{scanProblem}</p>
          </Alert>
        ) : null}
      </form>

      {/* On the page before any answer, so that each answer is announced (ui/live-region). */}
      <LiveRegion message={announcement} testId="verify-announcement" />
      <div ref={result} tabIndex={-1} className={styles.result}>
        {code === '' ? null : (
          <QueryState
            query={query}
            loadingLabel={t('everify.verifying')}
            errorTitle={t('everify.error')}
            retryLabel={t('everify.retry')}
          >
            {(answer) => <DocumentResult result={answer} />}
          </QueryState>
        )}
      </div>

      <PermitCheck />

      <p className={styles.note}>{t('everify.offline', { url: `${origin}/.well-known/jwks.json` })}</p>
    </div>
  );
}

import { readVerifyInput } from '@kaunti/contract/verify-code';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCounty } from '../../lib/county';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import { Spinner } from '../../ui/spinner/spinner';
import { DocumentResult } from './document-result';
import { PermitCheck } from './permit-check';
import styles from './verification.module.css';
import { verifyDocument } from './verify-api';

// The camera scanner and its QR decoder are fetched only when someone presses "Scan".
const QrScanner = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScanner })));

/**
 * /e-verify: anyone checks a county document. `?code=<token>` (what a document's QR code opens)
 * is checked at once; otherwise type or paste the code or the link, or scan the QR code with the
 * camera. A staff ID or national ID link goes to its own check.
 */
export function EVerifyPage() {
  const { t } = useTranslation('verification');
  const county = useCounty();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const [value, setValue] = useState(code);
  const [fieldError, setFieldError] = useState<string>();
  const [scanning, setScanning] = useState(false);
  const [scanProblem, setScanProblem] = useState<string>();
  const input = useRef<HTMLTextAreaElement>(null);
  const ids = { input: useId(), hint: useId(), error: useId() };

  useEffect(() => setValue(code), [code]);

  const query = useQuery({
    queryKey: ['verify', code],
    queryFn: ({ signal }) => verifyDocument(code, signal),
    enabled: code !== '',
    staleTime: 0,
    retry: false,
  });

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
    check(text);
  }

  const describedBy = [ids.hint, fieldError ? ids.error : undefined].filter(Boolean).join(' ');

  return (
    <div className={styles.page}>
      <PageHeading title={t('everify.title')} lead={t('everify.lead', { county: county?.name ?? '' })} />

      <form className={styles.form} onSubmit={submit} noValidate>
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

      {code === '' ? null : (
        <QueryState
          query={query}
          loadingLabel={t('everify.verifying')}
          errorTitle={t('everify.error')}
          retryLabel={t('everify.retry')}
        >
          {(result) => <DocumentResult result={result} />}
        </QueryState>
      )}

      <PermitCheck />

      <p className={styles.note}>
        {t('everify.offline', { url: `${window.location.origin}/.well-known/jwks.json` })}
      </p>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { ChunkLoadError } from '../../lib/chunk-loader';
import { reportClientError } from '../../lib/error-reporter';
import { useTranslation } from '../../lib/translator';
import { Button, ButtonLink } from '../../ui/button/button';
import styles from './error-pages.module.css';

/** Spec: the error screen reads exactly this. */
export const RENDER_ERROR_MESSAGE = 'Something went wrong. The error has been logged and is being worked on.';

/**
 * The last boundary's link home, in both languages: it shows when translations themselves may be
 * what failed, so its words are here rather than in the locale files.
 */
export const BACK_HOME = { en: 'Back home', sw: 'Rudi mwanzo' } as const;

/**
 * What a citizen sees when a page fails: a lazy part that could not load says which kind it
 * was (missing, timeout, other) and offers a reload; any other failure shows the spec's message.
 * Either way the error goes to the server's log once.
 */
export function ErrorReport({ error, componentStack }: { error: unknown; componentStack?: string }) {
  const { t } = useTranslation();
  const reported = useRef(false);
  const chunk = error instanceof ChunkLoadError ? error : undefined;
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    reportClientError(chunk ? `chunk-${chunk.kind}` : 'render', error, componentStack);
  }, [chunk, error, componentStack]);

  if (chunk) {
    return (
      <section className={styles.panel} aria-labelledby="load-error-title" data-load-error={chunk.kind}>
        <h1 id="load-error-title">{t('loadError.title')}</h1>
        <p>{t(`loadError.${chunk.kind}`)}</p>
        <p className={styles.actions}>
          <Button onClick={() => location.reload()}>{t('loadError.reload')}</Button>
          <ButtonLink to="/" variant="secondary" reloadDocument>
            {t('actions.backHome')}
          </ButtonLink>
        </p>
      </section>
    );
  }
  return (
    <section className={styles.panel} aria-labelledby="render-error-title">
      <h1 id="render-error-title">{RENDER_ERROR_MESSAGE}</h1>
      <p className={styles.actions}>
        <ButtonLink to="/" reloadDocument>
          {t('actions.backHome')}
        </ButtonLink>
      </p>
    </section>
  );
}

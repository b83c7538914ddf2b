import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { LiveRegion } from '../../ui/live-region/live-region';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import { CheckedAt } from './verdict';
import styles from './verification.module.css';

/**
 * What a QR code of a staff ID card or of a national ID opens (and an event's public page): the page asks the server once
 * (never from an older cache than a few seconds, never again on its own), then shows `children` for the answer, when it
 * was checked, and a link to check something else.
 */
export function CheckPage<Result extends { status: string; checked_at: string }>({
  kind,
  queryKey,
  check,
  announce,
  children,
}: {
  /** The page's texts in the verification namespace: `<kind>.title`, `.lead`, `.checking`. */
  kind: 'staff' | 'identity' | 'event';
  queryKey: readonly unknown[];
  check: (signal: AbortSignal) => Promise<Result>;
  /** The answer in one sentence, for the live region (`verdictWords`). */
  announce: (result: Result) => string;
  children: (result: Result) => ReactNode;
}) {
  const { t } = useTranslation('verification');
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => check(signal),
    // As on /e-verify: a check made in the last seconds (the server's, for the page it rendered)
    // is not made again as the page opens, so the page hydrates as the server drew it.
    staleTime: 10_000,
    retry: false,
  });
  return (
    <div className={styles.page}>
      <PageHeading title={t(`${kind}.title`)} lead={t(`${kind}.lead`)} />
      <LiveRegion
        message={
          query.isFetching
            ? t(`${kind}.checking`)
            : query.data
              ? announce(query.data)
              : query.isError
                ? t('everify.error')
                : ''
        }
      />
      <QueryState
        query={query}
        loadingLabel={t(`${kind}.checking`)}
        errorTitle={t('everify.error')}
        retryLabel={t('everify.retry')}
      >
        {(result) => (
          <div data-testid="verify-result" data-status={result.status}>
            {children(result)}
            <CheckedAt at={result.checked_at} />
          </div>
        )}
      </QueryState>
      <p>
        <Link to="/e-verify">{t('everify.checkAnother')}</Link>
      </p>
    </div>
  );
}

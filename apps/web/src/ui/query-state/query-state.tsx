import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import { Spinner } from '../spinner/spinner';
import styles from './query-state.module.css';

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What the spinner says while the data loads, e.g. "Loading…". */
  loadingLabel: string;
  /** A first line of the error alert, e.g. "We could not load the list." */
  errorTitle?: string;
  /** The label of the alert's button that asks again; without it, the alert has no button. */
  retryLabel?: string;
  /** What to show once the data is here (an empty list included: see EmptyState). */
  children: (data: T) => ReactNode;
}

/**
 * The states of data loaded by a query: a spinner while it loads; the server's message
 * (translated) in a danger alert, with a button to try again, when it fails; then the data.
 * When asking again fails after the data came, the alert stands above the data already shown
 * (a page never loses what it shows, or a form what was typed in it).
 */
export function QueryState<T>({ query, loadingLabel, errorTitle, retryLabel, children }: QueryStateProps<T>) {
  const translateMessage = useMessageTranslation();
  if (query.isPending) return <Spinner label={loadingLabel} />;
  const failure = query.isError ? (
    <Alert variant="danger" title={errorTitle}>
      <p>{translateMessage(errorText(query.error))}</p>
      {retryLabel ? (
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {retryLabel}
        </Button>
      ) : null}
    </Alert>
  ) : null;
  if (query.isLoadingError) return failure;
  return (
    <>
      {failure}
      {children(query.data)}
    </>
  );
}

/** What a list shows when it has nothing yet: a sentence and, often, where to go instead. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <div className={styles.empty}>{children}</div>;
}

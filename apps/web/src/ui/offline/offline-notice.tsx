import { useOnline } from '../../lib/online';
import { useTranslation } from '../../lib/translator';
import styles from './offline.module.css';

/**
 * "You are offline", at the top of every page while the browser has no connection (a page opened
 * from the service worker's copy, or a connection lost on the way). A polite live region that is
 * always on the page, so the change is announced when it comes and when it goes.
 */
export function OfflineNotice() {
  const online = useOnline();
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" data-testid="offline-notice">
      {online ? null : (
        <p className={styles.notice}>
          <strong>{t('offline.title')}</strong> {t('offline.notice')}
        </p>
      )}
    </div>
  );
}

/**
 * Beside a button that moves money: while offline it says the payment needs a connection (nothing
 * is queued to be sent later). The page keeps its button from sending meanwhile (`useOnline`).
 */
export function NeedsConnection() {
  const online = useOnline();
  const { t } = useTranslation();
  return (
    <p role="status" aria-live="polite" className={online ? undefined : styles.needsConnection}>
      {online ? '' : t('offline.payNeedsConnection')}
    </p>
  );
}

import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/translator';
import { currentToasts, dismissToast, subscribeToasts } from './toast-store';
import styles from './toaster.module.css';

/** The toast region at the top right; screen readers hear each new toast. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  const { t } = useTranslation();
  return (
    <section className={styles.region} aria-label={t('toast.region')}>
      <div aria-live="polite" aria-relevant="additions">
        {toasts.map((item) => (
          <div
            key={item.id}
            className={`${styles.toast} ${styles[item.kind] ?? ''}`}
            role={item.kind === 'error' ? 'alert' : 'status'}
          >
            <p className={styles.message}>{item.message}</p>
            <button
              type="button"
              className={styles.close}
              onClick={() => dismissToast(item.id)}
              aria-label={t('toast.dismiss')}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}

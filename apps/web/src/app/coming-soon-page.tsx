import { useTranslation } from '../lib/translator';
import { ButtonLink } from '../ui/button/button';
import styles from './errors/error-pages.module.css';

/** Spec: /coming-soon, an under-construction page with a Back home button. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title">{t('comingSoon.title')}</h1>
      <p>{t('comingSoon.body')}</p>
      <p className={styles.actions}>
        <ButtonLink to="/">{t('actions.backHome')}</ButtonLink>
      </p>
    </section>
  );
}

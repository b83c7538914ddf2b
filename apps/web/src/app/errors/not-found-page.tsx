import { useTranslation } from '../../lib/translator';
import { ButtonLink } from '../../ui/button/button';
import { PageTitle } from '../page-title';
import styles from './error-pages.module.css';

/** /404 and every unknown route. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} aria-labelledby="not-found-title">
      <PageTitle override={t('titles.notFound')} />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <p className={styles.actions}>
        <ButtonLink to="/">{t('actions.backHome')}</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          {t('notFound.contact')}
        </ButtonLink>
      </p>
    </section>
  );
}

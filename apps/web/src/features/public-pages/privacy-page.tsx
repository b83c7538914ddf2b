import { useTranslation } from '../../lib/translator';
import { useCountyValues } from './county-values';
import styles from './info-page.module.css';
import { LegalDocumentView } from './legal-document';
import { readLegalDocument } from './translated-content';

/**
 * /data-privacy-policy: written for Kenya's Data Protection Act, 2019 (the county as data
 * controller, lawful bases, sharing, retention, the section 26 rights, the ODPC).
 */
export function PrivacyPage() {
  const { t } = useTranslation('pages-privacy');
  const values = useCountyValues();
  const document = readLegalDocument(t('policy', { returnObjects: true, ...values }));
  return (
    <div className={styles.page}>
      {document ? <LegalDocumentView document={document} idPrefix="privacy" /> : null}
      <section className={styles.aside} aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">{t('contactTitle')}</h2>
        <p>
          {t('contactBody', { ...values })}{' '}
          {values.email ? <a href={`mailto:${values.email}`}>{values.email}</a> : null}
        </p>
      </section>
    </div>
  );
}

import { Link } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { useCountyValues } from './county-values';
import styles from './info-page.module.css';
import { LegalDocumentView, LegalQuestions } from './legal-document';
import { readLegalDocument } from './translated-content';

/** /reserved-parking-terms-and-conditions: the terms of a reserved private parking bay. */
export function ReservedParkingTermsPage() {
  const { t } = useTranslation(['pages-terms', 'pages']);
  const values = useCountyValues();
  const document = readLegalDocument(t('reservedParking', { returnObjects: true, ...values }));
  return (
    <div className={styles.page}>
      {document ? <LegalDocumentView document={document} idPrefix="reserved-parking" /> : null}
      <p>
        <Link to="/reserved-parking">{t('reservedParkingApply')}</Link>
      </p>
      <LegalQuestions />
    </div>
  );
}

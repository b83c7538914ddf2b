import { Link } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { useCountyValues } from './county-values';
import styles from './info-page.module.css';
import { LegalDocumentView, LegalQuestions } from './legal-document';
import { TERMS_IDS, type TermsId } from './terms-ids';
import { readLegalDocument } from './translated-content';

/**
 * /terms-and-conditions/{id}: one of the portal's terms (the route names it in the h1 through its
 * title), with links to the others.
 */
export function TermsPage({ id }: { id: TermsId }) {
  const { t } = useTranslation(['pages-terms', 'pages']);
  const values = useCountyValues();
  const document = readLegalDocument(t(`terms.${id}`, { returnObjects: true, ...values }));
  return (
    <div className={styles.page} data-terms={id}>
      {document ? <LegalDocumentView document={document} idPrefix={`terms-${id}`} /> : null}
      <nav className={styles.otherTerms} aria-labelledby="other-terms">
        <h2 id="other-terms">{t('pages:legal.otherTerms')}</h2>
        <ul className={styles.plainList}>
          {TERMS_IDS.map((other) => (
            <li key={other}>
              <Link to={`/terms-and-conditions/${other}`} aria-current={other === id ? 'page' : undefined}>
                {t(`names.${other}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LegalQuestions />
    </div>
  );
}

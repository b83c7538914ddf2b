import { useTranslation } from '../../lib/translator';
import { useCountyValues } from './county-values';
import styles from './info-page.module.css';
import type { LegalDocument } from './translated-content';

/** Long documents get a list of contents; short ones are read straight through. */
const CONTENTS_FROM = 4;

/**
 * The legal texts themselves (terms, reserved parking terms, privacy policy) live in the
 * `pages-terms` and `pages-privacy` locale files, in English and Kiswahili. They are drafts
 * written for this portal from the spec and Kenyan law as publicly known; the county's legal
 * office should review them before go-live. The SBP's 12 and the UBP's 15 conditions follow the
 * spec's list and order.
 *
 * Numbered legal text: sections as h2 ("3. Fees"), clauses numbered "3.1", "3.2"... A document
 * with one section (a permit's conditions) numbers its clauses 1, 2, 3... as printed on the permit.
 * The page's h1 is the services layout's.
 */
export function LegalDocumentView({ document, idPrefix }: { document: LegalDocument; idPrefix: string }) {
  const { t } = useTranslation('pages');
  const single = document.sections.length === 1;
  const sectionId = (index: number) => `${idPrefix}-${index + 1}`;
  return (
    <div className={styles.legal}>
      {document.summary ? <p className={styles.summary}>{document.summary}</p> : null}
      {document.updated ? <p className={styles.updated}>{document.updated}</p> : null}
      {document.sections.length >= CONTENTS_FROM ? (
        <nav className={styles.contents} aria-labelledby={`${idPrefix}-contents`}>
          <h2 id={`${idPrefix}-contents`} className={styles.contentsTitle}>
            {t('legal.contents')}
          </h2>
          <ol>
            {document.sections.map((section, index) => (
              <li key={sectionId(index)}>
                <a href={`#${sectionId(index)}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {document.sections.map((section, index) => {
        const number = index + 1;
        return (
          <section
            key={sectionId(index)}
            aria-labelledby={section.heading ? sectionId(index) : undefined}
            className={styles.legalSection}
          >
            {section.heading ? (
              <h2 id={sectionId(index)} className={styles.anchored}>
                {single ? section.heading : `${number}. ${section.heading}`}
              </h2>
            ) : null}
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.clauses.length > 0 ? (
              <ol className={styles.clauses}>
                {section.clauses.map((clause, clauseIndex) => {
                  const clauseNumber = single ? `${clauseIndex + 1}.` : `${number}.${clauseIndex + 1}`;
                  return (
                    <li key={clauseNumber} data-clause={clauseNumber}>
                      <span className={styles.clauseNumber}>{clauseNumber}</span>
                      <span>{clause}</span>
                    </li>
                  );
                })}
              </ol>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}

/** Where to ask about a legal text: the county's first e-mail and phone. */
export function LegalQuestions() {
  const { t } = useTranslation('pages');
  const { email, phone } = useCountyValues();
  return (
    <section className={styles.aside} aria-labelledby="legal-questions">
      <h2 id="legal-questions">{t('legal.questionsTitle')}</h2>
      <p>{t('legal.questions', { email, phone })}</p>
    </section>
  );
}

import type { County } from '@kaunti/contract/api-county';
import type { PrintableDocument } from '@kaunti/contract/api-documents';
import { formatDocumentDate } from '@kaunti/contract/dates';
import { useTranslation } from 'react-i18next';
import styles from './document.module.css';
import { DocumentFacts, DocumentFooter, DocumentQr, Letterhead } from './document-parts';

/**
 * An issued county document (a certificate, a letter, a permit) on one A4 sheet, from the same
 * model as its PDF (`GET /api/documents/{id}`, drawn by the server's document-pdf.ts): the
 * letterhead, the title and number, the facts, the QR code with its short code, the wording, the
 * numbered conditions, the validity, the signatory and the county's contacts. A revoked or
 * expired document carries a stamp saying so, on screen and on paper.
 */
export function IssuedDocumentView({ model, county }: { model: PrintableDocument; county: County }) {
  const { t } = useTranslation('documents');
  const facts: [string, string][] = [
    [t('issued.issuedTo'), model.holder],
    ...model.facts.map((f): [string, string] => [f.label, f.value]),
    [t('issued.issuedOn'), formatDocumentDate(model.issued_on)],
  ];
  if (model.valid_until) facts.push([t('issued.validUntil'), formatDocumentDate(model.valid_until)]);

  return (
    <article
      className={styles.document}
      aria-label={t('document.label', { title: model.title, number: model.number })}
      data-testid="issued-document"
    >
      <section className={styles.page} data-testid="document-page">
        <Letterhead county={county} />
        {model.state === 'valid' ? null : (
          <p className={styles.stamp} data-testid="document-stamp">
            {model.state === 'revoked' ? t('issued.revokedStamp') : t('issued.expiredStamp')}
          </p>
        )}
        <div className={styles.titleRow}>
          <div className={styles.titleBlock}>
            <h1 className={styles.documentTitle}>{model.title}</h1>
            <p className={styles.documentNumber}>{t('issued.number', { number: model.number })}</p>
            <DocumentFacts facts={facts} />
          </div>
          <DocumentQr
            verifyCode={model.verify_code}
            verifyUrl={model.verify_url}
            shortCode={model.short_code}
          />
        </div>

        <div className={styles.body}>
          {model.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        {model.conditions.length > 0 ? (
          <section className={styles.conditions} aria-labelledby="document-conditions">
            <h2 id="document-conditions">{t('issued.conditions')}</h2>
            <ol>
              {model.conditions.map((condition) => (
                <li key={condition}>{condition}</li>
              ))}
            </ol>
          </section>
        ) : null}
        <p className={styles.signedNote}>{t('issued.signedNote')}</p>
        <p className={styles.strong}>{model.signatory}</p>
        <DocumentFooter county={county} page={1} pages={1} />
      </section>
    </article>
  );
}

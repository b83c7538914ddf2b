import type { County } from '@kaunti/contract/api-county';
import type { PrintableDocument } from '@kaunti/contract/api-documents';
import { useId } from 'react';
import { useTranslation } from '../../lib/translator';
import styles from './document.module.css';
import { DocumentFacts, DocumentFooter, DocumentQr, Letterhead } from './document-parts';

/**
 * An issued county document (a certificate, a letter, a permit, a licence, a ticket) on A4
 * sheets, from the same model as its PDF (`GET /api/documents/{id}`, drawn by the server's
 * document-pdf.ts): the letterhead, the title and number, the facts, the QR code with its short
 * code, the tables of lines, the wording, the signatory and the county's contacts; the numbered
 * conditions under it, or on a page of their own (a permit's terms). What it prints was filled
 * in from its catalogue template when it was issued. A revoked or expired document carries a
 * stamp saying so, on screen and on paper.
 */
export function IssuedDocumentView({ model, county }: { model: PrintableDocument; county: County }) {
  const { t } = useTranslation('documents');
  const conditionsId = useId();
  const ownPage = model.conditions_page && model.conditions.length > 0;
  const pages = ownPage ? 2 : 1;
  const conditions =
    model.conditions.length > 0 ? (
      <section className={styles.conditions} aria-labelledby={conditionsId}>
        <h2 id={conditionsId}>{model.conditions_title}</h2>
        <ol>
          {model.conditions.map((condition) => (
            <li key={condition}>{condition}</li>
          ))}
        </ol>
      </section>
    ) : null;
  const stamp =
    model.state === 'valid' ? null : (
      <p className={styles.stamp} data-testid="document-stamp">
        {model.state === 'revoked' ? t('issued.revokedStamp') : t('issued.expiredStamp')}
      </p>
    );

  return (
    <article
      className={styles.document}
      aria-label={t('document.label', { title: model.title, number: model.number })}
      data-testid="issued-document"
    >
      <section className={styles.page} data-testid="document-page">
        <Letterhead county={county} />
        {stamp}
        <div className={styles.titleRow}>
          <div className={styles.titleBlock}>
            <h1 className={styles.documentTitle}>{model.title}</h1>
            <p className={styles.documentNumber}>{t('issued.number', { number: model.number })}</p>
            <DocumentFacts facts={model.facts.map((f): [string, string] => [f.label, f.value])} />
          </div>
          <DocumentQr
            verifyCode={model.verify_code}
            verifyUrl={model.verify_url}
            shortCode={model.short_code}
          />
        </div>

        {/* On a phone the rows stack, each cell under its column's name (data-label); the explicit
            roles keep it a table for screen readers when CSS changes its display. */}
        {model.tables.map((table) => (
          <table key={table.title} className={styles.lines} role="table">
            <caption className={styles.tableTitle}>{table.title}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column.label} scope="col" className={column.money ? styles.numeric : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                // Rows have no identity of their own: their place is it.
                // biome-ignore lint/suspicious/noArrayIndexKey: a printed table never reorders.
                <tr key={index} role="row">
                  {row.map((cell, column) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: one cell per column, in order.
                      key={column}
                      role="cell"
                      data-label={table.columns[column]?.label}
                      className={table.columns[column]?.money ? styles.numeric : undefined}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}

        <div className={styles.body}>
          {model.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        {ownPage ? null : conditions}
        <p className={styles.signedNote}>{t('issued.signedNote')}</p>
        <p className={styles.strong}>{model.signatory}</p>
        <DocumentFooter county={county} page={1} pages={pages} />
      </section>
      {ownPage ? (
        <section className={`${styles.page} ${styles.continuation}`} data-testid="document-page">
          <p className={styles.muted}>
            {model.title} {t('issued.number', { number: model.number })}
          </p>
          {stamp}
          {conditions}
          <DocumentFooter county={county} page={2} pages={2} />
        </section>
      ) : null}
    </article>
  );
}

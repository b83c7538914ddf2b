import type { County } from '@kaunti/contract/api-county';
import type { InvoiceDocument } from '@kaunti/contract/api-documents';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { layoutInvoice } from '@kaunti/contract/invoice-layout';
import { formatAmount, formatKes } from '@kaunti/contract/money';
import { useTranslation } from '../../lib/translator';
import styles from './document.module.css';
import { DocumentFacts, DocumentFooter, DocumentQr, Letterhead } from './document-parts';

/**
 * The printable invoice / receipt: the same model and the same layout (`layoutInvoice`) as the
 * server's PDF — letterhead, RECEIPT or INVOICE (in red), the bill facts, the QR code, the grouped
 * lines, the total, payment instructions on invoices only, and one printed page per
 * continuation chunk of 200 description items (CSS `break-before: page`), each with the county's
 * contacts in its footer. Labels follow the reader's language; RECEIPT / INVOICE are the spec's
 * titles in both.
 */
export function InvoiceDocumentView({ model, county }: { model: InvoiceDocument; county: County }) {
  const { t, i18n } = useTranslation('documents');
  const layout = layoutInvoice(model);
  const pages = layout.pageCount;
  const documentNo = model.isReceipt && model.receiptNo ? model.receiptNo : model.billNo;
  const titleClass = layout.isReceipt ? styles.receiptTitle : styles.invoiceTitle;
  const pageList = (numbers: number[]) =>
    numbers.length <= 1
      ? numbers.join('')
      : `${numbers.slice(0, -1).join(', ')} ${t('document.and')} ${numbers.at(-1)}`;

  const facts: [string, string][] = [];
  if (layout.isReceipt) facts.push([t('document.receiptNo'), model.receiptNo ?? '-']);
  if (layout.isReceipt && model.mpesaReceipts?.length)
    facts.push([t('document.mpesaReceipt'), model.mpesaReceipts.join(', ')]);
  facts.push(
    [t('document.billNo'), model.billNo],
    [t('document.date'), formatDisplayDate(model.billDate, i18n.language)],
  );
  facts.push([t('document.customerName'), model.customerName], [t('document.customerNo'), model.customerNo]);
  if (model.externalDoc) facts.push([t('document.applicationNo'), model.externalDoc]);
  if (layout.parcels.length > 0) {
    facts.push([
      t(layout.parcels.length > 1 ? 'document.parcels' : 'document.parcel'),
      layout.parcels.join(', '),
    ]);
  }
  if (model.description) facts.push([t('document.billDescription'), model.description]);

  return (
    <article
      className={styles.document}
      aria-label={t('document.label', { title: layout.title, number: documentNo })}
      data-testid="invoice-document"
    >
      <section className={styles.page} data-testid="document-page">
        <Letterhead county={county} />

        <div className={styles.titleRow}>
          <div className={styles.titleBlock}>
            <h1 className={titleClass}>{layout.title}</h1>
            <DocumentFacts facts={facts} />
          </div>
          <DocumentQr
            verifyCode={model.verifyCode}
            verifyUrl={model.verifyUrl}
            shortCode={model.verifyShortCode}
          />
        </div>

        {/* On a phone the lines stack (each cell under its column's name, from data-label); the
            explicit roles keep them a table for screen readers when CSS changes their display — some
            browsers drop a table's implicit roles then, so biome.json allows these "redundant" ones. */}
        <table className={styles.lines} role="table">
          <caption className="visually-hidden">{t('document.linesCaption')}</caption>
          <colgroup>
            <col className={styles.colNumber} />
            <col />
            <col className={styles.colQuantity} />
            <col className={styles.colMoney} />
            <col className={styles.colMoney} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t('document.number')}</th>
              <th scope="col">{t('document.description')}</th>
              <th scope="col" className={styles.numeric}>
                {t('document.quantity')}
              </th>
              <th scope="col" className={styles.numeric}>
                {t('document.unitPrice')}
              </th>
              <th scope="col" className={styles.numeric}>
                {t('document.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {layout.lines.map((line) => (
              <tr key={line.number} data-testid="document-line" role="row">
                <td role="cell" data-label={t('document.number')}>
                  {line.number}
                </td>
                <td
                  role="cell"
                  data-label={t('document.description')}
                  className={line.items.length > 40 ? styles.longDescription : undefined}
                >
                  {line.items.join(', ') || '-'}
                  {line.continuedOn.length > 0 ? (
                    <span className={styles.continuedNote}>
                      {t('document.continuedOn', {
                        count: line.totalItems,
                        pages: pageList(line.continuedOn),
                      })}
                    </span>
                  ) : null}
                </td>
                <td role="cell" data-label={t('document.quantity')} className={styles.numeric}>
                  {line.quantity}
                </td>
                <td role="cell" data-label={t('document.unitPrice')} className={styles.numeric}>
                  {formatAmount(line.unitPrice)}
                </td>
                <td role="cell" data-label={t('document.amount')} className={styles.numeric}>
                  {formatAmount(line.amount)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className={styles.numeric}>
                {layout.isReceipt ? t('document.amountPaid') : t('document.totalDue')}
              </th>
              <td colSpan={2} className={`${styles.numeric} ${styles.total}`}>
                {formatKes(layout.total)}
              </td>
            </tr>
          </tfoot>
        </table>

        {layout.showPaymentInstructions ? (
          <section
            className={styles.howToPay}
            aria-label={t('document.howToPay')}
            data-testid="payment-instructions"
          >
            <h2>{t('document.howToPay')}</h2>
            <p className={styles.strong}>
              {t('document.mpesa', {
                paybill: county.paybill,
                account: model.billNo,
                amount: formatKes(layout.total),
              })}
            </p>
            {county.bank_accounts.map((account) => (
              <p key={account.account_number}>
                {t('document.bank', {
                  bank: account.bank,
                  branch: account.branch,
                  name: account.account_name,
                  number: account.account_number,
                  reference: model.billNo,
                })}
              </p>
            ))}
            <p>{t('document.useInvoiceNumber', { number: model.billNo })}</p>
          </section>
        ) : (
          <p className={styles.receiptNote}>{t('document.receiptNote')}</p>
        )}
        <DocumentFooter county={county} page={1} pages={pages} />
      </section>

      {layout.continuationPages.map((page) => (
        <section
          key={page.pageNumber}
          className={`${styles.page} ${styles.continuation}`}
          data-testid="document-page"
          aria-label={t('document.pageOf', { page: page.pageNumber, pages })}
        >
          <header className={styles.shortHeader}>
            <p className={styles.countyTitleSmall}>{county.letterhead.title}</p>
            <h2 className={titleClass}>
              {t('document.continued', { title: layout.title, line: page.lineNumber })}
            </h2>
            <p className={styles.muted}>
              {t('document.billNo')} {model.billNo}
              {layout.isReceipt && model.receiptNo
                ? `  |  ${t('document.receiptNo')} ${model.receiptNo}`
                : ''}
            </p>
          </header>
          <h3 className={styles.rangeHeading}>
            {t('document.continuationRange', {
              line: page.lineNumber,
              first: page.firstItem,
              last: page.lastItem,
              total: page.totalItems,
            })}
          </h3>
          <p className={styles.items}>{page.items.join(', ')}</p>
          <DocumentFooter county={county} page={page.pageNumber} pages={pages} />
        </section>
      ))}
    </article>
  );
}

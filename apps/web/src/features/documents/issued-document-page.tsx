/**
 * The printable page of an issued county document (a certificate, a letter, a permit): one view
 * for every document kind, on the kind's route under /downloads/ (catalogue `download_route`,
 * e.g. `/downloads/official-letter?id=<document id>&key=<its print key>`). Public, as the spec's
 * printables are, through that link: the key is not in the QR code and cannot be guessed. It says when the document was revoked or has expired, prints on A4, and
 * offers the same document as a PDF.
 */
import type { PrintableDocument } from '@kaunti/contract/api-documents';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import { useCounty } from '../../lib/county';
import { pdfLinkIn } from '../../lib/document-language';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button, buttonClass } from '../../ui/button/button';
import { QueryState } from '../../ui/query-state/query-state';
import { Spinner } from '../../ui/spinner/spinner';
import styles from './invoice-page.module.css';
import { IssuedDocumentView } from './issued-document';

export function IssuedDocumentPage() {
  const { t, i18n } = useTranslation('documents');
  // The document prints in the reader's language (asked with Accept-Language; its PDF link says it).
  const language = i18n.language === 'sw' ? 'sw' : 'en';
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const key = params.get('key')?.trim() ?? '';
  const county = useCounty();
  const query = useQuery({
    queryKey: ['issued-document', id, key, language],
    queryFn: ({ signal }) =>
      api<PrintableDocument>(`/api/documents/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`, {
        signal,
      }),
    enabled: id !== '',
    retry: false,
  });

  if (!id) {
    return (
      <Alert variant="warning" title={t('page.error')}>
        <p>{t('issued.missing')}</p>
      </Alert>
    );
  }
  return (
    <QueryState query={query} loadingLabel={t('page.loading')} errorTitle={t('page.error')}>
      {(model) =>
        county ? (
          <div className={styles.printable}>
            {model.state === 'revoked' ? (
              <Alert variant="danger" title={t('issued.revokedTitle')}>
                <p>
                  {t('issued.revokedText', {
                    date: model.revoked_on ? formatDisplayDate(model.revoked_on, language) : '-',
                    reason: model.revocation_reason ?? '-',
                  })}
                </p>
              </Alert>
            ) : model.state === 'expired' && model.valid_until ? (
              <Alert variant="warning" title={t('issued.expiredTitle')}>
                <p>{t('issued.expiredText', { date: formatDisplayDate(model.valid_until, language) })}</p>
              </Alert>
            ) : null}
            <div className={styles.toolbar}>
              <Button onClick={() => window.print()}>{t('page.print')}</Button>
              <a className={buttonClass('secondary')} href={pdfLinkIn(model.pdf_url, language)}>
                {t('issued.pdf')}
              </a>
              <p className={styles.hint}>{t('page.printHint')}</p>
            </div>
            <IssuedDocumentView model={model} county={county} />
          </div>
        ) : (
          <Spinner label={t('page.loading')} />
        )
      }
    </QueryState>
  );
}

/**
 * The printable invoice / receipt page, for the route `/downloads/Invoice` (public printable
 * documents, spec section 2). This feature does not register the route: the bills/payments
 * feature wires it, e.g. in its routes.tsx (or app/portal-routes.tsx):
 *
 *   {
 *     path: 'downloads/Invoice',
 *     handle: { title: 'titles.invoice' },
 *     element: lazyPage(() => import('../documents/invoice-page'), (m) => m.InvoicePage),
 *   }
 *
 * (a feature may not import another feature: put that entry in app/portal-routes.tsx, which
 * composes features.) The page reads `?bill_no=<bill number>&type=invoice|receipt` (type defaults to
 * invoice) and loads the model with `useInvoiceDocument`, whose contract is:
 *
 *   GET /api/bills/{bill_no}/invoice   → InvoiceDocument JSON (contract api-documents.ts)
 *   GET /api/bills/{bill_no}/receipt   → the same, isReceipt true, once the bill is paid
 *
 * The bills routes build that JSON with `invoices.prepare(...)` (server
 * core/documents/invoice-documents.ts), which records the document and signs its QR code; the
 * PDFs `GET /api/bills/{bill_no}/invoice.pdf` and `/receipt.pdf` render the same model. To load
 * the model from elsewhere, call `InvoiceDocumentView` with it directly.
 */
import type { InvoiceDocument } from '@kaunti/contract/api-documents';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import { useCounty } from '../../lib/county';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { QueryState } from '../../ui/query-state/query-state';
import { Spinner } from '../../ui/spinner/spinner';
import { InvoiceDocumentView } from './invoice-document';
import styles from './invoice-page.module.css';

export type InvoiceDocumentKind = 'invoice' | 'receipt';

/**
 * Which invoice or receipt: the owner's, by bill number (signed in), or anyone's holding its
 * public printable link (the register id and the link's key: `printUrl`).
 */
export type InvoiceDocumentRequest =
  | { billNo: string; kind: InvoiceDocumentKind }
  | { id: string; key: string };

/** The JSON endpoint of a bill's invoice or receipt model. */
export function invoiceDocumentPath(request: InvoiceDocumentRequest): string {
  if ('id' in request)
    return `/api/bill-documents/${encodeURIComponent(request.id)}?key=${encodeURIComponent(request.key)}`;
  return `/api/bills/${encodeURIComponent(request.billNo)}/${request.kind}`;
}

/** Loads a bill's invoice or receipt model (nothing when `request` is undefined). */
export function useInvoiceDocument(request: InvoiceDocumentRequest | undefined) {
  return useQuery({
    queryKey: ['invoice-document', request ? invoiceDocumentPath(request) : undefined],
    queryFn: ({ signal }) => api<InvoiceDocument>(invoiceDocumentPath(request!), { signal }),
    enabled: request !== undefined,
    staleTime: 60_000,
  });
}

/** Reads `?id=&key=` (a public link), else `?bill_no=` and `?type=` (invoice or receipt). */
export function invoiceRequestFrom(params: URLSearchParams): InvoiceDocumentRequest | undefined {
  const id = params.get('id')?.trim();
  const key = params.get('key')?.trim();
  if (id && key) return { id, key };
  const billNo = params.get('bill_no')?.trim();
  if (!billNo) return undefined;
  return { billNo, kind: params.get('type') === 'receipt' ? 'receipt' : 'invoice' };
}

export function InvoicePage() {
  const { t } = useTranslation('documents');
  const [params] = useSearchParams();
  const request = invoiceRequestFrom(params);
  const county = useCounty();
  const query = useInvoiceDocument(request);

  if (!request) {
    return (
      <Alert variant="warning" title={t('page.error')}>
        <p>{t('page.missing')}</p>
      </Alert>
    );
  }
  return (
    <QueryState
      query={query}
      loadingLabel={t('page.loading')}
      errorTitle={t('page.error')}
      retryLabel={t('page.retry')}
    >
      {(model) =>
        county ? (
          <div className={styles.printable}>
            <div className={styles.toolbar}>
              <Button onClick={() => window.print()}>{t('page.print')}</Button>
              <p className={styles.hint}>{t('page.printHint')}</p>
              {'billNo' in request && model.printUrl ? (
                <p className={styles.hint}>
                  {t('page.shareLink')} <a href={model.printUrl}>{t('page.shareLinkText')}</a>
                </p>
              ) : null}
            </div>
            <InvoiceDocumentView model={model} county={county} />
          </div>
        ) : (
          <Spinner label={t('page.loading')} />
        )
      }
    </QueryState>
  );
}

import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Button } from '../../ui/button/button';
import { toast } from '../../ui/toast/toast-store';
import { type DocumentKind, downloadPdf, pdfPath } from './payments-api';

/** Downloads a bill's invoice or receipt PDF (fetched with the session's token). */
export function PdfButton({ billNo, kind }: { billNo: string; kind: DocumentKind }) {
  const { t } = useTranslation('payments');
  const message = useMessageTranslation();
  const [busy, setBusy] = useState(false);
  const label = kind === 'invoice' ? t('documents.invoicePdf') : t('documents.receiptPdf');
  return (
    <Button
      variant="secondary"
      busy={busy}
      busyLabel={t('documents.downloading')}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadPdf(pdfPath(billNo, kind), `${kind}-${billNo}.pdf`);
        } catch (error) {
          toast.error(message(errorText(error)));
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
      <span className="visually-hidden"> {billNo}</span>
    </Button>
  );
}

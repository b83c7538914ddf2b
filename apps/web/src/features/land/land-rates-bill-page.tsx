import { submitPathOf } from '@kaunti/catalogue/define-service';
import { assembleService } from '@kaunti/catalogue/service-folder';
import { landRatesBill } from '@kaunti/catalogue/services/land/land-rates-bill/definition';
import landRatesBillSw from '@kaunti/catalogue/services/land/land-rates-bill/sw.json';
import type { Bill } from '@kaunti/contract/api-bills';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useServiceText } from '../../lib/service-text';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { BillView } from './bill-view';
import styles from './land.module.css';
import { landMessageKey, useLandMessage } from './land-text';
import { LrNumberForm } from './lr-number-form';

const step = landRatesBill.steps[0]!;
/** The service with its Kiswahili (its folder's texts): the page draws its step as the wizard would. */
const service = assembleService({
  path: 'services/land/land-rates-bill/',
  definition: landRatesBill,
  sw: landRatesBillSw,
});

/**
 * /land-rates-bill: the current land rates bill of a parcel (this year's rates, arrears and
 * the penalty on them, from the county's rating settings), raised by
 * `POST /api/lands/rates/current-bill` with `{ lr_number }`, which answers the bill.
 * `?lr=` fills the LR number in (links from "Add land").
 */
/** The server's refusal; "fully paid" is good news, not an error, so it is an info alert. */
function ErrorAlert({ message, lrNumber }: { message: string; lrNumber: string }) {
  const landMessage = useLandMessage();
  const paid = landMessageKey(message, lrNumber) === 'messages.ratesPaid';
  return (
    <Alert variant={paid ? 'info' : 'danger'}>
      <p>{landMessage(message, lrNumber)}</p>
    </Alert>
  );
}

export function LandRatesBillPage() {
  const { t } = useTranslation('land');
  const [params] = useSearchParams();
  const text = useServiceText(service);
  const queryClient = useQueryClient();
  const request = useMutation({
    mutationFn: (lrNumber: string) =>
      api<Bill & { invoice_url?: string }>(submitPathOf(landRatesBill), {
        method: 'POST',
        body: { lr_number: lrNumber },
      }),
    // The bill is now in "My bills" (the user's own, or under "bills you asked for").
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bills'] }),
  });
  const intro = step.content?.[0];

  return (
    <div className={styles.page}>
      {step.description ? <p className={styles.lead}>{text.stepDescription(step)}</p> : null}
      {intro && intro.type === 'paragraph' ? <p>{text.block(step, 0, intro)}</p> : null}
      <LrNumberForm
        initial={params.get('lr') ?? ''}
        submitLabel={t('ratesBill.submit')}
        busy={request.isPending}
        onSubmit={(lrNumber) => request.mutate(lrNumber)}
      />
      {request.isError ? (
        <ErrorAlert message={errorText(request.error)} lrNumber={request.variables ?? ''} />
      ) : null}
      {request.data && !request.isPending ? (
        <BillView
          key={request.data.bill_no}
          bill={request.data}
          message={text.message(landRatesBill.submit.success_message)}
        />
      ) : null}
      {request.data?.invoice_url && !request.isPending && request.data.status !== 'paid' ? (
        <p>
          <a href={request.data.invoice_url} target="_blank" rel="noopener">
            {t('ratesBill.printInvoice')}
          </a>
        </p>
      ) : null}
    </div>
  );
}

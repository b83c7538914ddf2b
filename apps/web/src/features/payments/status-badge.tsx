import type { BillStatus } from '@kaunti/contract/api-bills';
import type { PaymentStatus } from '@kaunti/contract/api-payments';
import { useTranslation } from '../../lib/translator';
import { StatusBadge as Badge, type StatusTone } from '../../ui/status-badge/status-badge';

const BILL_TONE: Record<BillStatus, StatusTone> = {
  unpaid: 'action',
  partially_paid: 'progress',
  paid: 'good',
  cancelled: 'neutral',
};
const PAYMENT_TONE: Record<PaymentStatus, StatusTone> = {
  pending: 'progress',
  paid: 'good',
  failed: 'bad',
  cancelled: 'neutral',
};

/** A bill's or a payment's status as a word (never colour alone). */
export function StatusBadge(props: { bill: BillStatus } | { payment: PaymentStatus }) {
  const { t } = useTranslation('payments');
  const [tone, label, value] =
    'bill' in props
      ? [BILL_TONE[props.bill], t(`billStatuses.${props.bill}`), props.bill]
      : [PAYMENT_TONE[props.payment], t(`paymentStatuses.${props.payment}`), props.payment];
  return (
    <Badge tone={tone} status={value}>
      {label}
    </Badge>
  );
}

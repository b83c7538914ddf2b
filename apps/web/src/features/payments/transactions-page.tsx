import type { Payment } from '@kaunti/contract/api-payments';
import { formatKes } from '@kaunti/contract/money';
import { Link } from 'react-router';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { ButtonLink } from '../../ui/button/button';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import { AccountNav } from './account-nav';
import { formatMoment } from './payment-format';
import styles from './payments.module.css';
import { printablePath, usePayments } from './payments-api';
import { StatusBadge } from './status-badge';

/**
 * /account/transactions-history: the user's payments, newest first — date, bill, amount, method,
 * status, M-Pesa receipt number and a link to the county's receipt once the bill is paid — in a table that stacks into cards on a phone.
 */
export function TransactionsPage() {
  const { t } = useTranslation('payments');
  const query = usePayments();
  return (
    <div className={styles.page}>
      <PageHeading title={t('transactions.title')} lead={t('transactions.lead')} />
      <AccountNav />
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(payments) =>
          payments.length === 0 ? (
            <EmptyState>
              <p>{t('transactions.empty')}</p>
              <ButtonLink to="/payment" variant="secondary">
                {t('accountNav.pay')}
              </ButtonLink>
            </EmptyState>
          ) : (
            <TransactionTable payments={payments} />
          )
        }
      </QueryState>
    </div>
  );
}

/** The payments, newest first: a table on a wide screen, one card per payment on a phone. */
function TransactionTable({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation('payments');
  const message = useMessageTranslation();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('transactions.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('transactions.date')}</th>
            <th scope="col">{t('transactions.bill')}</th>
            <th scope="col" className={styles.number}>
              {t('transactions.amount')}
            </th>
            <th scope="col">{t('transactions.method')}</th>
            <th scope="col">{t('transactions.status')}</th>
            <th scope="col">{t('transactions.receipt')}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.payment_id} data-testid="transaction">
              <td data-label={t('transactions.date')}>{formatMoment(payment.created_at)}</td>
              <td data-label={t('transactions.bill')}>
                <div>
                  <span className={styles.reference}>{payment.bill_no}</span>
                  {payment.bill_description ? (
                    <span className={styles.subtle}>{payment.bill_description}</span>
                  ) : null}
                </div>
              </td>
              <td data-label={t('transactions.amount')} className={styles.number}>
                {formatKes(payment.amount_paid_cents ?? payment.amount_cents)}
              </td>
              <td data-label={t('transactions.method')}>{t(`methods.${payment.method}`)}</td>
              <td data-label={t('transactions.status')}>
                <div>
                  <StatusBadge payment={payment.status} />
                  {payment.status === 'failed' ||
                  payment.status === 'cancelled' ||
                  payment.held_for_refund ? (
                    <span className={styles.subtle}>{message(payment.message)}</span>
                  ) : null}
                </div>
              </td>
              <td data-label={t('transactions.receipt')}>
                <div>
                  {payment.mpesa_receipt_number ? (
                    <span className={styles.reference}>{payment.mpesa_receipt_number}</span>
                  ) : payment.status === 'paid' ? (
                    t('transactions.receiptPending')
                  ) : (
                    '-'
                  )}
                  {/* The county's receipt of the bill it paid (a bill on another account too). */}
                  {payment.status === 'paid' && !payment.held_for_refund && payment.bill_status === 'paid' ? (
                    <Link className={styles.docLink} to={printablePath(payment.bill_no, 'receipt')}>
                      {t('transactions.viewReceipt', { bill: payment.bill_no })}
                    </Link>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

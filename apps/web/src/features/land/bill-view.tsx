import type { Bill, BillStatus } from '@kaunti/contract/api-bills';
import { formatAmount, formatKes } from '@kaunti/contract/money';
import { useEffect, useRef } from 'react';
import { useCounty } from '../../lib/county';
import { useTranslation } from '../../lib/translator';
import { ButtonLink } from '../../ui/button/button';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { StatusBadge, type StatusTone } from '../../ui/status-badge/status-badge';
import styles from './land.module.css';
import { formatDay } from './land-text';

/** How a bill's status looks on the land pages. */
const TONES: Record<BillStatus, StatusTone> = {
  unpaid: 'bad',
  partially_paid: 'action',
  paid: 'good',
  cancelled: 'neutral',
};

/**
 * A bill as the citizen reads it: its number (the paybill account), what it is for, its lines
 * (Description, Parcel, Amount), the total in KES with 2 decimals, and a Pay now link while
 * something is owed.
 */
export function BillView({ bill, message }: { bill: Bill; message?: string }) {
  const { t, i18n } = useTranslation('land');
  const county = useCounty();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const owing = bill.balance_cents > 0 && (bill.status === 'unpaid' || bill.status === 'partially_paid');
  return (
    <section className={styles.bill} aria-labelledby="bill-title" data-testid="bill">
      <h2 id="bill-title" ref={heading} tabIndex={-1}>
        {t('ratesBill.title', { billNo: bill.bill_no })}
      </h2>
      {message ? (
        <p role="status" className={styles.ready}>
          {message}
        </p>
      ) : null}
      <FactList className={styles.facts}>
        <Fact label={t('ratesBill.billNo')} className={styles.reference}>
          {bill.bill_no}
        </Fact>
        <Fact label={t('ratesBill.description')}>{bill.description}</Fact>
        {bill.customer_name ? <Fact label={t('ratesBill.billedTo')}>{bill.customer_name}</Fact> : null}
        <Fact label={t('ratesBill.dueDate')}>{formatDay(bill.due_date, i18n.language)}</Fact>
        <Fact label={t('ratesBill.status')}>
          <StatusBadge tone={TONES[bill.status]} status={bill.status}>
            {t(`ratesBill.statuses.${bill.status}`)}
          </StatusBadge>
        </Fact>
      </FactList>
      <table className={styles.lines}>
        <caption>{t('ratesBill.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ratesBill.lineDescription')}</th>
            <th scope="col">{t('ratesBill.lineParcel')}</th>
            <th scope="col" className={styles.number}>
              {t('ratesBill.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.lines.map((line, index) => (
            // Lines have no id; their order is the bill's.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <tr key={index}>
              <td data-label={t('ratesBill.lineDescription')}>{line.Description}</td>
              <td data-label={t('ratesBill.lineParcel')}>{line.Parcel ?? '-'}</td>
              <td data-label={t('ratesBill.amount')} className={styles.number}>
                {formatAmount(line.amount_cents)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('ratesBill.total')}
            </th>
            <td className={`${styles.number} ${styles.total}`} data-testid="bill-total">
              {formatKes(bill.total_cents)}
            </td>
          </tr>
          {bill.paid_cents > 0 ? (
            <>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('ratesBill.paid')}
                </th>
                <td className={styles.number}>{formatKes(bill.paid_cents)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('ratesBill.balance')}
                </th>
                <td className={`${styles.number} ${styles.total}`}>{formatKes(bill.balance_cents)}</td>
              </tr>
            </>
          ) : null}
        </tfoot>
      </table>
      {owing ? (
        <div className={styles.pay}>
          <ButtonLink to={`/payment?bill=${encodeURIComponent(bill.bill_no)}`}>
            {t('ratesBill.pay')}
          </ButtonLink>
          {county ? (
            <p>{t('ratesBill.howToPay', { paybill: county.paybill, billNo: bill.bill_no })}</p>
          ) : null}
        </div>
      ) : bill.status === 'paid' ? (
        <p>{t('ratesBill.paidInFull')}</p>
      ) : null}
    </section>
  );
}

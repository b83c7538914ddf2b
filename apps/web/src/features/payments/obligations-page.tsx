import type { Obligations } from '@kaunti/contract/api-payments';
import { formatKes } from '@kaunti/contract/money';
import { useTranslation } from '../../lib/translator';
import { ButtonLink } from '../../ui/button/button';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import { AccountNav } from './account-nav';
import { formatDay } from './payment-format';
import styles from './payments.module.css';
import { useObligations } from './payments-api';
import { StatusBadge } from './status-badge';

/**
 * /account/obligations: everything the user owes across the county's services in one list —
 * unpaid and partly paid bills grouped by service area, each with its balance and a Pay link,
 * a subtotal per area and the total — and any credit (overpayments) on their bills.
 */
export function ObligationsPage() {
  const { t } = useTranslation('payments');
  const query = useObligations();
  return (
    <div className={styles.page}>
      <PageHeading title={t('obligations.title')} lead={t('obligations.lead')} />
      <AccountNav />
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(obligations) => <ObligationList obligations={obligations} />}
      </QueryState>
    </div>
  );
}

function ObligationList({ obligations }: { obligations: Obligations }) {
  const { t } = useTranslation('payments');
  return (
    <>
      <p className={styles.grandTotal} data-testid="obligations-total">
        {t('obligations.total')} <strong>{formatKes(obligations.balance_cents)}</strong>
      </p>
      {obligations.groups.length === 0 ? (
        <EmptyState>
          <p>{t('obligations.none')}</p>
        </EmptyState>
      ) : null}
      {obligations.groups.map((group) => {
        const headingId = `area-${group.area}`;
        return (
          <section key={group.area} className={styles.section} aria-labelledby={headingId}>
            <div className={styles.sectionHead}>
              <h2 id={headingId}>{t(`areas.${group.area}`, { defaultValue: t('areas.other') })}</h2>
              <p className={styles.total}>
                {t('obligations.subtotal')} <strong>{formatKes(group.balance_cents)}</strong>
              </p>
            </div>
            <ul className={styles.rows}>
              {group.bills.map((bill) => (
                <li key={bill.bill_no} className={styles.row} data-testid="obligation">
                  <div className={styles.rowMain}>
                    <p className={styles.rowTitle}>{bill.description}</p>
                    <p className={styles.subtle}>
                      <span className={styles.reference}>{bill.bill_no}</span> ·{' '}
                      {t('obligations.due', { date: formatDay(bill.due_date) })}
                    </p>
                  </div>
                  <StatusBadge bill={bill.status} />
                  <p className={styles.rowAmount}>
                    <span className="visually-hidden">{t('bills.balance')}: </span>
                    {formatKes(bill.balance_cents)}
                  </p>
                  <ButtonLink to={`/payment?bill=${encodeURIComponent(bill.bill_no)}`}>
                    {t('bills.pay')}
                    <span className="visually-hidden"> {bill.bill_no}</span>
                  </ButtonLink>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {obligations.credit_cents > 0 ? (
        <section className={styles.section} aria-labelledby="obligations-credit">
          <div className={styles.sectionHead}>
            <h2 id="obligations-credit">{t('obligations.creditTitle')}</h2>
            <p className={styles.total}>
              <strong>{formatKes(obligations.credit_cents)}</strong>
            </p>
          </div>
          <p className={styles.muted}>{t('obligations.creditLead')}</p>
          <ul className={styles.rows}>
            {obligations.credits.map((credit) => (
              <li key={credit.bill_no} className={styles.row}>
                <p className={styles.rowMain}>
                  <span className={styles.reference}>{credit.bill_no}</span>
                </p>
                <p className={styles.rowAmount}>{formatKes(credit.credit_cents)}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

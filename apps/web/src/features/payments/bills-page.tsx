import type { AskedBill, Bill } from '@kaunti/contract/api-bills';
import { formatKes } from '@kaunti/contract/money';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { ButtonLink } from '../../ui/button/button';
import { Card, CardList } from '../../ui/card/card';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import { Spinner } from '../../ui/spinner/spinner';
import { AccountNav } from './account-nav';
import { formatDay } from './payment-format';
import styles from './payments.module.css';
import { printablePath, useAskedBills, useBills } from './payments-api';
import { PdfButton } from './pdf-button';
import { StatusBadge } from './status-badge';

const isOpen = (bill: Bill) => bill.status === 'unpaid' || bill.status === 'partially_paid';

/**
 * /account/bills: the user's bills in two sections — to pay (unpaid and partly paid, with the
 * balance of each and the total due) and paid — each with its invoice (printable page and PDF),
 * its receipt once paid, and a Pay link while something is owed. Cancelled bills are listed last.
 * Then the bills on other accounts the user asked for (a relative's rates), the owner masked.
 */
export function BillsPage() {
  const { t } = useTranslation('payments');
  const query = useBills();
  const asked = useAskedBills();

  return (
    <div className={styles.page}>
      <PageHeading title={t('bills.title')} lead={t('bills.lead')} />
      <AccountNav />
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(bills) => {
          // "No bills yet" is never said before the bills asked for are known (a failed list of
          // them leaves them out: the user's own bills are still shown).
          if (asked.isPending) return <Spinner label={t('loading')} />;
          const askedBills = asked.data ?? [];
          return (
            <>
              {bills.length > 0 || askedBills.length === 0 ? <BillSections bills={bills} /> : null}
              {askedBills.length > 0 ? <AskedBills bills={askedBills} /> : null}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

/** The bills on other accounts the user asked for: whom each is addressed to (masked), when asked. */
function AskedBills({ bills }: { bills: AskedBill[] }) {
  const { t } = useTranslation('payments');
  return (
    <section aria-labelledby="bills-asked" className={styles.section}>
      <h2 id="bills-asked">{t('bills.asked', { count: bills.length })}</h2>
      <p className={styles.muted}>{t('bills.askedLead')}</p>
      <CardList>
        {bills.map((bill) => (
          <BillCard key={bill.bill_no} bill={bill} asked />
        ))}
      </CardList>
    </section>
  );
}

/**
 * /sbp/payments: the bills of the business permits only (applications and renewals), paid and
 * to pay, with the same cards; "my permits" links here and back.
 */
export function BusinessBillsPage() {
  const { t } = useTranslation('payments');
  const query = useBills('business');

  return (
    <div className={styles.page}>
      <PageHeading title={t('businessBills.title')} lead={t('businessBills.lead')} />
      <p>
        <Link className={styles.docLink} to="/permits">
          {t('businessBills.permits')}
        </Link>
      </p>
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(bills) => <BillSections bills={bills} />}
      </QueryState>
    </div>
  );
}

function BillSections({ bills }: { bills: Bill[] }) {
  const { t } = useTranslation('payments');
  const open = bills.filter(isOpen);
  const paid = bills.filter((b) => b.status === 'paid');
  const cancelled = bills.filter((b) => b.status === 'cancelled');
  const due = open.reduce((sum, b) => sum + b.balance_cents, 0);

  if (bills.length === 0) {
    return (
      <EmptyState>
        <p>{t('bills.empty')}</p>
        <ButtonLink to="/" variant="secondary">
          {t('browseServices')}
        </ButtonLink>
      </EmptyState>
    );
  }
  return (
    <>
      <section aria-labelledby="bills-to-pay" className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="bills-to-pay">{t('bills.toPay', { count: open.length })}</h2>
          {open.length > 0 ? (
            <p className={styles.total} data-testid="total-due">
              {t('bills.totalDue')} <strong>{formatKes(due)}</strong>
            </p>
          ) : null}
        </div>
        {open.length === 0 ? (
          <p className={styles.muted}>{t('bills.noneToPay')}</p>
        ) : (
          <CardList>
            {open.map((bill) => (
              <BillCard key={bill.bill_no} bill={bill} />
            ))}
          </CardList>
        )}
      </section>
      <section aria-labelledby="bills-paid" className={styles.section}>
        <h2 id="bills-paid">{t('bills.paid', { count: paid.length })}</h2>
        {paid.length === 0 ? (
          <p className={styles.muted}>{t('bills.nonePaid')}</p>
        ) : (
          <CardList>
            {paid.map((bill) => (
              <BillCard key={bill.bill_no} bill={bill} />
            ))}
          </CardList>
        )}
      </section>
      {cancelled.length > 0 ? (
        <section aria-labelledby="bills-cancelled" className={styles.section}>
          <h2 id="bills-cancelled">{t('bills.cancelled', { count: cancelled.length })}</h2>
          <CardList>
            {cancelled.map((bill) => (
              <BillCard key={bill.bill_no} bill={bill} />
            ))}
          </CardList>
        </section>
      ) : null}
    </>
  );
}

export function BillCard({ bill, asked = false }: { bill: Bill | AskedBill; asked?: boolean }) {
  const { t } = useTranslation('payments');
  const headingId = `bill-${bill.bill_no}`;
  return (
    <Card
      headingId={headingId}
      title={bill.description}
      level={3}
      badge={<StatusBadge bill={bill.status} />}
      data-testid="bill-card"
    >
      <FactList>
        <Fact label={t('bills.billNo')} className={styles.reference}>
          {bill.bill_no}
        </Fact>
        {asked && bill.customer_name ? <Fact label={t('bills.owner')}>{bill.customer_name}</Fact> : null}
        {asked && 'asked_at' in bill ? (
          <Fact label={t('bills.askedOn')}>{formatDay(bill.asked_at)}</Fact>
        ) : null}
        <Fact label={t('bills.date')}>{formatDay(bill.created_at)}</Fact>
        {isOpen(bill) ? <Fact label={t('bills.dueDate')}>{formatDay(bill.due_date)}</Fact> : null}
        <Fact label={t('bills.total')}>{formatKes(bill.total_cents)}</Fact>
        {bill.paid_cents > 0 && bill.status !== 'paid' ? (
          <Fact label={t('bills.paidSoFar')}>{formatKes(bill.paid_cents)}</Fact>
        ) : null}
        {isOpen(bill) ? (
          <Fact label={t('bills.balance')} className={styles.balance}>
            {formatKes(bill.balance_cents)}
          </Fact>
        ) : null}
        {bill.credit_cents > 0 ? <Fact label={t('bills.credit')}>{formatKes(bill.credit_cents)}</Fact> : null}
        {bill.paid_at ? <Fact label={t('bills.paidOn')}>{formatDay(bill.paid_at)}</Fact> : null}
      </FactList>
      {bill.status === 'cancelled' ? null : (
        <div className={styles.actions}>
          {isOpen(bill) ? (
            <ButtonLink to={`/payment?bill=${encodeURIComponent(bill.bill_no)}`}>
              {t('bills.pay')}
              <span className="visually-hidden"> {bill.bill_no}</span>
            </ButtonLink>
          ) : null}
          {bill.status === 'paid' ? (
            <>
              <Link className={styles.docLink} to={printablePath(bill.bill_no, 'receipt')}>
                {t('documents.receipt')}
                <span className="visually-hidden"> {bill.bill_no}</span>
              </Link>
              <PdfButton billNo={bill.bill_no} kind="receipt" />
            </>
          ) : null}
          <Link className={styles.docLink} to={printablePath(bill.bill_no, 'invoice')}>
            {t('documents.invoice')}
            <span className="visually-hidden"> {bill.bill_no}</span>
          </Link>
          <PdfButton billNo={bill.bill_no} kind="invoice" />
        </div>
      )}
    </Card>
  );
}

import type { Collections, UnmatchedList, UnmatchedPayment } from '@kaunti/contract/api-staff';
import { formatDisplayMoment, nairobiToday } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, api, apiBlob, apiWholeList } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { controlClass } from '../../ui/form-field/form-field';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import { ReasonForm } from './reason-form';
import styles from './staff.module.css';
import { useMe } from './staff-api';
import { TableRegion } from './table-region';

/**
 * /staff/revenue: unmatched paybill money to match to a bill or mark for refund, cancelling a
 * bill with nothing paid (with the reason), and the
 * collections report by day, service area and sub-county (on screen, or as a CSV file).
 */
export function RevenuePage() {
  const { t } = useTranslation('staff');
  return (
    <div>
      <PageHeading title={t('revenue.title')} lead={t('revenue.lead')} />
      <Unmatched />
      <ReasonForm<{ bill_no: string; application_no: string | null }>
        heading={t('cancelBill.heading')}
        lead={t('cancelBill.lead')}
        subject={{ label: t('cancelBill.billNo'), hint: t('cancelBill.billHint') }}
        submitLabel={t('cancelBill.submit')}
        doneTitle={(cancelled) =>
          cancelled.application_no
            ? t('cancelBill.doneWithApplication', {
                bill: cancelled.bill_no,
                application: cancelled.application_no,
              })
            : t('cancelBill.done', { bill: cancelled.bill_no })
        }
        action={({ subject, reason }) =>
          api(`/api/staff/bills/${encodeURIComponent(subject)}/cancel`, { method: 'POST', body: { reason } })
        }
      />
      <CollectionsReport />
    </div>
  );
}

/** Every page of the unmatched payments (`next_cursor`), with the first page's second-officer rule. */
async function allUnmatched(): Promise<UnmatchedList> {
  return apiWholeList<UnmatchedList>('/api/staff/revenue/unmatched', 'data');
}

function Unmatched() {
  const { t, i18n } = useTranslation('staff');
  const query = useQuery({
    queryKey: ['staff', 'unmatched'],
    queryFn: allUnmatched,
  });
  const me = useMe();
  return (
    <section aria-labelledby="unmatched-heading" className={styles.section}>
      <h2 id="unmatched-heading">{t('revenue.unmatched')}</h2>
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {({ data, second_officer_above_cents: above }) =>
          data.length === 0 ? (
            <EmptyState>
              <p>{t('revenue.noUnmatched')}</p>
            </EmptyState>
          ) : (
            <>
              <p className={styles.muted}>{t('revenue.secondOfficerRule', { amount: formatKes(above) })}</p>
              <ul className={styles.plainList}>
                {data.map((payment) => (
                  <li key={payment.payment_id} className={styles.item}>
                    <p>
                      <strong>{formatKes(payment.amount_cents)}</strong> ·{' '}
                      {payment.mpesa_receipt_number ?? '-'} · {payment.payer_name ?? ''}{' '}
                      {payment.phone_number ?? ''} · {formatDisplayMoment(payment.paid_at, i18n.language)}
                    </p>
                    <p className={styles.muted}>
                      {t('revenue.accountTyped', { account: payment.account_typed })} ·{' '}
                      {t(`revenue.reasons.${payment.reason}`, { defaultValue: payment.reason })}
                    </p>
                    {payment.proposal ? (
                      <Proposal payment={payment} mine={payment.proposal.proposed_by === me.data?.id} />
                    ) : (
                      <Resolve payment={payment} />
                    )}
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </QueryState>
    </section>
  );
}

function Resolve({ payment }: { payment: UnmatchedPayment }) {
  const { t } = useTranslation('staff');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const [billNo, setBillNo] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = payment.payment_id;
  const act = useMutation({
    mutationFn: (kind: 'match' | 'refund') =>
      api(`/api/staff/revenue/unmatched/${id}/${kind}`, {
        method: 'POST',
        body: kind === 'match' ? { bill_no: billNo, reason } : { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'unmatched'] }),
    onError: (e) => setError(e instanceof ApiError ? message(e.message) : t('failed')),
  });
  function submit(kind: 'match' | 'refund') {
    return (event: FormEvent) => {
      event.preventDefault();
      setError(null);
      act.mutate(kind);
    };
  }
  return (
    <form className={styles.filters} onSubmit={submit('match')} noValidate>
      {error ? (
        <Alert variant="danger" title={error}>
          <p>{t('revenue.nothingChanged')}</p>
        </Alert>
      ) : null}
      <div className={styles.filter}>
        <label htmlFor={`bill-${id}`}>{t('revenue.billNo')}</label>
        <input
          id={`bill-${id}`}
          className={controlClass('input')}
          value={billNo}
          onChange={(event) => setBillNo(event.currentTarget.value)}
        />
      </div>
      <div className={styles.filter}>
        <label htmlFor={`reason-${id}`}>{t('revenue.reason')}</label>
        <input
          id={`reason-${id}`}
          className={controlClass('input')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </div>
      <Button type="submit" busy={act.isPending} busyLabel={t('decisions.saving')}>
        {t('revenue.match')}
      </Button>
      <Button variant="secondary" onClick={submit('refund')} disabled={act.isPending}>
        {t('revenue.refund')}
      </Button>
    </form>
  );
}

/**
 * A match above the second-officer amount, proposed by one revenue officer: another confirms it
 * (the money is credited then) or refuses it with the reason; its proposer may only withdraw it.
 */
function Proposal({ payment, mine }: { payment: UnmatchedPayment; mine: boolean }) {
  const { t, i18n } = useTranslation('staff');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const proposal = payment.proposal!;
  const id = payment.payment_id;
  const act = useMutation({
    mutationFn: (kind: 'confirm' | 'refuse') =>
      api(`/api/staff/revenue/unmatched/${id}/match/${kind}`, {
        method: 'POST',
        body: kind === 'refuse' ? { reason } : {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'unmatched'] }),
    onError: (e) => setError(e instanceof ApiError ? message(e.message) : t('failed')),
  });
  function submit(kind: 'confirm' | 'refuse') {
    return (event: FormEvent) => {
      event.preventDefault();
      setError(null);
      act.mutate(kind);
    };
  }
  return (
    <form className={styles.filters} onSubmit={submit('confirm')} noValidate>
      <p data-testid="match-proposal">
        {t('revenue.proposed', {
          bill: proposal.bill_no,
          officer: proposal.proposed_by_name,
          at: formatDisplayMoment(proposal.proposed_at, i18n.language),
          reason: proposal.reason,
        })}{' '}
        {mine ? t('revenue.waitingForSecond') : null}
      </p>
      {error ? (
        <Alert variant="danger" title={error}>
          <p>{t('revenue.nothingChanged')}</p>
        </Alert>
      ) : null}
      <div className={styles.filter}>
        <label htmlFor={`refuse-reason-${id}`}>{t('revenue.reason')}</label>
        <input
          id={`refuse-reason-${id}`}
          className={controlClass('input')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </div>
      {mine ? null : (
        <Button type="submit" busy={act.isPending} busyLabel={t('decisions.saving')}>
          {t('revenue.confirmMatch')}
        </Button>
      )}
      <Button variant="secondary" onClick={submit('refuse')} disabled={act.isPending}>
        {mine ? t('revenue.withdrawMatch') : t('revenue.refuseMatch')}
      </Button>
    </form>
  );
}

function CollectionsReport() {
  const { t } = useTranslation('staff');
  const [range, setRange] = useState({ from: nairobiToday(), to: nairobiToday() });
  const [draft, setDraft] = useState(range);
  const query = useQuery({
    queryKey: ['staff', 'collections', range],
    queryFn: () => api<Collections>(`/api/staff/revenue/collections?from=${range.from}&to=${range.to}`),
  });
  async function download() {
    const blob = await apiBlob(
      `/api/staff/revenue/collections?from=${range.from}&to=${range.to}&format=csv`,
      'text/csv',
    );
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `collections-${range.from}-to-${range.to}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <section aria-labelledby="collections-heading" className={styles.section}>
      <h2 id="collections-heading">{t('revenue.collections')}</h2>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          setRange(draft);
        }}
      >
        <div className={styles.filter}>
          <label htmlFor="collections-from">{t('revenue.from')}</label>
          <input
            id="collections-from"
            type="date"
            className={controlClass('input')}
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          />
        </div>
        <div className={styles.filter}>
          <label htmlFor="collections-to">{t('revenue.to')}</label>
          <input
            id="collections-to"
            type="date"
            className={controlClass('input')}
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('revenue.show')}
        </Button>
        <Button variant="secondary" onClick={() => void download()}>
          {t('revenue.csv')}
        </Button>
      </form>
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(report) => (
          <TableRegion label={t('revenue.collectionsTable')}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('revenue.collections')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('revenue.day')}</th>
                  <th scope="col">{t('revenue.area')}</th>
                  <th scope="col">{t('revenue.subCounty')}</th>
                  <th scope="col">{t('revenue.payments')}</th>
                  <th scope="col">{t('revenue.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((row) => (
                  <tr key={`${row.day}-${row.area}-${row.sub_county_code ?? ''}`}>
                    <td>{row.day}</td>
                    <td>{t(`areas.${row.area}`, { defaultValue: row.area })}</td>
                    <td>{row.sub_county}</td>
                    <td>{row.payments}</td>
                    <td>{formatKes(row.amount_cents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t('revenue.total')}
                  </th>
                  <td>{report.total_payments}</td>
                  <td>{formatKes(report.total_cents)}</td>
                </tr>
              </tfoot>
            </table>
          </TableRegion>
        )}
      </QueryState>
    </section>
  );
}

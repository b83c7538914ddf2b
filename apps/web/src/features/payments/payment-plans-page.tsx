import type { Arrears, PaymentPlan } from '@kaunti/contract/api-payment-plans';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, apiAllPages } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button, ButtonLink } from '../../ui/button/button';
import { DocumentLinks } from '../../ui/document-links/document-links';
import { LiveRegion } from '../../ui/live-region/live-region';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import { AccountNav } from './account-nav';
import styles from './payment-plans.module.css';

const KEY = ['payment-plans'] as const;

/** What a plan would cover now, and the county's limits (`GET /api/payment-plans/arrears`). */
function useArrears() {
  return useQuery({
    queryKey: [...KEY, 'arrears'],
    queryFn: () => api<Arrears>('/api/payment-plans/arrears'),
  });
}

/** The account's plans, newest first. */
function usePlans() {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: () => apiAllPages<PaymentPlan>('/api/payment-plans').then((body) => body.data),
  });
}

/** Each instalment but the last in whole shillings, the last the rest (as the server schedules). */
export function estimateOf(totalCents: number, count: number): { each: number; last: number } {
  const each = Math.floor(totalCents / count / 100) * 100;
  return { each, last: totalCents - each * (count - 1) };
}

/**
 * /account/payment-plans (decision 037): the account's arrears (rent, stall rent, rates overdue),
 * asking to pay them in 2 to 12 monthly instalments — granted at once within the county's limits,
 * else sent to a revenue officer — and each plan with its schedule, the bills to pay and the
 * printable schedule with its E-Verify QR code.
 */
export function PaymentPlansPage() {
  const { t } = useTranslation('payments');
  const arrears = useArrears();
  const plans = usePlans();
  const [announcement, setAnnouncement] = useState('');
  return (
    <div className={styles.page}>
      <PageHeading title={t('plans.title')} lead={t('plans.lead')} />
      <AccountNav />
      <LiveRegion message={announcement} testId="plans-status" />
      <QueryState query={arrears} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(data) => <AskForPlan arrears={data} onDone={setAnnouncement} />}
      </QueryState>
      <section className={styles.section} aria-labelledby="plans-yours">
        <h2 id="plans-yours">{t('plans.yours')}</h2>
        <QueryState query={plans} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
          {(list) =>
            list.length === 0 ? (
              <p>{t('plans.none')}</p>
            ) : (
              <ul className={styles.plans}>
                {list.map((plan) => (
                  <li key={plan.plan_no}>
                    <PlanCard plan={plan} onDone={setAnnouncement} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}

function AskForPlan({ arrears, onDone }: { arrears: Arrears; onDone: (message: string) => void }) {
  const { t } = useTranslation('payments');
  const translate = useMessageTranslation();
  const queryClient = useQueryClient();
  const { limits } = arrears;
  const [count, setCount] = useState(3);
  const ask = useMutation({
    mutationFn: (instalments: number) =>
      api<PaymentPlan>('/api/payment-plans', { method: 'POST', body: { instalments } }),
    onSuccess: (plan) => {
      onDone(
        plan.status === 'active'
          ? t('plans.granted', { planNo: plan.plan_no })
          : t('plans.sentToOfficer', { planNo: plan.plan_no }),
      );
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const counts = Array.from(
    { length: limits.max_instalments - limits.min_instalments + 1 },
    (_, i) => limits.min_instalments + i,
  );
  const estimate = estimateOf(arrears.arrears_cents, count);
  const atOnce = count <= limits.instant_max_instalments && arrears.arrears_cents <= limits.instant_max_cents;
  return (
    <section className={styles.section} aria-labelledby="plans-arrears">
      <h2 id="plans-arrears">{t('plans.arrearsTitle')}</h2>
      <p data-testid="plans-arrears-total">
        {t('plans.arrearsTotal')} <strong>{formatKes(arrears.arrears_cents)}</strong>
      </p>
      {arrears.items.length > 0 ? (
        <ul className={styles.items}>
          {arrears.items.map((item) => (
            <li key={`${item.kind}-${item.reference}`}>
              <span>
                {item.description} <span className={styles.reference}>({item.reference})</span>
              </span>
              <span className={styles.amount}>{formatKes(item.amount_cents)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {arrears.open_plan_no ? (
        <p>{t('plans.alreadyOpen', { planNo: arrears.open_plan_no })}</p>
      ) : !arrears.eligible ? (
        <p>{t('plans.notEligible', { min: formatKes(limits.min_arrears_cents) })}</p>
      ) : (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            ask.mutate(count);
          }}
        >
          <div className={styles.field}>
            <label htmlFor="plan-instalments">{t('plans.instalments')}</label>
            <span id="plan-instalments-hint" className={styles.hint}>
              {t('plans.limitsHint', {
                months: limits.instant_max_instalments,
                max: formatKes(limits.instant_max_cents),
              })}
            </span>
            <select
              id="plan-instalments"
              aria-describedby="plan-instalments-hint plan-estimate"
              value={count}
              onChange={(event) => setCount(Number(event.target.value))}
            >
              {counts.map((n) => (
                <option key={n} value={n}>
                  {t('plans.months', { count: n })}
                </option>
              ))}
            </select>
          </div>
          <p id="plan-estimate" data-testid="plan-estimate">
            {estimate.each === estimate.last
              ? t('plans.estimateEven', { count, each: formatKes(estimate.each) })
              : t('plans.estimate', {
                  count: count - 1,
                  each: formatKes(estimate.each),
                  last: formatKes(estimate.last),
                })}{' '}
            {atOnce ? t('plans.atOnce') : t('plans.needsOfficer')}
          </p>
          <Button type="submit" disabled={ask.isPending}>
            {t('plans.submit')}
          </Button>
        </form>
      )}
      {ask.isError ? (
        <Alert variant="danger">
          <p>{translate(errorText(ask.error))}</p>
        </Alert>
      ) : null}
    </section>
  );
}

function PlanCard({ plan, onDone }: { plan: PaymentPlan; onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation('payments');
  const translate = useMessageTranslation();
  const queryClient = useQueryClient();
  const withdraw = useMutation({
    mutationFn: () =>
      api<PaymentPlan>(`/api/payment-plans/${encodeURIComponent(plan.plan_no)}/withdraw`, { method: 'POST' }),
    onSuccess: () => {
      onDone(t('plans.withdrawn', { planNo: plan.plan_no }));
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  const headingId = `plan-${plan.plan_no}`;
  return (
    <article className={styles.plan} aria-labelledby={headingId} data-testid="payment-plan">
      <h3 id={headingId}>{t('plans.planTitle', { planNo: plan.plan_no })}</h3>
      <p>
        <span className={styles.status} data-status={plan.status}>
          {t(`plans.status.${plan.status}`)}
        </span>{' '}
        {t('plans.covers', { amount: formatKes(plan.arrears_cents), count: plan.instalment_count })}
      </p>
      {plan.reason ? <p>{translate(plan.reason)}</p> : null}
      {plan.instalments.length > 0 ? (
        <table className={styles.lines}>
          <caption>{t('plans.schedule', { planNo: plan.plan_no })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('plans.instalment')}</th>
              <th scope="col">{t('plans.dueDate')}</th>
              <th scope="col" className={styles.number}>
                {t('plans.amount')}
              </th>
              <th scope="col">{t('plans.state')}</th>
            </tr>
          </thead>
          <tbody>
            {plan.instalments.map((i) => (
              <tr key={i.number}>
                <td data-label={t('plans.instalment')}>{i.number}</td>
                <td data-label={t('plans.dueDate')}>{formatDisplayDate(i.due_date, i18n.language)}</td>
                <td data-label={t('plans.amount')} className={styles.number}>
                  {formatKes(i.amount_cents)}
                </td>
                <td data-label={t('plans.state')}>
                  {(i.status === 'billed' || i.status === 'missed') && i.bill_no ? (
                    <ButtonLink to={`/payment?bill=${encodeURIComponent(i.bill_no)}`}>
                      {t('plans.pay')}
                      <span className="visually-hidden">
                        {' '}
                        {t('plans.instalmentNo', { n: i.number })} ({t(`plans.instalmentStatus.${i.status}`)})
                      </span>
                    </ButtonLink>
                  ) : (
                    t(`plans.instalmentStatus.${i.status}`)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {plan.rest_bill_no ? (
        <p>
          <ButtonLink to={`/payment?bill=${encodeURIComponent(plan.rest_bill_no)}`}>
            {t('plans.payRest')}
          </ButtonLink>
        </p>
      ) : null}
      {plan.document ? (
        <p className={styles.links}>
          <DocumentLinks
            document={plan.document}
            number={plan.plan_no}
            labels={{ print: t('plans.print'), pdf: t('plans.pdf'), verify: t('plans.verify') }}
          />
        </p>
      ) : null}
      {plan.status === 'pending_review' ? (
        <Button variant="secondary" onClick={() => withdraw.mutate()} disabled={withdraw.isPending}>
          {t('plans.withdraw')}
          <span className="visually-hidden"> {plan.plan_no}</span>
        </Button>
      ) : null}
      {withdraw.isError ? (
        <Alert variant="danger">
          <p>{translate(errorText(withdraw.error))}</p>
        </Alert>
      ) : null}
    </article>
  );
}

import type { PaymentPlan } from '@kaunti/contract/api-payment-plans';
import { formatDisplayMoment } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, api, apiAllPages } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { controlClass } from '../../ui/form-field/form-field';
import { LiveRegion } from '../../ui/live-region/live-region';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import styles from './staff.module.css';

type StaffPlan = PaymentPlan & { customer_name: string; own: boolean };
const KEY = ['staff', 'payment-plans'] as const;

/**
 * /staff/payment-plans (decision 037): payment plans above the county's limits, oldest first, for
 * revenue officers to grant or refuse (with a reason). An officer's own plan is shown without the
 * buttons: the server refuses it anyway (403).
 */
export function StaffPaymentPlansPage() {
  const { t } = useTranslation('staff');
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => apiAllPages<StaffPlan>('/api/staff/payment-plans'),
  });
  const [announcement, setAnnouncement] = useState('');
  return (
    <div>
      <PageHeading title={t('plans.title')} lead={t('plans.lead')} />
      <LiveRegion message={announcement} testId="staff-plans-status" />
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState>
              <p>{t('plans.empty')}</p>
            </EmptyState>
          ) : (
            <ul className={styles.plainList}>
              {data.map((plan) => (
                <li key={plan.plan_no} className={styles.section}>
                  <PlanItem plan={plan} onDone={setAnnouncement} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

function PlanItem({ plan, onDone }: { plan: StaffPlan; onDone: (message: string) => void }) {
  const { t, i18n } = useTranslation('staff');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const own = plan.own;
  const decide = useMutation({
    mutationFn: (decision: 'grant' | 'refuse') =>
      api<PaymentPlan>(`/api/staff/payment-plans/${encodeURIComponent(plan.plan_no)}/decision`, {
        method: 'POST',
        body: reason.trim() ? { decision, reason: reason.trim() } : { decision },
      }),
    onSuccess: (decided) => {
      onDone(t(decided.status === 'active' ? 'plans.granted' : 'plans.refused', { planNo: plan.plan_no }));
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (e) => setError(e instanceof ApiError ? message(e.message) : t('failed')),
  });
  function submit(decision: 'grant' | 'refuse') {
    return (event: FormEvent) => {
      event.preventDefault();
      setError(null);
      decide.mutate(decision);
    };
  }
  const reasonId = `plan-reason-${plan.plan_no}`;
  return (
    <>
      <h2>{t('plans.plan', { planNo: plan.plan_no })}</h2>
      <dl className={styles.facts}>
        <dt>{t('plans.citizen')}</dt>
        <dd>{plan.customer_name}</dd>
        <dt>{t('plans.arrears')}</dt>
        <dd>{formatKes(plan.arrears_cents)}</dd>
        <dt>{t('plans.instalments')}</dt>
        <dd>{plan.instalment_count}</dd>
        <dt>{t('plans.covers')}</dt>
        <dd>
          {plan.items
            .map((item) => `${item.description} (${item.reference}): ${formatKes(item.amount_cents)}`)
            .join('; ')}
        </dd>
        <dt>{t('plans.asked')}</dt>
        <dd>{formatDisplayMoment(plan.created_at, i18n.language)}</dd>
      </dl>
      <form className={styles.filters} onSubmit={submit('grant')} noValidate>
        {error ? (
          <Alert variant="danger" title={error}>
            <p>{t('revenue.nothingChanged')}</p>
          </Alert>
        ) : null}
        <div className={styles.filter}>
          <label htmlFor={reasonId}>{t('plans.reason')}</label>
          <input
            id={reasonId}
            className={controlClass('input')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </div>
        {own ? (
          <p>{t('plans.own')}</p>
        ) : (
          <>
            <Button type="submit" busy={decide.isPending} busyLabel={t('decisions.saving')}>
              {t('plans.grant')}
              <span className="visually-hidden"> {plan.plan_no}</span>
            </Button>
            <Button variant="secondary" onClick={submit('refuse')} disabled={decide.isPending}>
              {t('plans.refuse')}
              <span className="visually-hidden"> {plan.plan_no}</span>
            </Button>
          </>
        )}
      </form>
    </>
  );
}

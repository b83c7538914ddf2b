import type { BusinessClaim } from '@kaunti/contract/api-business';
import type { StaffParcelClaim } from '@kaunti/contract/api-land';
import { formatDisplayMoment } from '@kaunti/contract/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, api, apiAllPages } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { controlClass } from '../../ui/form-field/form-field';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import styles from './staff.module.css';
import { useMe } from './staff-api';

/** A business claim as business officers see it (GET /api/staff/business-claims). */
type StaffBusinessClaim = BusinessClaim & {
  claimant_name: string;
  claimant_phone: string;
  claimant_identifier: string;
  in_register: boolean;
  holder_name: string | null;
  recommended_by: string | null;
  recommended_by_name: string | null;
  recommendation_reason: string | null;
};

/**
 * /staff/claims: parcel ownership claims (someone asked to link a parcel registered to another
 * person), oldest first, for land officers; and, for business officers, claims to act for a
 * business another account holds (decision 029). Accepting hands a parcel or a business over, so
 * it takes two: one officer recommends it, another accepts it; either rejects it, with a reason
 * the claimant sees.
 */
export function ClaimsPage() {
  const { t } = useTranslation('staff');
  const me = useMe();
  const business = me.data?.areas.some((area) => area === '*' || area === 'business') === true;
  const query = useQuery({
    queryKey: ['staff', 'claims'],
    queryFn: () => apiAllPages<StaffParcelClaim>('/api/staff/parcel-claims'),
  });
  return (
    <div>
      <PageHeading title={t('claims.title')} lead={t('claims.lead')} />
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState>
              <p>{t('claims.empty')}</p>
            </EmptyState>
          ) : (
            <ul className={styles.plainList}>
              {data.map((claim) => (
                <li key={claim.id} className={styles.section}>
                  <Claim claim={claim} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {business ? <BusinessClaims /> : null}
    </div>
  );
}

function BusinessClaims() {
  const { t } = useTranslation('staff');
  const query = useQuery({
    queryKey: ['staff', 'business-claims'],
    queryFn: () => apiAllPages<StaffBusinessClaim>('/api/staff/business-claims'),
  });
  return (
    <section aria-labelledby="business-claims-title">
      <h2 id="business-claims-title">{t('businessClaims.title')}</h2>
      <p>{t('businessClaims.lead')}</p>
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState>
              <p>{t('claims.empty')}</p>
            </EmptyState>
          ) : (
            <ul className={styles.plainList}>
              {data.map((claim) => (
                <li key={claim.id} className={styles.section}>
                  <BusinessClaimItem claim={claim} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function BusinessClaimItem({ claim }: { claim: StaffBusinessClaim }) {
  const { t, i18n } = useTranslation('staff');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const me = useMe();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const recommended = claim.status === 'recommended';
  const mine = recommended && me.data !== undefined && claim.recommended_by === me.data.id;
  const decide = useMutation({
    mutationFn: (decision: 'accepted' | 'rejected') =>
      api(`/api/staff/business-claims/${claim.id}/decision`, { method: 'POST', body: { decision, reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'business-claims'] }),
    onError: (e) => setError(e instanceof ApiError ? message(e.message) : t('failed')),
  });
  function submit(decision: 'accepted' | 'rejected') {
    return (event: FormEvent) => {
      event.preventDefault();
      setError(null);
      decide.mutate(decision);
    };
  }
  return (
    <>
      <h3>{t('businessClaims.business', { name: claim.business_name, pin: claim.kra_pin })}</h3>
      <dl className={styles.facts}>
        <dt>{t('claims.claimant')}</dt>
        <dd>
          {claim.claimant_name} · {claim.claimant_phone} · {claim.claimant_identifier}
        </dd>
        <dt>{t('businessClaims.holder')}</dt>
        <dd>{claim.holder_name ?? t('businessClaims.nobody')}</dd>
        <dt>{t('businessClaims.inRegister')}</dt>
        <dd>{claim.in_register ? t('claims.yes') : t('claims.no')}</dd>
        {claim.application_no ? (
          <>
            <dt>{t('businessClaims.paidPermit')}</dt>
            <dd>{claim.application_no}</dd>
          </>
        ) : null}
        <dt>{t('claims.filed')}</dt>
        <dd>{formatDisplayMoment(claim.created_at, i18n.language)}</dd>
        {recommended ? (
          <>
            <dt>{t('claims.recommendedBy')}</dt>
            <dd>
              {claim.recommended_by_name ?? '-'} · {claim.recommendation_reason ?? '-'}
            </dd>
          </>
        ) : null}
      </dl>
      <p>
        {recommended
          ? t(mine ? 'businessClaims.secondOfficerWaits' : 'businessClaims.secondOfficer')
          : t('businessClaims.firstOfficer')}
      </p>
      <form className={styles.filters} onSubmit={submit('accepted')} noValidate>
        {error ? (
          <Alert variant="danger" title={error}>
            <p>{t('revenue.nothingChanged')}</p>
          </Alert>
        ) : null}
        <div className={styles.filter}>
          <label htmlFor={`business-claim-reason-${claim.id}`}>{t('claims.reason')}</label>
          <input
            id={`business-claim-reason-${claim.id}`}
            className={controlClass('input')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </div>
        {mine ? null : (
          <Button type="submit" busy={decide.isPending} busyLabel={t('decisions.saving')}>
            {recommended ? t('businessClaims.accept') : t('claims.recommend')}
            <span className="visually-hidden"> {claim.kra_pin}</span>
          </Button>
        )}
        <Button variant="secondary" onClick={submit('rejected')} disabled={decide.isPending}>
          {t('claims.reject')}
          <span className="visually-hidden"> {claim.kra_pin}</span>
        </Button>
      </form>
    </>
  );
}

function Claim({ claim }: { claim: StaffParcelClaim }) {
  const { t, i18n } = useTranslation('staff');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const me = useMe();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const recommended = claim.status === 'recommended';
  const mine = recommended && me.data !== undefined && claim.recommended_by === me.data.id;
  const decide = useMutation({
    mutationFn: (decision: 'accepted' | 'rejected') =>
      api(`/api/staff/parcel-claims/${claim.id}/decision`, { method: 'POST', body: { decision, reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'claims'] }),
    onError: (e) => setError(e instanceof ApiError ? message(e.message) : t('failed')),
  });
  function submit(decision: 'accepted' | 'rejected') {
    return (event: FormEvent) => {
      event.preventDefault();
      setError(null);
      decide.mutate(decision);
    };
  }
  return (
    <>
      <h2>{t('claims.parcel', { lr: claim.lr_number })}</h2>
      <dl className={styles.facts}>
        <dt>{t('claims.claimant')}</dt>
        <dd>
          {claim.claimant_name} · {claim.claimant_phone} · {claim.claimant_identifier}
        </dd>
        <dt>{t('claims.owner')}</dt>
        <dd>
          {claim.registered_owner_name} · {claim.registered_owner_identifier}
        </dd>
        <dt>{t('claims.linked')}</dt>
        <dd>{claim.linked_to_account ? t('claims.yes') : t('claims.no')}</dd>
        <dt>{t('claims.filed')}</dt>
        <dd>{formatDisplayMoment(claim.created_at, i18n.language)}</dd>
        {recommended ? (
          <>
            <dt>{t('claims.recommendedBy')}</dt>
            <dd>
              {claim.recommended_by_name ?? '-'} · {claim.recommendation_reason ?? '-'}
            </dd>
          </>
        ) : null}
      </dl>
      <p>
        {recommended
          ? t(mine ? 'claims.secondOfficerWaits' : 'claims.secondOfficer')
          : t('claims.firstOfficer')}
      </p>
      <form className={styles.filters} onSubmit={submit('accepted')} noValidate>
        {error ? (
          <Alert variant="danger" title={error}>
            <p>{t('revenue.nothingChanged')}</p>
          </Alert>
        ) : null}
        <div className={styles.filter}>
          <label htmlFor={`claim-reason-${claim.id}`}>{t('claims.reason')}</label>
          <input
            id={`claim-reason-${claim.id}`}
            className={controlClass('input')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </div>
        {mine ? null : (
          <Button type="submit" busy={decide.isPending} busyLabel={t('decisions.saving')}>
            {recommended ? t('claims.accept') : t('claims.recommend')}
            <span className="visually-hidden"> {claim.lr_number}</span>
          </Button>
        )}
        <Button variant="secondary" onClick={submit('rejected')} disabled={decide.isPending}>
          {t('claims.reject')}
          <span className="visually-hidden"> {claim.lr_number}</span>
        </Button>
      </form>
    </>
  );
}

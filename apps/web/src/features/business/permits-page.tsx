import type { BusinessClaim, MyPermit, PermitState } from '@kaunti/contract/api-business';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { apiAllPages } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { useRenewal } from '../../lib/use-renewal';
import { Alert } from '../../ui/alert/alert';
import { Button, ButtonLink } from '../../ui/button/button';
import { Card, CardList } from '../../ui/card/card';
import { DocumentLinks } from '../../ui/document-links/document-links';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import { StatusBadge, type StatusTone } from '../../ui/status-badge/status-badge';
import styles from './business.module.css';

const TONE: Record<PermitState, StatusTone> = {
  active: 'good',
  expiring: 'action',
  expired: 'bad',
  revoked: 'bad',
  renewed: 'neutral',
};

function usePermits() {
  return useQuery({
    queryKey: ['permits'],
    queryFn: ({ signal }) => apiAllPages<MyPermit>('/api/permits', { signal }).then((r) => r.data),
  });
}

/**
 * /permits — "my permits": the permits and certificates of every business the user holds and the
 * licences the county renews yearly that the user holds (a dog's, a liquor licence…), in
 * three sections (expiring within 30 days first: they need doing; then active; then expired,
 * revoked and renewed), each with print, PDF, verify and — from 30 days before its expiry —
 * renew, which raises the renewal's bill and opens its payment. Other areas' permits follow
 * (`children`: parking's, composed by app/).
 */
export function PermitsPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('business');
  const query = usePermits();
  return (
    <div className={styles.page}>
      <p className={styles.lead}>{t('permits.lead')}</p>
      <p className={styles.links}>
        <Link to="/sbp">{t('permits.applySbp')}</Link>
        <Link to="/trade-license/apply">{t('permits.applyUbp')}</Link>
        <Link to="/sbp/payments">{t('permits.payments')}</Link>
      </p>
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(permits) => <PermitSections permits={permits} />}
      </QueryState>
      <MyClaims />
      {children}
    </div>
  );
}

const CLAIM_TONE: Record<BusinessClaim['status'], StatusTone> = {
  pending: 'action',
  recommended: 'action',
  accepted: 'good',
  rejected: 'bad',
};

/**
 * The user's claims to act for a business another account holds (decision 029) and the county's
 * decisions, when they have any.
 */
function MyClaims() {
  const { t } = useTranslation('business');
  const claims = useQuery({
    queryKey: ['business-claims'],
    queryFn: ({ signal }) =>
      apiAllPages<BusinessClaim>('/api/businesses/claims', { signal }).then((r) => r.data),
  });
  if (!claims.data || claims.data.length === 0) return null;
  return (
    <section aria-labelledby="business-claims" className={styles.section}>
      <h2 id="business-claims">{t('claims.title', { count: claims.data.length })}</h2>
      <ul>
        {claims.data.map((claim) => (
          <li key={claim.id}>
            {t('claims.business', { name: claim.business_name, pin: claim.kra_pin })}{' '}
            <StatusBadge tone={CLAIM_TONE[claim.status]}>{t(`claims.status.${claim.status}`)}</StatusBadge>
            {claim.decision_reason ? (
              <p className={styles.muted}>{t('claims.reason', { reason: claim.decision_reason })}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PermitSections({ permits }: { permits: MyPermit[] }) {
  const { t } = useTranslation('business');
  if (permits.length === 0)
    return (
      <EmptyState>
        <p>{t('permits.empty')}</p>
        <ButtonLink to="/trade-license/apply" variant="secondary">
          {t('permits.applyUbp')}
        </ButtonLink>
      </EmptyState>
    );
  const sections: { id: string; states: PermitState[] }[] = [
    { id: 'expiring', states: ['expiring'] },
    { id: 'active', states: ['active'] },
    { id: 'past', states: ['expired', 'revoked', 'renewed'] },
  ];
  return (
    <>
      {sections.map(({ id, states }) => {
        const shown = permits.filter((p) => states.includes(p.state));
        return (
          <section key={id} aria-labelledby={`permits-${id}`} className={styles.section}>
            <h2 id={`permits-${id}`}>{t(`permits.sections.${id}`, { count: shown.length })}</h2>
            {shown.length === 0 ? (
              <p className={styles.muted}>{t(`permits.none.${id}`)}</p>
            ) : (
              <CardList>
                {shown.map((permit) => (
                  <PermitCard key={permit.document.id} permit={permit} />
                ))}
              </CardList>
            )}
          </section>
        );
      })}
    </>
  );
}

function PermitCard({ permit }: { permit: MyPermit }) {
  const { t, i18n } = useTranslation('business');
  const day = (iso: string) => formatDisplayDate(iso, i18n.language);
  const translate = useMessageTranslation();
  const renew = useRenewal(`/api/permits/${encodeURIComponent(permit.document.id)}/renewal`, ['permits']);
  const headingId = `permit-${permit.document.id}`;
  const daysLeft =
    permit.days_left >= 0
      ? t('permits.daysLeft', { count: permit.days_left })
      : t('permits.daysAgo', { count: -permit.days_left });
  return (
    <Card
      headingId={headingId}
      title={`${t(`common:services.${permit.service_id}.title`, { defaultValue: permit.service_title })}: ${permit.business_name}`}
      level={3}
      badge={
        <StatusBadge tone={TONE[permit.state]} status={permit.state}>
          {t(`permits.states.${permit.state}`)}
        </StatusBadge>
      }
      data-testid="permit-card"
    >
      <FactList>
        <Fact label={t('permits.permitNo')} className={styles.reference}>
          {permit.permitNo}
        </Fact>
        {permit.kra_pin ? <Fact label={t('permits.kraPin')}>{permit.kra_pin}</Fact> : null}
        <Fact label={t('permits.issued')}>{day(permit.issued_at)}</Fact>
        <Fact label={t('permits.expires')}>
          {day(permit.expires_at)} ({daysLeft})
        </Fact>
        {permit.short_code ? <Fact label={t('permits.code')}>{permit.short_code}</Fact> : null}
      </FactList>
      {permit.state === 'active' && permit.renewable_from ? (
        <p className={styles.muted}>{t('permits.renewFrom', { date: day(permit.renewable_from) })}</p>
      ) : null}
      {renew.isError ? (
        <Alert variant="danger">
          <p>{translate(errorText(renew.error))}</p>
        </Alert>
      ) : null}
      <div className={styles.actions}>
        {permit.renewable ? (
          <Button onClick={() => renew.mutate()} busy={renew.isPending} busyLabel={t('permits.renewing')}>
            {t('permits.renew')}
            <span className="visually-hidden"> {permit.permitNo}</span>
          </Button>
        ) : null}
        <DocumentLinks
          document={permit.document}
          number={permit.permitNo}
          labels={{ print: t('permits.print'), pdf: t('permits.pdf'), verify: t('permits.verify') }}
        />
      </div>
    </Card>
  );
}

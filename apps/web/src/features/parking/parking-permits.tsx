import type { MyParkingPermit } from '@kaunti/contract/api-parking';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiAllPages } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { useRenewal } from '../../lib/use-renewal';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { Card, CardList } from '../../ui/card/card';
import { DocumentLinks } from '../../ui/document-links/document-links';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { QueryState } from '../../ui/query-state/query-state';
import { StatusBadge, type StatusTone } from '../../ui/status-badge/status-badge';
import { MyVehicles } from './my-vehicles';
import styles from './parking.module.css';

const TONE: Record<MyParkingPermit['state'], StatusTone> = {
  active: 'good',
  expiring: 'action',
  expired: 'bad',
  revoked: 'bad',
  renewed: 'neutral',
};

/**
 * The signed-in motorist's parking documents — seasonal tickets, reserved bays, loading zones and
 * PSV stickers — with their plates and validity, print, PDF, verify and (from 7 days before the
 * end) renew, which raises the renewal's bill and opens its payment. Shown on /permits.
 */
export function ParkingPermits() {
  const { t } = useTranslation('parking');
  const query = useQuery({
    queryKey: ['parking-permits'],
    queryFn: ({ signal }) =>
      apiAllPages<MyParkingPermit>('/api/parking/permits', { signal }).then((r) => r.data),
  });
  return (
    <>
      <section aria-labelledby="parking-permits" className={styles.permits}>
        <h2 id="parking-permits">{t('permits.title')}</h2>
        <p className={styles.links}>
          <Link to="/seasonal-parking">{t('permits.applySeason')}</Link>
          <Link to="/reserved-parking">{t('permits.applyReserved')}</Link>
          <Link to="/loading-zones">{t('permits.applyLoading')}</Link>
        </p>
        <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
          {(permits) =>
            permits.length === 0 ? (
              <p className={styles.muted}>{t('permits.empty')}</p>
            ) : (
              <CardList>
                {permits.map((permit) => (
                  <ParkingPermitCard key={permit.document.id} permit={permit} />
                ))}
              </CardList>
            )
          }
        </QueryState>
      </section>
      <MyVehicles />
    </>
  );
}

function ParkingPermitCard({ permit }: { permit: MyParkingPermit }) {
  const { t, i18n } = useTranslation('parking');
  const day = (iso: string) => formatDisplayDate(iso, i18n.language);
  const translate = useMessageTranslation();
  const renew = useRenewal(`/api/parking/permits/${encodeURIComponent(permit.document.id)}/renew`, [
    'parking-permits',
  ]);
  const headingId = `parking-permit-${permit.document.id}`;
  const left =
    permit.days_left >= 0
      ? t('permits.daysLeft', { count: permit.days_left })
      : t('permits.daysAgo', { count: -permit.days_left });
  return (
    <Card
      headingId={headingId}
      title={`${t(`permits.kinds.${permit.kind}`)}: ${permit.plates.join(', ')}`}
      level={3}
      badge={
        <StatusBadge tone={TONE[permit.state]} status={permit.state}>
          {t(`permits.states.${permit.state}`)}
        </StatusBadge>
      }
      data-testid="parking-permit-card"
    >
      <FactList>
        <Fact label={t('permits.number')} className={styles.reference}>
          {permit.document_no}
        </Fact>
        {permit.place || permit.zone_code ? (
          <Fact label={permit.kind === 'season' ? t('permits.zone') : t('permits.place')}>
            {permit.place ?? permit.zone_code}
          </Fact>
        ) : null}
        <Fact label={t('permits.validFrom')}>{day(permit.valid_from)}</Fact>
        <Fact label={t('permits.validUntil')}>
          {day(permit.valid_until)} ({left})
        </Fact>
        {permit.short_code ? <Fact label={t('permits.code')}>{permit.short_code}</Fact> : null}
      </FactList>
      {renew.isError ? (
        <Alert variant="danger">
          <p>{translate(errorText(renew.error))}</p>
        </Alert>
      ) : null}
      <div className={styles.actions}>
        {permit.renewable ? (
          <Button onClick={() => renew.mutate()} busy={renew.isPending} busyLabel={t('permits.renewing')}>
            {t('permits.renew')}
            <span className="visually-hidden"> {permit.document_no}</span>
          </Button>
        ) : null}
        <DocumentLinks
          document={permit.document}
          number={permit.document_no}
          labels={{ print: t('permits.print'), pdf: t('permits.pdf'), verify: t('permits.verify') }}
        />
      </div>
    </Card>
  );
}

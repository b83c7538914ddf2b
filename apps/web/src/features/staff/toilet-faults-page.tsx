import type { ToiletFault } from '@kaunti/contract/api-toilets';
import { formatDisplayMoment } from '@kaunti/contract/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, apiAllPages } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import styles from './staff.module.css';

const FAULTS_KEY = ['staff', 'toilet-faults'] as const;

/**
 * /staff/toilet-faults: the faults the public reported at the county's toilets (closed, dirty, no
 * water), open ones first, for the officers who look after them (`toilets.maintain`); an officer
 * closes one once it is put right (audited on the server). What happened is announced.
 */
export function ToiletFaultsPage() {
  const { t } = useTranslation('staff');
  const [announcement, setAnnouncement] = useState('');
  const query = useQuery({
    queryKey: FAULTS_KEY,
    queryFn: () => apiAllPages<ToiletFault>('/api/staff/public-toilets/faults?status=open'),
  });
  return (
    <div>
      <PageHeading title={t('toiletFaults.title')} lead={t('toiletFaults.lead')} />
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState>
              <p>{t('toiletFaults.empty')}</p>
            </EmptyState>
          ) : (
            <ul className={styles.plainList}>
              {data.map((fault) => (
                <li key={fault.id} className={styles.section}>
                  <Fault fault={fault} onClosed={setAnnouncement} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

function Fault({ fault, onClosed }: { fault: ToiletFault; onClosed: (text: string) => void }) {
  const { t, i18n } = useTranslation('staff');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const close = useMutation({
    mutationFn: () => api(`/api/staff/public-toilets/faults/${fault.id}/close`, { method: 'POST', body: {} }),
    onSuccess: async () => {
      onClosed(t('toiletFaults.closed', { toilet: fault.toilet_name }));
      await queryClient.invalidateQueries({ queryKey: FAULTS_KEY });
    },
    onError: (e) => setError(e instanceof ApiError ? message(e.message) : t('failed')),
  });
  const headingId = `fault-${fault.id}`;
  return (
    <article aria-labelledby={headingId}>
      <h2 id={headingId}>{fault.toilet_name}</h2>
      <FactList>
        <Fact label={t('toiletFaults.kind')}>{t(`toiletFaults.kinds.${fault.kind}`)}</Fact>
        <Fact label={t('toiletFaults.reported')}>
          {formatDisplayMoment(fault.reported_at, i18n.language)}
        </Fact>
        {fault.note ? <Fact label={t('toiletFaults.note')}>{fault.note}</Fact> : null}
      </FactList>
      {error ? (
        <Alert variant="danger">
          <p>{error}</p>
        </Alert>
      ) : null}
      <Button
        busy={close.isPending}
        busyLabel={t('toiletFaults.closing')}
        onClick={() => {
          setError(null);
          close.mutate();
        }}
      >
        {t('toiletFaults.close', { toilet: fault.toilet_name })}
      </Button>
    </article>
  );
}

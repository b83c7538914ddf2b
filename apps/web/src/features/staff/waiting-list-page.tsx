import type { ReferenceItem } from '@kaunti/contract/api-county';
import type { Allocation, OfficerWaitingList } from '@kaunti/contract/api-estates';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, apiWholeList } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { controlClass } from '../../ui/form-field/form-field';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import styles from './staff.module.css';
import { TableRegion } from './table-region';

type Use = OfficerWaitingList['unit_use'];

/**
 * An estate's whole waiting list for a kind of unit: every page (`next_cursor`, decision 038) of
 * `waiting`, with the first page's estate and vacant houses.
 */
async function wholeWaitingList(estateCode: string, use: Use): Promise<OfficerWaitingList> {
  return apiWholeList<OfficerWaitingList>(
    `/api/staff/estates/waiting-list?estate_code=${encodeURIComponent(estateCode)}&unit_use=${use}`,
    'waiting',
  );
}

/**
 * /staff/waiting-list: the estates office (`estates.allocate`, decision 036). An estate's waiting
 * list for a kind of unit in its order, beside its vacant houses; allocating a house gives it to
 * the first registered applicant (the server decides whom, never the officer). What happened is
 * announced.
 */
export function WaitingListPage() {
  const { t, i18n } = useTranslation('staff');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const [estate, setEstate] = useState('');
  const [use, setUse] = useState<Use>('residential');
  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const estates = useQuery({
    queryKey: ['reference-data', 'county-estates'],
    queryFn: () => api<{ data: ReferenceItem[] }>('/api/reference-data/county-estates'),
  });
  const chosen = estate || estates.data?.data[0]?.code || '';
  const key = ['staff', 'waiting-list', chosen, use] as const;
  const list = useQuery({
    queryKey: key,
    enabled: chosen !== '',
    queryFn: () => wholeWaitingList(chosen, use),
  });
  const allocate = useMutation({
    mutationFn: (houseNo: string) =>
      api<Allocation>('/api/staff/estates/allocations', {
        method: 'POST',
        body: { estate_code: chosen, house_no: houseNo },
      }),
    onSuccess: async (allocation) => {
      setAnnouncement(
        t('waitingList.allocated', {
          house: allocation.house_no,
          estate: allocation.estate,
          name: allocation.tenant_name,
          tenancy: allocation.tenancy_no,
        }),
      );
      await queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (e) => setError(e instanceof ApiError ? message(e.message) : t('failed')),
  });
  return (
    <div>
      <PageHeading title={t('waitingList.title')} lead={t('waitingList.lead')} />
      <p role="status" aria-live="polite" className={announcement ? undefined : 'visually-hidden'}>
        {announcement}
      </p>
      <div className={styles.filters}>
        <div className={styles.filter}>
          <label htmlFor="waiting-estate">{t('waitingList.estate')}</label>
          <select
            id="waiting-estate"
            className={controlClass('select')}
            value={chosen}
            onChange={(event) => setEstate(event.currentTarget.value)}
          >
            {(estates.data?.data ?? []).map((item) => (
              <option key={item.code} value={item.code}>
                {i18n.language === 'sw' ? item.name_sw : item.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filter}>
          <label htmlFor="waiting-use">{t('waitingList.kind')}</label>
          <select
            id="waiting-use"
            className={controlClass('select')}
            value={use}
            onChange={(event) => setUse(event.currentTarget.value as Use)}
          >
            <option value="residential">{t('waitingList.uses.residential')}</option>
            <option value="commercial">{t('waitingList.uses.commercial')}</option>
          </select>
        </div>
      </div>
      {error ? (
        <Alert variant="danger">
          <p>{error}</p>
        </Alert>
      ) : null}
      <QueryState query={list} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(shown) => (
          <>
            <section className={styles.section} aria-labelledby="waiting-heading">
              <h2 id="waiting-heading">{t('waitingList.waiting', { estate: shown.estate })}</h2>
              {shown.waiting.length === 0 ? (
                <EmptyState>
                  <p>{t('waitingList.nobody')}</p>
                </EmptyState>
              ) : (
                <TableRegion label={t('waitingList.waiting', { estate: shown.estate })}>
                  <table className={styles.table}>
                    <thead>
                      <tr>
                        <th scope="col">{t('waitingList.place')}</th>
                        <th scope="col">{t('waitingList.application')}</th>
                        <th scope="col">{t('waitingList.applicant')}</th>
                        <th scope="col">{t('waitingList.household')}</th>
                        <th scope="col">{t('waitingList.applied')}</th>
                        <th scope="col">{t('waitingList.registered')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {shown.waiting.map((w) => (
                        <tr key={w.application_no}>
                          <td>{w.place}</td>
                          <td>{w.application_no}</td>
                          <td>{w.applicant_name}</td>
                          <td>{w.household_size ?? '-'}</td>
                          <td>{formatDisplayDate(w.applied_on, i18n.language)}</td>
                          <td>{w.registered ? t('waitingList.yes') : t('waitingList.inReview')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableRegion>
              )}
            </section>
            <section className={styles.section} aria-labelledby="vacant-heading">
              <h2 id="vacant-heading">{t('waitingList.vacant')}</h2>
              {shown.vacant.length === 0 ? (
                <EmptyState>
                  <p>{t('waitingList.noneVacant')}</p>
                </EmptyState>
              ) : (
                <ul className={styles.plainList}>
                  {shown.vacant.map((house) => (
                    <li key={house.house_no}>
                      <p>
                        {[house.block, house.house_no].filter(Boolean).join(', ')} · {house.size} ·{' '}
                        {t('waitingList.rent', { rent: formatKes(house.monthly_rent_cents) })}
                      </p>
                      <Button
                        variant="secondary"
                        busy={allocate.isPending && allocate.variables === house.house_no}
                        busyLabel={t('waitingList.allocating')}
                        disabled={!shown.waiting.some((w) => w.registered)}
                        onClick={() => {
                          setError(null);
                          allocate.mutate(house.house_no);
                        }}
                      >
                        {t('waitingList.allocate', { house: house.house_no })}
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}

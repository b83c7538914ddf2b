import { services } from '@kaunti/catalogue/catalogue';
import { APPLICATION_STATUSES } from '@kaunti/contract/api-applications';
import { OFFICER_AREAS } from '@kaunti/contract/api-staff';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/translator';
import { Button } from '../../ui/button/button';
import { controlClass } from '../../ui/form-field/form-field';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import styles from './staff.module.css';
import { staffApi, useMe } from './staff-api';
import { TableRegion } from './table-region';

const AREAS = OFFICER_AREAS.filter((a) => a !== '*');

/**
 * /staff: the queue. Applications in the officer's areas, oldest first, by status (by default
 * what waits for the officer: under review, and approved ones they may issue), area, service (from the catalogue) and a search by application or bill number, phone, ID number or KRA PIN.
 * The filters live in the address, so a view can be bookmarked and the back button works.
 */
export function QueuePage() {
  const { t, i18n } = useTranslation(['staff', 'applications']);
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const area = params.get('area') ?? '';
  const serviceId = params.get('service_id') ?? '';
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  // "No status chosen" means, as the API reads it: what waits for this officer (under review, and
  // approved ones they may issue), or every status when searching.
  const [search, setSearch] = useState(q);
  const query = useQuery({
    queryKey: ['staff', 'queue', { status, area, serviceId, q, page }],
    queryFn: () => staffApi.queue({ status, area, service_id: serviceId, q, page }),
    placeholderData: keepPreviousData,
  });
  const areas = me.data?.areas.includes('*') ? AREAS : AREAS.filter((a) => me.data?.areas.includes(a));
  const areaServices = services.filter((s) =>
    area ? s.area === area : (areas as readonly string[]).includes(s.area),
  );

  function set(next: Record<string, string>) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged);
  }
  function submitSearch(event: FormEvent) {
    event.preventDefault();
    set({ q: search.trim() });
  }

  return (
    <div>
      <PageHeading title={t('queue.title')} lead={t('queue.lead')} />
      <search>
        <form className={styles.filters} onSubmit={submitSearch} aria-label={t('queue.filters')}>
          <div className={styles.filter}>
            <label htmlFor="queue-q">{t('queue.search')}</label>
            <input
              id="queue-q"
              type="search"
              className={controlClass('input')}
              value={search}
              placeholder={t('queue.placeholder')}
              onChange={(event) => setSearch(event.currentTarget.value)}
              aria-describedby="queue-q-hint"
            />
            <p id="queue-q-hint" className={styles.hint}>
              {t('queue.searchHint')}
            </p>
          </div>
          <div className={styles.filter}>
            <label htmlFor="queue-status">{t('queue.status')}</label>
            <select
              id="queue-status"
              className={controlClass('select')}
              value={status}
              onChange={(event) => set({ status: event.currentTarget.value })}
            >
              <option value="">{t(q ? 'queue.anyStatus' : 'queue.defaultStatus')}</option>
              {APPLICATION_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`applications:statuses.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.filter}>
            <label htmlFor="queue-area">{t('queue.area')}</label>
            <select
              id="queue-area"
              className={controlClass('select')}
              value={area}
              onChange={(event) => set({ area: event.currentTarget.value, service_id: '' })}
            >
              <option value="">{t('queue.allAreas')}</option>
              {areas.map((a) => (
                <option key={a} value={a}>
                  {t(`areas.${a}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.filter}>
            <label htmlFor="queue-service">{t('queue.service')}</label>
            <select
              id="queue-service"
              className={controlClass('select')}
              value={serviceId}
              onChange={(event) => set({ service_id: event.currentTarget.value })}
            >
              <option value="">{t('queue.allServices')}</option>
              {areaServices.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary">
            {t('queue.find')}
          </Button>
        </form>
      </search>
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(queue) => (
          <>
            <ul className={styles.counts} aria-label={t('queue.counts')}>
              {Object.entries(queue.counts).map(([s, n]) => (
                <li key={s}>
                  <button
                    type="button"
                    className={styles.count}
                    aria-pressed={status === s}
                    onClick={() => set({ status: s })}
                  >
                    {t(`applications:statuses.${s}`)} <strong>{n}</strong>
                  </button>
                </li>
              ))}
            </ul>
            {queue.data.length === 0 ? (
              <EmptyState>
                <p>{t('queue.empty')}</p>
              </EmptyState>
            ) : (
              <TableRegion label={t('queue.caption', { count: queue.total })}>
                <table className={styles.table}>
                  <caption className="visually-hidden">{t('queue.caption', { count: queue.total })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('queue.number')}</th>
                      <th scope="col">{t('queue.service')}</th>
                      <th scope="col">{t('queue.applicant')}</th>
                      <th scope="col">{t('queue.about')}</th>
                      <th scope="col">{t('queue.statusColumn')}</th>
                      <th scope="col">{t('queue.submitted')}</th>
                      <th scope="col">{t('queue.age')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {queue.data.map((item) => (
                      <tr key={item.application_no}>
                        <th scope="row">
                          <Link to={`/staff/applications/${item.application_no}`}>{item.application_no}</Link>
                        </th>
                        <td>
                          {t(`common:services.${item.service_id}.title`, {
                            defaultValue: item.service_title,
                          })}
                        </td>
                        <td>{item.applicant_name}</td>
                        <td>{item.reference ?? '-'}</td>
                        <td>{t(`applications:statuses.${item.status}`)}</td>
                        <td>{formatDisplayDate(item.submitted_at, i18n.language)}</td>
                        <td>{t('queue.days', { count: item.age_days })}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
            <p className={styles.pager}>
              {t('queue.showing', {
                from: queue.total === 0 ? 0 : (queue.page - 1) * queue.per_page + 1,
                to: Math.min(queue.total, queue.page * queue.per_page),
                total: queue.total,
              })}
              {queue.page > 1 ? (
                <Button variant="secondary" onClick={() => set({ page: String(queue.page - 1) })}>
                  {t('queue.previous')}
                </Button>
              ) : null}
              {queue.page * queue.per_page < queue.total ? (
                <Button variant="secondary" onClick={() => set({ page: String(queue.page + 1) })}>
                  {t('queue.next')}
                </Button>
              ) : null}
            </p>
          </>
        )}
      </QueryState>
    </div>
  );
}

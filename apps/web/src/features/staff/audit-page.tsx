import { formatDisplayMoment } from '@kaunti/contract/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/translator';
import { Button } from '../../ui/button/button';
import { controlClass } from '../../ui/form-field/form-field';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import styles from './staff.module.css';
import { TableRegion } from './table-region';

interface AuditEntry {
  id: number;
  at: string;
  actor_type: string;
  actor_name: string | null;
  entity_type: string;
  entity_id: string;
  action: string;
  from_state: string | null;
  to_state: string | null;
}

/** /staff/audit: the audit log, newest first, by officer, object and action (auditors, administrators). */
export function AuditPage() {
  const { t, i18n } = useTranslation('staff');
  const [filters, setFilters] = useState({ entity_type: '', entity_id: '', action: '', officer_id: '' });
  const [draft, setDraft] = useState(filters);
  const query = useQuery({
    queryKey: ['staff', 'audit', filters],
    queryFn: () => {
      const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]);
      return api<{ data: AuditEntry[] }>(`/api/staff/audit?${params}`);
    },
    placeholderData: keepPreviousData,
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setFilters(draft);
  }
  const field = (name: keyof typeof filters) => (
    <div className={styles.filter}>
      <label htmlFor={`audit-${name}`}>{t(`audit.${name}`)}</label>
      <input
        id={`audit-${name}`}
        className={controlClass('input')}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
      />
    </div>
  );
  return (
    <div>
      <PageHeading title={t('audit.title')} lead={t('audit.lead')} />
      <form className={styles.filters} onSubmit={submit}>
        {field('entity_type')}
        {field('entity_id')}
        {field('action')}
        {field('officer_id')}
        <Button type="submit" variant="secondary">
          {t('queue.find')}
        </Button>
      </form>
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {({ data }) => (
          <TableRegion label={t('audit.title')}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('audit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.who')}</th>
                  <th scope="col">{t('audit.what')}</th>
                  <th scope="col">{t('audit.action')}</th>
                  <th scope="col">{t('audit.change')}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDisplayMoment(entry.at, i18n.language)}</td>
                    <td>{entry.actor_name ?? entry.actor_type}</td>
                    <td>
                      {entry.entity_type} {entry.entity_id}
                    </td>
                    <td>{entry.action}</td>
                    <td>{[entry.from_state, entry.to_state].filter(Boolean).join(' → ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
      </QueryState>
    </div>
  );
}

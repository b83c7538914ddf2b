import type { FeeChange, FeeRow } from '@kaunti/contract/api-staff';
import { formatDisplayDate, nairobiToday } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api, apiAllPages } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { controlClass, InputField } from '../../ui/form-field/form-field';
import { LiveRegion } from '../../ui/live-region/live-region';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { EmptyState, QueryState } from '../../ui/query-state/query-state';
import styles from './staff.module.css';
import { useMe } from './staff-api';
import { TableRegion } from './table-region';

/** "1,250.50" or "1250" → cents; null when it is not an amount. */
export function centsOf(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '').replace(/^KES/i, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * /staff/fees: the county's fees as the schedules hold them (the row in force, older ones and
 * those to come), a new amount proposed from a later day by an administrator, and the changes
 * waiting for a second officer to confirm or reject (four eyes; every step audited).
 */
export function FeesPage() {
  const { t } = useTranslation('staff');
  const me = useMe();
  const [chosen, setChosen] = useState<FeeRow | null>(null);
  const mayPropose = me.data?.permissions.includes('fees.propose') ?? false;
  return (
    <div>
      <PageHeading title={t('fees.title')} lead={t('fees.lead')} />
      <WaitingChanges />
      <Schedules onChoose={mayPropose ? setChosen : undefined} />
      {mayPropose && chosen ? <ProposeChange fee={chosen} onDone={() => setChosen(null)} /> : null}
    </div>
  );
}

function Schedules({ onChoose }: { onChoose: ((row: FeeRow) => void) | undefined }) {
  const { t, i18n } = useTranslation('staff');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const query = useQuery({
    queryKey: ['staff', 'fees', q],
    queryFn: () => api<{ data: FeeRow[] }>(`/api/staff/fees${q ? `?q=${encodeURIComponent(q)}` : ''}`),
  });
  const sw = i18n.language === 'sw';
  return (
    <section className={styles.section} aria-labelledby="fees-schedules">
      <h2 id="fees-schedules">{t('fees.schedules')}</h2>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          setQ(text.trim());
        }}
      >
        <div className={styles.filter}>
          <label htmlFor="fees-q">{t('fees.find')}</label>
          <input
            id="fees-q"
            className={controlClass('input')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('fees.search')}
        </Button>
      </form>
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {({ data }) => (
          <>
            <LiveRegion message={t('fees.found', { count: data.length })} />
            {data.length === 0 ? (
              <EmptyState>
                <p>{t('fees.none')}</p>
              </EmptyState>
            ) : (
              <TableRegion label={t('fees.schedules')}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('fees.fee')}</th>
                      <th scope="col">{t('fees.amount')}</th>
                      <th scope="col">{t('fees.from')}</th>
                      <th scope="col">{t('fees.state')}</th>
                      {onChoose ? <th scope="col">{t('fees.action')}</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {data.map((row) => (
                      <tr key={`${row.schedule}/${row.item}/${row.effective_from}`}>
                        <td>
                          {sw && row.description_sw ? row.description_sw : row.description}
                          <br />
                          <span className={styles.code}>
                            {row.schedule} · {row.item}
                          </span>
                        </td>
                        <td>{formatKes(row.amount_cents)}</td>
                        <td>{formatDisplayDate(row.effective_from, i18n.language)}</td>
                        <td>
                          {row.in_force
                            ? t('fees.inForce')
                            : row.effective_from > nairobiToday()
                              ? t('fees.coming')
                              : t('fees.older')}
                          {row.source === 'county' ? ` · ${t('fees.countyChange')}` : ''}
                        </td>
                        {onChoose ? (
                          <td>
                            {row.in_force ? (
                              <Button variant="secondary" onClick={() => onChoose(row)}>
                                {t('fees.change')}
                                <span className="visually-hidden">
                                  {' '}
                                  {sw && row.description_sw ? row.description_sw : row.description}
                                </span>
                              </Button>
                            ) : null}
                          </td>
                        ) : null}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function ProposeChange({ fee, onDone }: { fee: FeeRow; onDone: () => void }) {
  const { t, i18n } = useTranslation('staff');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [amount, setAmount] = useState('');
  const [from, setFrom] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const label = i18n.language === 'sw' && fee.description_sw ? fee.description_sw : fee.description;
  // The form appears below the table: take the reader to it, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves focus when another fee is chosen
  useEffect(() => heading.current?.focus(), [fee.schedule, fee.item]);
  const propose = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<FeeChange>('/api/staff/fees/changes', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['staff', 'fee-changes'] });
      onDone();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.details?.length) {
        setErrors(Object.fromEntries(e.details.map((d) => [d.path, message(d.message)])));
      } else setFailure(e instanceof ApiError ? message(e.message) : t('failed'));
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const cents = centsOf(amount);
    const found: Record<string, string> = {};
    if (cents === null || cents <= 0) found.amount_cents = t('fees.errors.amount');
    if (!from) found.effective_from = t('fees.errors.from');
    else if (from <= nairobiToday()) found.effective_from = t('fees.errors.future');
    if (reason.trim().length < 3) found.reason = t('fees.errors.reason');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    propose.mutate({
      schedule: fee.schedule,
      item: fee.item,
      effective_from: from,
      amount_cents: cents,
      reason,
    });
  }
  return (
    <section className={styles.section} aria-labelledby="fees-propose">
      <h2 id="fees-propose" ref={heading} tabIndex={-1}>
        {t('fees.proposeHeading', { fee: label })}
      </h2>
      <p>{t('fees.proposeLead', { amount: formatKes(fee.amount_cents) })}</p>
      <form onSubmit={submit} noValidate className={styles.stack}>
        {failure ? (
          <Alert variant="danger" title={failure}>
            <p>{t('revenue.nothingChanged')}</p>
          </Alert>
        ) : null}
        <InputField
          id="amount_cents"
          label={t('fees.newAmount')}
          hint={t('fees.newAmountHint')}
          inputMode="decimal"
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setErrors(({ amount_cents: _, ...rest }) => rest);
          }}
          error={errors.amount_cents}
          required
          requiredLabel={t('required')}
          errorPrefix={t('errorPrefix')}
        />
        <InputField
          id="effective_from"
          type="date"
          label={t('fees.firstDay')}
          hint={t('fees.firstDayHint')}
          value={from}
          onChange={(event) => {
            setFrom(event.currentTarget.value);
            setErrors(({ effective_from: _, ...rest }) => rest);
          }}
          error={errors.effective_from}
          required
          requiredLabel={t('required')}
          errorPrefix={t('errorPrefix')}
        />
        <InputField
          id="reason"
          label={t('fees.reason')}
          hint={t('fees.reasonHint')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setErrors(({ reason: _, ...rest }) => rest);
          }}
          error={errors.reason}
          required
          requiredLabel={t('required')}
          errorPrefix={t('errorPrefix')}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={propose.isPending} busyLabel={t('decisions.saving')}>
            {t('fees.propose')}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            {t('fees.cancel')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function WaitingChanges() {
  const { t } = useTranslation('staff');
  const query = useQuery({
    queryKey: ['staff', 'fee-changes'],
    // Every change waiting (decision 038: the list pages; the officer sees them all).
    queryFn: () => apiAllPages<FeeChange>('/api/staff/fees/changes?status=proposed'),
  });
  const [done, setDone] = useState('');
  return (
    <section className={styles.section} aria-labelledby="fees-waiting">
      <h2 id="fees-waiting">{t('fees.waiting')}</h2>
      <LiveRegion message={done} />
      <QueryState query={query} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState>
              <p>{t('fees.noneWaiting')}</p>
            </EmptyState>
          ) : (
            <ul className={styles.plainList}>
              {data.map((change) => (
                <li key={change.id} className={styles.block}>
                  <Waiting change={change} onDecided={setDone} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function Waiting({ change, onDecided }: { change: FeeChange; onDecided: (text: string) => void }) {
  const { t, i18n } = useTranslation('staff');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = i18n.language === 'sw' && change.description_sw ? change.description_sw : change.description;
  const decide = useMutation({
    mutationFn: (decision: 'confirm' | 'reject') =>
      api<FeeChange>(`/api/staff/fees/changes/${change.id}/${decision}`, {
        method: 'POST',
        body: decision === 'reject' ? { reason: note } : {},
      }),
    onSuccess: (decided) => {
      onDecided(t(decided.status === 'confirmed' ? 'fees.confirmed' : 'fees.rejected', { fee: label }));
      void queryClient.invalidateQueries({ queryKey: ['staff', 'fee-changes'] });
      void queryClient.invalidateQueries({ queryKey: ['staff', 'fees'] });
    },
    onError: (e) => setError(e instanceof ApiError ? message(e.message) : t('failed')),
  });
  return (
    <>
      <h3>{label}</h3>
      <dl className={styles.facts}>
        <dt>{t('fees.now')}</dt>
        <dd>{change.previous_cents === null ? '-' : formatKes(change.previous_cents)}</dd>
        <dt>{t('fees.proposed')}</dt>
        <dd>
          {formatKes(change.amount_cents)} ·{' '}
          {t('fees.fromDay', { day: formatDisplayDate(change.effective_from, i18n.language) })}
        </dd>
        <dt>{t('fees.why')}</dt>
        <dd>{change.reason}</dd>
        <dt>{t('fees.by')}</dt>
        <dd>{change.proposed_by}</dd>
      </dl>
      {change.proposed_by_me ? <p>{t('fees.yours')}</p> : null}
      <form
        className={styles.filters}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setError(null);
          decide.mutate('confirm');
        }}
      >
        {error ? (
          <Alert variant="danger" title={error}>
            <p>{t('revenue.nothingChanged')}</p>
          </Alert>
        ) : null}
        <div className={styles.filter}>
          <label htmlFor={`fee-note-${change.id}`}>{t('fees.rejectReason')}</label>
          <input
            id={`fee-note-${change.id}`}
            className={controlClass('input')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
        </div>
        {change.proposed_by_me ? null : (
          <Button type="submit" busy={decide.isPending} busyLabel={t('decisions.saving')}>
            {t('fees.confirm')}
            <span className="visually-hidden"> {label}</span>
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={decide.isPending}
          onClick={() => {
            setError(null);
            if (note.trim().length < 3) {
              setError(t('fees.errors.reason'));
              return;
            }
            decide.mutate('reject');
          }}
        >
          {t(change.proposed_by_me ? 'fees.withdraw' : 'fees.reject')}
          <span className="visually-hidden"> {label}</span>
        </Button>
      </form>
    </>
  );
}

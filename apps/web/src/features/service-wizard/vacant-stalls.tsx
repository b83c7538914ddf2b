import type { VacantStall } from '@kaunti/contract/api-markets';
import { formatKes } from '@kaunti/contract/money';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/translator';
import type { CustomStepProps } from './custom-step-props';
import styles from './service-wizard.module.css';

/** How many stall numbers are listed; the count says how many more there are. */
const SHOWN = 8;

/**
 * Before a stall application's trade step: the vacant stalls of the kind chosen at the market
 * chosen (`GET /api/markets/vacant-stalls`), lowest number first, with their monthly rent, and
 * that the first of them is allocated when the application is issued (decision 035). None vacant:
 * says so, and the step before is where to choose another. Announced politely when it changes.
 */
export function VacantStalls({ form, service, text }: CustomStepProps) {
  const { t } = useTranslation('wizard');
  const market = String(form.watch('market_code') ?? '');
  const kind = String(form.watch('stall_type') ?? '');
  const vacant = useQuery({
    queryKey: ['markets', 'vacant-stalls', market, kind],
    enabled: market !== '' && kind !== '',
    queryFn: ({ signal }) =>
      api<{ data: VacantStall[] }>(
        `/api/markets/vacant-stalls?market_code=${encodeURIComponent(market)}&stall_type=${encodeURIComponent(kind)}`,
        { signal },
      ).then((r) => r.data),
  });
  const kindField = service.steps.flatMap((s) => s.fields ?? []).find((f) => f.name === 'stall_type');
  const kindOptions = kindField?.options && 'static' in kindField.options ? kindField.options.static : [];
  const kindName = kindField
    ? text.option(kindField, kind, kindOptions.find((o) => o.value === kind)?.label ?? kind)
    : kind;
  const list = vacant.data;
  const hidden = (list?.length ?? 0) - SHOWN;
  const more = hidden > 0 ? t('stalls.more', { count: hidden }) : '';

  return (
    <section className={styles.finder} aria-labelledby="vacant-stalls-title">
      <h3 id="vacant-stalls-title" className={styles.finderTitle}>
        {t('stalls.title')}
      </h3>
      <div aria-live="polite">
        {market === '' || kind === '' ? (
          <p className={styles.muted}>{t('stalls.choose')}</p>
        ) : vacant.isError ? (
          <p>{t('stalls.error')}</p>
        ) : !list ? (
          <p className={styles.muted}>{t('stalls.loading')}</p>
        ) : list.length === 0 ? (
          <p>{t('stalls.none', { kind: kindName })}</p>
        ) : (
          <>
            <p>
              {t('stalls.count', {
                count: list.length,
                kind: kindName,
                rent: formatKes(list[0]!.monthly_rent_cents),
              })}
            </p>
            <ul className={styles.finderList} aria-label={t('stalls.listLabel')}>
              {list.slice(0, SHOWN).map((stall) => (
                <li key={stall.stall_no}>{stall.stall_no}</li>
              ))}
              {more ? <li>{more}</li> : null}
            </ul>
            <p className={styles.muted}>{t('stalls.allocated', { stallNo: list[0]!.stall_no })}</p>
          </>
        )}
      </div>
    </section>
  );
}

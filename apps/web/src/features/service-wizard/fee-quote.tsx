import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { fieldsOf } from '@kaunti/catalogue/schema-builder';
import type { Quote } from '@kaunti/contract/api-applications';
import { formatKes } from '@kaunti/contract/money';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import type { ServiceText } from '../../lib/service-text';
import styles from './service-wizard.module.css';

/**
 * The fee, before the form is submitted: the server prices the answers given so far with the
 * service's own fee rule and the county's tariff (`POST /api/catalogue/services/{id}/quote`), so
 * no amount is ever typed into a label. Until every answer the fee depends on is given, it says
 * which ones are still needed.
 */
export function FeeQuote({ service, text }: { service: ServiceDefinition; text: ServiceText }) {
  const { t } = useTranslation('wizard');
  const values = useWatch() as Record<string, unknown>;
  const quote = useQuery({
    queryKey: ['quote', service.id, JSON.stringify(values)],
    queryFn: ({ signal }) =>
      api<Quote>(`/api/catalogue/services/${encodeURIComponent(service.id)}/quote`, {
        method: 'POST',
        body: { values },
        signal,
      }),
    staleTime: 60_000,
    retry: false,
  });
  let body: React.ReactNode;
  if (quote.isPending) body = <p className={styles.muted}>{t('fee.working')}</p>;
  else if (quote.isError) body = <p className={styles.muted}>{t('fee.unavailable')}</p>;
  else if (!quote.data.complete) {
    const fields = fieldsOf(service);
    const missing = quote.data.missing.map((m) => {
      const field = fields.find((f) => f.name === m.field);
      return field ? text.label(field) : m.label;
    });
    body = (
      <p className={styles.muted}>
        {missing.length > 0 ? t('fee.needs', { fields: missing.join(', ') }) : quote.data.message}
      </p>
    );
  } else if (quote.data.lines.length === 0) body = <p>{t('fee.none')}</p>;
  else
    body = (
      <dl>
        {quote.data.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one quote have no id and never move
          <div key={index} className={styles.answer}>
            <dt>{line.description}</dt>
            <dd>{formatKes(line.amount_cents)}</dd>
          </div>
        ))}
        <div className={styles.answer}>
          <dt>
            <strong>{t('fee.total')}</strong>
          </dt>
          <dd>
            <strong>{formatKes(quote.data.total_cents ?? 0)}</strong>
          </dd>
        </div>
      </dl>
    );
  return (
    <section className={styles.answers} aria-labelledby="fee-quote-heading" aria-live="polite">
      <div className={styles.answersHead}>
        <h3 id="fee-quote-heading">{t('fee.title')}</h3>
      </div>
      {body}
    </section>
  );
}

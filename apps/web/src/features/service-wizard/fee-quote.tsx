import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { fieldsOf } from '@kaunti/catalogue/field-rules';
import type { Quote } from '@kaunti/contract/api-applications';
import { formatKes } from '@kaunti/contract/money';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { useWatch } from '../../lib/form';
import type { ServiceText } from '../../lib/service-text';
import { useTranslation } from '../../lib/translator';
import styles from './service-wizard.module.css';

/** How long the answers must stand still before the fee is asked for again. */
const QUOTE_DELAY_MS = 300;

/**
 * The fee, before the form is submitted: the server prices the answers given so far with the
 * service's own fee rule and the county's tariff (`POST /api/catalogue/services/{id}/quote`), so
 * no amount is ever typed into a label. Until every answer the fee depends on is given, it says
 * which ones are still needed.
 */
export function FeeQuote({ service, text }: { service: ServiceDefinition; text: ServiceText }) {
  const { t } = useTranslation('wizard');
  const watched = JSON.stringify(useWatch());
  // Asked once the answers have stood still for a moment, not on every keystroke.
  const [answers, setAnswers] = useState(watched);
  useEffect(() => {
    const timer = setTimeout(() => setAnswers(watched), QUOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [watched]);
  const quote = useQuery({
    queryKey: ['quote', service.id, answers],
    queryFn: ({ signal }) =>
      api<Quote>(`/api/catalogue/services/${encodeURIComponent(service.id)}/quote`, {
        method: 'POST',
        body: { values: JSON.parse(answers) as Record<string, unknown> },
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

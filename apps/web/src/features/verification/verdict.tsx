import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translator';
import { formatDate, formatTime } from './display-format';
import styles from './verification.module.css';

export type VerdictTone = 'good' | 'bad' | 'warn';

function Icon({ tone }: { tone: VerdictTone }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" />
      {tone === 'good' ? (
        <path d="M6.5 12.5l3.5 3.5 7.5-8" />
      ) : tone === 'bad' ? (
        <path d="M8 8l8 8M16 8l-8 8" />
      ) : (
        <path d="M12 6.5v7M12 17.2v.3" />
      )}
    </svg>
  );
}

/**
 * The answer of a check, in plain words with a clear visual state (colour, icon and title, so it
 * never rests on colour alone). It is not a live region itself: the page announces it through
 * a live region that was there before the answer came (ui/live-region), with `verdictWords`.
 */
export function Verdict({
  tone,
  title,
  children,
  testId,
}: {
  tone: VerdictTone;
  title: string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`${styles.verdict} ${styles[tone]}`} data-tone={tone} data-testid={testId}>
      <Icon tone={tone} />
      <div className={styles.verdictText}>
        <h2 className={styles.verdictTitle}>{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** A verdict as one sentence for a live region: its title, then its text. */
export function verdictWords(title: string, body: string): string {
  return `${title}. ${body}`;
}

/**
 * The register's facts (label, value) as rows in a box, skipping empty values: an extract of the
 * register, laid out unlike the label/value tiles of ui/fact-list on the account pages.
 */
export function FactRows({ facts, label }: { facts: [string, ReactNode][]; label?: string }) {
  const shown = facts.filter(([, value]) => value !== undefined && value !== null && value !== '');
  return (
    <dl className={styles.facts} aria-label={label}>
      {shown.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** When the register was asked (the answer is true as of then). */
export function CheckedAt({ at }: { at: string }) {
  const { t, i18n } = useTranslation('verification');
  return (
    <p className={styles.note}>
      {t('everify.checkedAt', { date: formatDate(at, i18n.language), time: formatTime(at, i18n.language) })}
    </p>
  );
}

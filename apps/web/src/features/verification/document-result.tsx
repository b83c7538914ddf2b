import type { VerifyResponse, VerifyStatus } from '@kaunti/contract/api-verify';
import { formatKes } from '@kaunti/contract/money';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translator';
import { formatDate } from './display-format';
import { CheckedAt, FactRows, Verdict, type VerdictTone } from './verdict';
import styles from './verification.module.css';

const TONES: Record<VerifyStatus, VerdictTone> = {
  valid: 'good',
  tampered: 'bad',
  revoked: 'bad',
  expired: 'warn',
  unknown: 'warn',
  mistyped: 'warn',
  not_found: 'bad',
};

/** The answer about one document: the verdict in plain words, then what the register says. */
export function DocumentResult({ result }: { result: VerifyResponse }) {
  const { t, i18n } = useTranslation('verification');
  const language = i18n.language;
  const document = result.document;
  const issuer = document?.issuer ?? '';

  const facts: [string, ReactNode][] = [];
  if (document) {
    facts.push(
      [t('facts.kind'), t(`kinds.${document.kind}`)],
      [t('facts.number'), document.number],
      [
        t('facts.holder'),
        <span key="holder" className={styles.masked}>
          {document.holder}
        </span>,
      ],
    );
    if (document.amount_cents !== undefined)
      facts.push([t('facts.amount'), formatKes(document.amount_cents)]);
    facts.push([t('facts.issuedAt'), formatDate(document.issued_at, language)]);
    if (document.expires_at) facts.push([t('facts.expiresAt'), formatDate(document.expires_at, language)]);
    if (document.revoked_at) facts.push([t('facts.revokedAt'), formatDate(document.revoked_at, language)]);
    if (document.revocation_reason) facts.push([t('facts.reason'), document.revocation_reason]);
    for (const [key, value] of Object.entries(document.facts)) {
      facts.push([t(`facts.${key}`, { defaultValue: key.replaceAll('_', ' ') }), value]);
    }
    facts.push([t('facts.issuer'), issuer]);
  }

  return (
    <div data-testid="verify-result" data-status={result.status}>
      <Verdict tone={TONES[result.status]} title={t(`status.${result.status}.title`)}>
        <p>{t(`status.${result.status}.body`, { issuer })}</p>
      </Verdict>
      {document ? (
        <>
          <h2 className={styles.factsHeading}>{t('facts.heading')}</h2>
          <FactRows facts={facts} />
          <p className={styles.note}>{t('facts.holderHint')}</p>
        </>
      ) : null}
      <CheckedAt at={result.checked_at} />
    </div>
  );
}

import type { ApplicationSubmitted } from '@kaunti/contract/api-applications';
import { formatKes } from '@kaunti/contract/money';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { ButtonLink } from '../../ui/button/button';
import styles from './service-wizard.module.css';

/**
 * The confirmation after a submission: the service's success message (land transfer: "LR
 * application submitted successfully"), the application number, and when there is a fee, its
 * bill and a link to pay it.
 */
export function SubmissionResult({ answer }: { answer: ApplicationSubmitted }) {
  const { t } = useTranslation('wizard');
  const message = useMessageTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { application, bill } = answer;
  return (
    <section className={styles.result} role="status" aria-labelledby="submission-title">
      <h2 id="submission-title" ref={heading} tabIndex={-1}>
        {message(answer.message)}
      </h2>
      <p>
        {t('result.applicationNo')} <strong className={styles.reference}>{application.application_no}</strong>
      </p>
      {bill ? (
        <div className={styles.resultBill}>
          <p>
            {t('result.billIntro', { bill: bill.bill_no })}{' '}
            <strong className={styles.amount}>{formatKes(bill.balance_cents)}</strong>
          </p>
          <ButtonLink to={`/payment?bill=${encodeURIComponent(bill.bill_no)}`}>{t('result.pay')}</ButtonLink>
        </div>
      ) : (
        <p>{t('result.next')}</p>
      )}
      <p>
        <Link to="/account/service-applications">{t('result.follow')}</Link>
      </p>
    </section>
  );
}

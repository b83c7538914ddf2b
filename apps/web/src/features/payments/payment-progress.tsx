import type { Bill } from '@kaunti/contract/api-bills';
import type { Payment, StkPushResponse } from '@kaunti/contract/api-payments';
import { formatKes } from '@kaunti/contract/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { useCounty } from '../../lib/county';
import { errorText } from '../../lib/error-text';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button, ButtonLink } from '../../ui/button/button';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { localPhone } from './payment-format';
import styles from './payments.module.css';
import { printablePath, usePayment } from './payments-api';
import { PdfButton } from './pdf-button';

/** A ref that focuses its element when it appears. */
function focusOnMount(element: HTMLHeadingElement | null) {
  element?.focus();
}

/** About how long an M-Pesa prompt stays open on the phone. */
export const PROMPT_SECONDS = 60;

/** Seconds as a clock: 60 → "1:00", 59 → "0:59", 5 → "0:05". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * After "Pay with M-Pesa": the waiting state (check your phone, a countdown, the status polled
 * every 2.5 s and announced politely), then the outcome in plain words — paid (with the M-Pesa
 * receipt number, or "pending" when M-Pesa confirmed the payment without one yet, and the
 * receipt's links), or cancelled / failed with M-Pesa's reason and "Try again".
 */
export function PaymentProgress({
  attempt,
  onTryAgain,
}: {
  attempt: StkPushResponse;
  onTryAgain: () => void;
}) {
  const { t } = useTranslation('payments');
  const message = useMessageTranslation();
  const queryClient = useQueryClient();
  const query = usePayment(attempt.payment_id);
  const payment = query.data;
  const status = payment?.status ?? 'pending';
  // Each phase's heading takes the focus when it appears (waiting, then the outcome).
  const heading = focusOnMount;

  // A settled payment changes the bills, the obligations and the history.
  useEffect(() => {
    if (status !== 'pending') {
      void queryClient.invalidateQueries({ queryKey: ['bills'] });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      void queryClient.invalidateQueries({ queryKey: ['obligations'] });
    }
  }, [status, queryClient]);

  const held = status === 'paid' && payment?.held_for_refund === true;
  const announcement =
    status === 'pending'
      ? t('waiting.status')
      : held
        ? t('outcome.heldTitle')
        : status === 'paid'
          ? t('outcome.paidTitle')
          : status === 'cancelled'
            ? t('outcome.cancelledTitle')
            : t('outcome.failedTitle');

  return (
    <section
      className={styles.progress}
      aria-labelledby="payment-progress-title"
      data-testid="payment-progress"
    >
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="payment-announcement">
        {announcement}
      </p>
      {status === 'pending' ? (
        <Waiting attempt={attempt} headingRef={heading} pollError={query.isError ? query.error : null} />
      ) : held && payment ? (
        <HeldForRefund payment={payment} headingRef={heading} />
      ) : status === 'paid' && payment ? (
        <Paid payment={payment} headingRef={heading} />
      ) : payment ? (
        <div className={styles.outcome} data-outcome={status}>
          <h2 id="payment-progress-title" ref={heading} tabIndex={-1}>
            {status === 'cancelled' ? t('outcome.cancelledTitle') : t('outcome.failedTitle')}
          </h2>
          <Alert variant={status === 'cancelled' ? 'warning' : 'danger'} live={false}>
            <p data-testid="payment-message">{message(payment.message)}</p>
          </Alert>
          <div className={styles.actions}>
            <Button onClick={onTryAgain}>{t('outcome.tryAgain')}</Button>
            <ButtonLink to="/account/bills" variant="secondary">
              {t('outcome.myBills')}
            </ButtonLink>
          </div>
        </div>
      ) : null}
      {status !== 'pending' && query.isError ? (
        <Alert variant="danger">
          <p>{message(errorText(query.error))}</p>
        </Alert>
      ) : null}
    </section>
  );
}

function Waiting({
  attempt,
  headingRef,
  pollError,
}: {
  attempt: StkPushResponse;
  headingRef: (element: HTMLHeadingElement | null) => void;
  pollError: unknown;
}) {
  const { t } = useTranslation('payments');
  const message = useMessageTranslation();
  const county = useCounty();
  const [left, setLeft] = useState(PROMPT_SECONDS);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, PROMPT_SECONDS - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className={styles.waiting}>
      <h2 id="payment-progress-title" ref={headingRef} tabIndex={-1}>
        {t('waiting.title')}
      </h2>
      <div className={styles.phoneCard}>
        <span className={styles.pulse} aria-hidden="true" />
        <p>
          {t('waiting.body', {
            amount: formatKes(attempt.amount_cents),
            phone: localPhone(attempt.phone_number),
            billNo: attempt.bill_no,
          })}
        </p>
      </div>
      {left > 0 ? (
        <p className={styles.countdown}>
          {t('waiting.countdown')}{' '}
          <span className={styles.clock} data-testid="countdown">
            {formatClock(left)}
          </span>
        </p>
      ) : (
        <p className={styles.countdown}>{t('waiting.stillWaiting')}</p>
      )}
      {pollError ? (
        <p className={styles.muted}>
          {t('waiting.connection')} {message(errorText(pollError))}
        </p>
      ) : null}
      {county ? (
        <p className={styles.muted}>
          {t('waiting.paybill', { paybill: county.paybill, billNo: attempt.bill_no })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The money moved but reached no bill (the bill was cancelled while the prompt was open): the
 * county holds it for a refund. The payer reads that, and the reference to quote.
 */
function HeldForRefund({
  payment,
  headingRef,
}: {
  payment: Payment;
  headingRef: (element: HTMLHeadingElement | null) => void;
}) {
  const { t } = useTranslation('payments');
  const message = useMessageTranslation();
  return (
    <div className={styles.outcome} data-outcome="held">
      <h2 id="payment-progress-title" ref={headingRef} tabIndex={-1}>
        {t('outcome.heldTitle')}
      </h2>
      <Alert variant="warning" live={false}>
        <p data-testid="payment-message">{message(payment.message)}</p>
      </Alert>
      <FactList>
        <Fact label={t('outcome.reference')} className={styles.reference} data-testid="refund-reference">
          {payment.mpesa_receipt_number ?? payment.payment_id}
        </Fact>
        <Fact label={t('outcome.amountPaid')}>
          {formatKes(payment.amount_paid_cents ?? payment.amount_cents)}
        </Fact>
        <Fact label={t('bills.billNo')} className={styles.reference}>
          {payment.bill_no}
        </Fact>
      </FactList>
      <div className={styles.actions}>
        <ButtonLink to="/account/transactions-history" variant="secondary">
          {t('accountNav.transactions')}
        </ButtonLink>
      </div>
    </div>
  );
}

function Paid({
  payment,
  headingRef,
}: {
  payment: Payment;
  headingRef: (element: HTMLHeadingElement | null) => void;
}) {
  const { t } = useTranslation('payments');
  const message = useMessageTranslation();
  const bill = useQuery({
    queryKey: ['bill', payment.bill_no],
    queryFn: () => api<Bill>(`/api/bills/${encodeURIComponent(payment.bill_no)}`),
  });
  const billPaid = (bill.data?.status ?? payment.bill_status) === 'paid';
  return (
    <div className={styles.outcome} data-outcome="paid">
      <h2 id="payment-progress-title" ref={headingRef} tabIndex={-1}>
        {t('outcome.paidTitle')}
      </h2>
      <Alert variant="success" live={false}>
        <p data-testid="payment-message">{message(payment.message)}</p>
      </Alert>
      <FactList>
        <Fact label={t('outcome.receiptNo')} className={styles.reference} data-testid="mpesa-receipt">
          {payment.mpesa_receipt_number ?? t('outcome.receiptPending')}
        </Fact>
        <Fact label={t('outcome.amountPaid')}>
          {formatKes(payment.amount_paid_cents ?? payment.amount_cents)}
        </Fact>
        <Fact label={t('bills.billNo')} className={styles.reference}>
          {payment.bill_no}
        </Fact>
        {bill.data && !billPaid ? (
          <Fact label={t('outcome.balanceLeft')} className={styles.balance}>
            {formatKes(bill.data.balance_cents)}
          </Fact>
        ) : null}
      </FactList>
      {payment.mpesa_receipt_number === null ? (
        <p className={styles.muted}>{t('outcome.receiptPendingHelp')}</p>
      ) : null}
      {billPaid ? <p>{t('outcome.billPaid')}</p> : null}
      <div className={styles.actions}>
        {billPaid ? (
          <>
            <ButtonLink to={printablePath(payment.bill_no, 'receipt')}>{t('outcome.viewReceipt')}</ButtonLink>
            <PdfButton billNo={payment.bill_no} kind="receipt" />
          </>
        ) : (
          <ButtonLink to={`/payment?bill=${encodeURIComponent(payment.bill_no)}`}>
            {t('outcome.payBalance')}
          </ButtonLink>
        )}
        <ButtonLink to="/account/bills" variant="secondary">
          {t('outcome.myBills')}
        </ButtonLink>
      </div>
    </div>
  );
}

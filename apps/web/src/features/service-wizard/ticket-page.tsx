import type { ServiceDefinition } from '@kaunti/catalogue/definition';
import { fieldsOf } from '@kaunti/catalogue/field-rules';
import type { ServiceTicket } from '@kaunti/contract/api-tickets';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { appPath } from '../../lib/app-path';
import { serviceTitleKey } from '../../lib/catalogue-index';
import { useMessageTranslation } from '../../lib/i18n';
import { type ServiceText, useServiceText } from '../../lib/service-text';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { InputField } from '../../ui/form-field/form-field';
import { LiveRegion } from '../../ui/live-region/live-region';
import { NeedsConnection } from '../../ui/offline/offline-notice';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import { StatusBadge } from '../../ui/status-badge/status-badge';
import { isWaiting, payTicketAgain, useServiceTicket } from './ticket-api';
import styles from './tickets.module.css';

const TONES = { paid: 'good', pending: 'progress', revoked: 'bad', cancelled: 'bad' } as const;

/**
 * A ticket service's ticket (market cess: /markets/cess/{id}), public to whoever holds its id:
 * what it covers, the amount, pending, paid, revoked or cancelled. While pending it asks again
 * every 2.5 s (the M-Pesa prompt is on the phone) until the payment is in or the prompt ends: a
 * failed or cancelled payment says why and offers the prompt again. Once paid, its QR code,
 * E-Verify code (what to show at the gate) and printable ticket.
 */
export function TicketPage({ service }: { service: ServiceDefinition | undefined }) {
  if (!service?.ticket) throw new Response('', { status: 404, statusText: 'Not Found' });
  const { t } = useTranslation(['wizard', 'common']);
  const { ticket_id: id = '' } = useParams();
  const ticket = useServiceTicket(service.ticket.read_path, id);
  const title = t(`common:${serviceTitleKey(service.id)}`, { defaultValue: service.title });
  return (
    <div className={styles.page}>
      <PageHeading title={t('ticket.title', { service: title })} />
      {/* There from the start, so that "paid" is announced when M-Pesa answers (ui/live-region). */}
      <LiveRegion message={announcement(t, ticket.data)} testId="ticket-announcement" />
      <QueryState query={ticket} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(found) => <TicketView service={service} ticket={found} />}
      </QueryState>
    </div>
  );
}

function announcement(t: (key: string) => string, ticket: ServiceTicket | undefined): string {
  if (!ticket) return '';
  if (ticket.status === 'paid') return t('ticket.paid');
  if (ticket.status === 'revoked') return t('ticket.revoked');
  if (ticket.status === 'cancelled') return t('ticket.cancelled');
  return isWaiting(ticket) ? t('ticket.pending') : t('ticket.notPaid');
}

function TicketView({ service, ticket }: { service: ServiceDefinition; ticket: ServiceTicket }) {
  const { t, i18n } = useTranslation('wizard');
  const text = useServiceText(service);
  const paid = ticket.status === 'paid';
  const waiting = isWaiting(ticket);
  const ended = ticket.status === 'pending' && !waiting;
  const code = ticket.document ? new URL(ticket.document.url).searchParams.get('code') : null;
  const heading = ended ? t('ticket.notPaid') : announcement(t, ticket);
  return (
    <section className={styles.ticket} aria-labelledby="ticket-state" data-testid="service-ticket">
      <div className={styles.ticketHead}>
        <h2 id="ticket-state" tabIndex={-1}>
          {heading}
        </h2>
        <StatusBadge tone={TONES[ticket.status]} status={ticket.status}>
          {t(`ticket.states.${ticket.status}`)}
        </StatusBadge>
      </div>
      {waiting ? (
        <Alert variant="info">
          <p>{t('ticket.checkPhone', { amount: formatKes(ticket.amount_cents) })}</p>
          <p>{t('ticket.paybill', { bill: ticket.bill_no })}</p>
        </Alert>
      ) : null}
      {ended ? <PayAgain service={service} ticket={ticket} /> : null}
      {ticket.status === 'revoked' ? (
        <Alert variant="danger" live={false}>
          <p>{t('ticket.revokedText')}</p>
        </Alert>
      ) : null}
      <FactList>
        {ticket.covers.map((cover) => (
          <Fact key={cover.field} label={labelOf(service, text, cover.field, cover.label)}>
            {cover.value}
          </Fact>
        ))}
        <Fact label={t('ticket.validUntil')}>
          {formatDisplayDate(ticket.valid_until.slice(0, 10), i18n.language)}
        </Fact>
        <Fact label={t('ticket.amount')}>{formatKes(ticket.amount_cents)}</Fact>
        <Fact label={t('ticket.number')} className={styles.reference}>
          {ticket.ticket_no}
        </Fact>
        {ticket.short_code ? (
          <Fact label={t('ticket.code')} className={styles.reference}>
            {ticket.short_code}
          </Fact>
        ) : null}
      </FactList>
      {paid && code ? (
        <figure className={styles.qr}>
          <img
            src={`/api/documents/qr.svg?code=${encodeURIComponent(code)}`}
            alt={t('ticket.qrAlt')}
            width={160}
            height={160}
          />
          <figcaption>{t('ticket.qrCaption')}</figcaption>
        </figure>
      ) : null}
      {ticket.document?.print_url ? (
        <p>
          <Link className={styles.docLink} to={appPath(ticket.document.print_url)}>
            {t('ticket.print')}
          </Link>
        </p>
      ) : null}
      <p>
        <Link to={service.route}>{t('ticket.another')}</Link>
      </p>
    </section>
  );
}

/** A covered field's label in the reader's language (the server's English when it is not a field). */
function labelOf(service: ServiceDefinition, text: ServiceText, name: string, english: string): string {
  const field = fieldsOf(service).find((f) => f.name === name);
  return field ? text.label(field) : english;
}

/** The payment ended without the money: why, and the prompt again — to the same phone or another. */
function PayAgain({ service, ticket }: { service: ServiceDefinition; ticket: ServiceTicket }) {
  const { t } = useTranslation('wizard');
  const translate = useMessageTranslation();
  const client = useQueryClient();
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState<'same' | 'other'>();
  const [failure, setFailure] = useState<string>();
  const [phoneError, setPhoneError] = useState<string>();
  const payment = ticket.payment!;
  const readPath = service.ticket!.read_path;

  async function send(which: 'same' | 'other') {
    setBusy(which);
    setFailure(undefined);
    setPhoneError(undefined);
    try {
      const answer = await payTicketAgain(readPath, ticket.ticket_id, which === 'other' ? phone : undefined);
      client.setQueryData(['service-ticket', readPath, ticket.ticket_id], answer.ticket);
    } catch (error) {
      const message = translate(error instanceof Error ? error.message : String(error));
      if (which === 'other') setPhoneError(message);
      else setFailure(message);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <div className={styles.payAgain} data-testid="payment-ended">
      <Alert variant="danger" title={t('ticket.failedTitle')}>
        <p>{payment.message ? translate(payment.message) : t('ticket.failedUnknown')}</p>
        <p>{t('ticket.failedNothingTaken')}</p>
      </Alert>
      {failure ? (
        <Alert variant="danger">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <Button
        busy={busy === 'same'}
        busyLabel={t('ticket.sending')}
        onClick={() => void send('same')}
        needsConnection
      >
        {payment.phone_hint ? t('ticket.tryAgainTo', { phone: payment.phone_hint }) : t('ticket.tryAgain')}
      </Button>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send('other');
        }}
      >
        <InputField
          id="ticket-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          label={t('ticket.otherPhone')}
          error={phoneError}
          errorPrefix={t('errorPrefix')}
          requiredLabel={t('required')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          busy={busy === 'other'}
          busyLabel={t('ticket.sending')}
          needsConnection
        >
          {t('ticket.tryOtherPhone')}
        </Button>
        <NeedsConnection />
      </form>
      <p>{t('ticket.paybill', { bill: ticket.bill_no })}</p>
    </div>
  );
}

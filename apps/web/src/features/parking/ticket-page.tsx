import type { ParkingTicket } from '@kaunti/contract/api-parking';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { appPath } from '../../lib/app-path';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { InputField } from '../../ui/form-field/form-field';
import { LiveRegion } from '../../ui/live-region/live-region';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import { StatusBadge } from '../../ui/status-badge/status-badge';
import styles from './parking.module.css';
import { isWaiting, payTicketAgain, useTicket } from './parking-api';

/**
 * /parking/{id} — the ticket, public to whoever holds its id: plate, zone, vehicle type, day,
 * amount, pending, paid or revoked. While pending it asks again every 2.5 s (the M-Pesa prompt is
 * on the phone) until the payment is in or the prompt ends: a failed or cancelled payment says
 * why and offers the prompt again (to the same phone or another). Once paid, its QR code,
 * E-Verify code and printable ticket; revoked, that it no longer covers the vehicle.
 */
export function TicketPage() {
  const { t } = useTranslation('parking');
  const { id = '' } = useParams();
  const ticket = useTicket(id);
  return (
    <div className={styles.page}>
      <PageHeading title={t('ticket.title', { plate: ticket.data?.plate ?? '' })} />
      {/* There from the start, so that "paid" is announced when M-Pesa answers (ui/live-region). */}
      <LiveRegion message={ticketAnnouncement(t, ticket.data)} testId="ticket-announcement" />
      <QueryState query={ticket} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(found) => <TicketView ticket={found} />}
      </QueryState>
    </div>
  );
}

/** What the live region says of the ticket's state. */
function ticketAnnouncement(t: (key: string) => string, ticket: ParkingTicket | undefined): string {
  if (!ticket) return '';
  if (ticket.status === 'paid') return t('ticket.paid');
  if (ticket.status === 'revoked') return t('ticket.revoked');
  return isWaiting(ticket) ? t('ticket.pending') : t('ticket.notPaid');
}

const TONES = { paid: 'good', pending: 'progress', revoked: 'bad' } as const;

function TicketView({ ticket }: { ticket: ParkingTicket }) {
  const { t, i18n } = useTranslation('parking');
  const paid = ticket.status === 'paid';
  const waiting = isWaiting(ticket);
  const ended = ticket.status === 'pending' && !waiting;
  const code = ticket.document ? new URL(ticket.document.url).searchParams.get('code') : null;
  const heading =
    ticket.status === 'revoked'
      ? t('ticket.revoked')
      : ended
        ? t('ticket.notPaid')
        : paid
          ? t('ticket.paid')
          : t('ticket.pending');
  return (
    <section className={styles.ticket} aria-labelledby="ticket-state" data-testid="parking-ticket">
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
      {ended ? <PayAgain ticket={ticket} /> : null}
      {ticket.status === 'revoked' ? (
        <Alert variant="danger" live={false}>
          <p>{t('ticket.revokedText')}</p>
          <p>
            <Link to="/parking">{t('ticket.payAgainDay')}</Link>
          </p>
        </Alert>
      ) : null}
      <FactList>
        <Fact label={t('ticket.plate')}>{ticket.plate}</Fact>
        <Fact label={t('ticket.zone')}>{ticket.zone_name}</Fact>
        <Fact label={t('ticket.vehicleType')}>
          {t(`types.${ticket.vehicle_type}`, { defaultValue: ticket.vehicle_type_label })}
        </Fact>
        <Fact label={t('ticket.day')}>{formatDisplayDate(ticket.day, i18n.language)}</Fact>
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
        <Link to="/parking">{t('ticket.another')}</Link>
      </p>
    </section>
  );
}

/**
 * The payment ended without the money (failed, cancelled): why, in the reader's language, and
 * the prompt again — to the same phone, or to another one typed here.
 */
function PayAgain({ ticket }: { ticket: ParkingTicket }) {
  const { t } = useTranslation('parking');
  const translate = useMessageTranslation();
  const client = useQueryClient();
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState<'same' | 'other'>();
  const [failure, setFailure] = useState<string>();
  const [phoneError, setPhoneError] = useState<string>();
  const payment = ticket.payment!;

  async function send(which: 'same' | 'other') {
    setBusy(which);
    setFailure(undefined);
    setPhoneError(undefined);
    try {
      const answer = await payTicketAgain(ticket.ticket_id, which === 'other' ? phone : undefined);
      client.setQueryData(['parking-ticket', ticket.ticket_id], answer.ticket);
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
      <Button busy={busy === 'same'} busyLabel={t('pay.sending')} onClick={() => void send('same')}>
        {payment.phone_hint ? t('ticket.tryAgainTo', { phone: payment.phone_hint }) : t('ticket.tryAgain')}
      </Button>
      <form
        className={styles.otherPhone}
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
          hint={t('pay.phoneHint')}
          error={phoneError}
          errorPrefix={t('errorPrefix')}
          requiredLabel={t('required')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
        />
        <Button type="submit" variant="secondary" busy={busy === 'other'} busyLabel={t('pay.sending')}>
          {t('ticket.tryOtherPhone')}
        </Button>
      </form>
      <p>{t('ticket.paybill', { bill: ticket.bill_no })}</p>
    </div>
  );
}

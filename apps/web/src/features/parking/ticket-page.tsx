import type { ParkingTicket } from '@kaunti/contract/api-parking';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { formatKes } from '@kaunti/contract/money';
import { Link, useParams } from 'react-router';
import { appPath } from '../../lib/app-path';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { LiveRegion } from '../../ui/live-region/live-region';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import { StatusBadge } from '../../ui/status-badge/status-badge';
import styles from './parking.module.css';
import { useTicket } from './parking-api';

/**
 * /parking/{id} — the ticket, public to whoever holds its id: plate, zone, vehicle type, day,
 * amount, pending or paid. While pending it asks again every 2.5 s (the M-Pesa prompt is on the
 * phone); once paid, its QR code, E-Verify code and printable ticket.
 */
export function TicketPage() {
  const { t } = useTranslation('parking');
  const { id = '' } = useParams();
  const ticket = useTicket(id);
  return (
    <div className={styles.page}>
      <PageHeading title={t('ticket.title', { plate: ticket.data?.plate ?? '' })} />
      {/* There from the start, so that "paid" is announced when M-Pesa answers (ui/live-region). */}
      <LiveRegion message={ticketAnnouncement(t, ticket.data?.status)} testId="ticket-announcement" />
      <QueryState query={ticket} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(found) => <TicketView ticket={found} />}
      </QueryState>
    </div>
  );
}

/** What the live region says of the ticket's state. */
function ticketAnnouncement(t: (key: string) => string, status: ParkingTicket['status'] | undefined): string {
  if (status === 'paid') return t('ticket.paid');
  if (status === 'pending') return t('ticket.pending');
  return '';
}

function TicketView({ ticket }: { ticket: ParkingTicket }) {
  const { t, i18n } = useTranslation('parking');
  const paid = ticket.status === 'paid';
  const code = ticket.document ? new URL(ticket.document.url).searchParams.get('code') : null;
  return (
    <section className={styles.ticket} aria-labelledby="ticket-state" data-testid="parking-ticket">
      <div className={styles.ticketHead}>
        <h2 id="ticket-state" tabIndex={-1}>
          {paid ? t('ticket.paid') : t('ticket.pending')}
        </h2>
        <StatusBadge tone={paid ? 'good' : 'progress'} status={ticket.status}>
          {t(`ticket.states.${ticket.status}`)}
        </StatusBadge>
      </div>
      {paid ? null : (
        <Alert variant="info">
          <p>{t('ticket.checkPhone', { amount: formatKes(ticket.amount_cents) })}</p>
          <p>{t('ticket.paybill', { bill: ticket.bill_no })}</p>
        </Alert>
      )}
      <FactList>
        <Fact label={t('ticket.plate')}>{ticket.plate}</Fact>
        <Fact label={t('ticket.zone')}>{ticket.zone_name}</Fact>
        <Fact label={t('ticket.vehicleType')}>
          {t(`types.${ticket.vehicle_type}`, { defaultValue: ticket.vehicle_type_label })}
        </Fact>
        <Fact label={t('ticket.day')}>{formatDisplayDate(ticket.day, i18n.language)}</Fact>
        <Fact label={t('ticket.amount')}>{formatKes(ticket.amount_cents)}</Fact>
        <Fact label={t('ticket.number')} className={styles.reference}>
          {ticket.ticket_id}
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

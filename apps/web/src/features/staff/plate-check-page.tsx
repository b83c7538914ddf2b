import type { ParkingCoverKind } from '@kaunti/contract/api-parking';
import type { PlateTicket } from '@kaunti/contract/api-tickets';
import { formatDisplayMoment } from '@kaunti/contract/dates';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { InputField } from '../../ui/form-field/form-field';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { StatusBadge } from '../../ui/status-badge/status-badge';
import styles from './staff.module.css';

interface PlateStatus {
  plate: string;
  covered: boolean;
  by: {
    kind: ParkingCoverKind;
    ticket_id: string;
    zone_code: string | null;
    vehicle_type: string | null;
    place: string | null;
    valid_from: string;
    valid_until: string;
  }[];
  /** Other tickets paid today (market cess): not parking, shown below it. */
  tickets?: PlateTicket[];
}

/**
 * /staff/parking: an enforcement officer checks a plate — covered or not, and by what (a daily
 * ticket, a seasonal ticket, a reserved bay, a loading zone, a PSV sticker), where and until when.
 * A plate the server cannot read is said beside the box, which keeps what was typed.
 */
export function PlateCheckPage() {
  const { t, i18n } = useTranslation('staff');
  const message = useMessageTranslation();
  const [plate, setPlate] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<PlateStatus | null>(null);

  async function check(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setFailure(undefined);
    if (plate.trim() === '') {
      setError(message('Please enter the number plate'));
      document.getElementById('plate-check')?.focus();
      return;
    }
    setBusy(true);
    try {
      setStatus(await api<PlateStatus>(`/api/parking/status?plate=${encodeURIComponent(plate.trim())}`));
    } catch (failed) {
      setStatus(null);
      if (failed instanceof ApiError && failed.details.length > 0) {
        setError(message(failed.details[0]!.message));
        document.getElementById('plate-check')?.focus();
      } else setFailure(message(failed instanceof Error ? failed.message : String(failed)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <PageHeading title={t('plates.title')} lead={t('plates.lead')} />
      <form noValidate onSubmit={check} className={styles.plateForm}>
        <InputField
          id="plate-check"
          label={t('plates.plate')}
          hint={t('plates.hint')}
          error={error}
          value={plate}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(e) => setPlate(e.target.value)}
          required
          requiredLabel={t('applications:required')}
          errorPrefix={t('applications:errorPrefix')}
        />
        <Button type="submit" busy={busy} busyLabel={t('plates.checking')}>
          {t('plates.check')}
        </Button>
      </form>
      {failure ? (
        <Alert variant="danger">
          <p>{failure}</p>
        </Alert>
      ) : null}
      {status ? (
        <section aria-live="polite" aria-labelledby="plate-result" className={styles.section}>
          <h2 id="plate-result">
            {status.plate}{' '}
            <StatusBadge
              tone={status.covered ? 'good' : 'bad'}
              status={status.covered ? 'covered' : 'not_covered'}
            >
              {status.covered ? t('plates.covered') : t('plates.notCovered')}
            </StatusBadge>
          </h2>
          {status.covered ? (
            <ul className={styles.plainList}>
              {status.by.map((cover) => (
                <li key={`${cover.kind}-${cover.ticket_id}`} className={styles.cover}>
                  <strong>{t(`plates.kinds.${cover.kind}`)}</strong> · {cover.ticket_id}
                  <br />
                  {cover.place ??
                    (cover.zone_code ? t('plates.zone', { zone: cover.zone_code }) : t('plates.everyZone'))}
                  <br />
                  {t('plates.until', { when: formatDisplayMoment(cover.valid_until, i18n.language) })}
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('plates.nothing')}</p>
          )}
          {status.tickets && status.tickets.length > 0 ? (
            <>
              <h3>{t('plates.otherTickets')}</h3>
              <ul className={styles.plainList} data-testid="plate-tickets">
                {status.tickets.map((ticket) => (
                  <li key={ticket.ticket_no} className={styles.cover}>
                    <strong>
                      {t(`common:services.${ticket.service_id}.title`, {
                        defaultValue: ticket.service_title,
                      })}
                    </strong>{' '}
                    · {ticket.ticket_no}
                    <br />
                    {ticket.covers}
                    <br />
                    {t('plates.until', { when: formatDisplayMoment(ticket.valid_until, i18n.language) })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

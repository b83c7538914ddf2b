import type { PublicToilet, ToiletFault } from '@kaunti/contract/api-toilets';
import { formatKes } from '@kaunti/contract/money';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { Card, CardList } from '../../ui/card/card';
import { Fact, FactList } from '../../ui/fact-list/fact-list';
import { controlClass, FormField, InputField } from '../../ui/form-field/form-field';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import { StatusBadge } from '../../ui/status-badge/status-badge';
import styles from './toilets.module.css';
import { byDistance, payToilet, reportFault, useToilets } from './toilets-api';

type Located = PublicToilet & { metres?: number | null };

/**
 * /public-toilets — the county's public toilets: where, hours, fee, access; nearest first when
 * the visitor lets the browser say where they are. Each one: pay an entry or a monthly pass by
 * M-Pesa (no account; the ticket at /public-toilets/tickets/{id} with the code for the
 * attendant), or report a fault (closed, dirty, no water) that an officer closes.
 */
export function ToiletsPage() {
  const { t } = useTranslation('toilets');
  const toilets = useToilets();
  const [here, setHere] = useState<{ lat: number; lng: number }>();
  const [locating, setLocating] = useState(false);
  const [locationError, setLocationError] = useState<string>();

  function locate() {
    setLocationError(undefined);
    if (!('geolocation' in navigator)) {
      setLocationError(t('location.unavailable'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setHere({ lat: position.coords.latitude, lng: position.coords.longitude });
        setLocating(false);
      },
      () => {
        setLocationError(t('location.refused'));
        setLocating(false);
      },
      { timeout: 10_000, maximumAge: 60_000 },
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading title={t('title')} lead={t('lead')} />
      <div className={styles.tools}>
        <Button variant="secondary" busy={locating} busyLabel={t('location.finding')} onClick={locate}>
          {t('location.nearest')}
        </Button>
        <p aria-live="polite" className={styles.muted}>
          {locationError ?? (here ? t('location.sorted') : '')}
        </p>
      </div>
      <QueryState query={toilets} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(list) => (
          <CardList>
            {(here ? byDistance(list, here) : (list as Located[])).map((toilet) => (
              <ToiletCard key={toilet.id} toilet={toilet} />
            ))}
          </CardList>
        )}
      </QueryState>
    </div>
  );
}

function ToiletCard({ toilet }: { toilet: Located }) {
  const { t } = useTranslation('toilets');
  const [open, setOpen] = useState<'pay' | 'fault'>();
  const headingId = `toilet-${toilet.id}`;
  return (
    <Card
      headingId={headingId}
      title={toilet.name}
      badge={
        toilet.open_faults > 0 ? (
          <StatusBadge tone="bad" status="fault">
            {t('faultReported')}
          </StatusBadge>
        ) : undefined
      }
      data-testid={`toilet-${toilet.id}`}
    >
      <FactList>
        <Fact label={t('where')}>
          {toilet.location}, {toilet.sub_county}
        </Fact>
        <Fact label={t('hours')}>{toilet.hours}</Fact>
        <Fact label={t('fee')}>{formatKes(toilet.fee_cents)}</Fact>
        {toilet.monthly_fee_cents !== null ? (
          <Fact label={t('monthly')}>{formatKes(toilet.monthly_fee_cents)}</Fact>
        ) : null}
        <Fact label={t('accessible')}>{toilet.accessible ? t('yes') : t('no')}</Fact>
        {typeof toilet.metres === 'number' ? (
          <Fact label={t('distance')}>
            {toilet.metres < 1000
              ? t('metres', { n: Math.round(toilet.metres) })
              : t('kilometres', { n: (toilet.metres / 1000).toFixed(1) })}
          </Fact>
        ) : null}
      </FactList>
      <div className={styles.actions}>
        <Button
          aria-expanded={open === 'pay'}
          aria-controls={`${headingId}-pay`}
          onClick={() => setOpen(open === 'pay' ? undefined : 'pay')}
        >
          {t('pay.open')}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={open === 'fault'}
          aria-controls={`${headingId}-fault`}
          onClick={() => setOpen(open === 'fault' ? undefined : 'fault')}
        >
          {t('fault.open')}
        </Button>
      </div>
      {open === 'pay' ? <PayForm toilet={toilet} id={`${headingId}-pay`} /> : null}
      {open === 'fault' ? <FaultForm toilet={toilet} id={`${headingId}-fault`} /> : null}
    </Card>
  );
}

function PayForm({ toilet, id }: { toilet: PublicToilet; id: string }) {
  const { t } = useTranslation('toilets');
  const translate = useMessageTranslation();
  const navigate = useNavigate();
  const [pass, setPass] = useState<'single' | 'monthly'>('single');
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPhoneError(undefined);
    setFailure(undefined);
    if (phone.trim() === '') {
      setPhoneError(t('pay.phoneMissing'));
      document.getElementById(`${id}-phone`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await payToilet(toilet.id, { pass, phone_number: phone.trim() });
      await navigate(`/public-toilets/tickets/${encodeURIComponent(answer.ticket_id)}`);
    } catch (error) {
      const detail =
        error instanceof ApiError ? error.details.find((d) => d.path === 'phone_number') : undefined;
      if (detail) {
        setPhoneError(translate(detail.message));
        document.getElementById(`${id}-phone`)?.focus();
      } else setFailure(translate(error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(false);
    }
  }

  const amount = pass === 'monthly' ? toilet.monthly_fee_cents : toilet.fee_cents;
  return (
    <form
      id={id}
      noValidate
      className={styles.panel}
      onSubmit={submit}
      aria-label={t('pay.title', { name: toilet.name })}
    >
      {failure ? (
        <Alert variant="danger">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <fieldset className={styles.radios}>
        <legend>{t('pay.pass')}</legend>
        <label>
          <input
            type="radio"
            name={`${id}-pass`}
            checked={pass === 'single'}
            onChange={() => setPass('single')}
          />
          {t('pay.single', { amount: formatKes(toilet.fee_cents) })}
        </label>
        {toilet.monthly_fee_cents !== null ? (
          <label>
            <input
              type="radio"
              name={`${id}-pass`}
              checked={pass === 'monthly'}
              onChange={() => setPass('monthly')}
            />
            {t('pay.monthly', { amount: formatKes(toilet.monthly_fee_cents) })}
          </label>
        ) : null}
      </fieldset>
      <InputField
        id={`${id}-phone`}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        label={t('pay.phone')}
        hint={t('pay.phoneHint')}
        error={phoneError}
        errorPrefix={t('errorPrefix')}
        requiredLabel={t('required')}
        required
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      <Button type="submit" busy={busy} busyLabel={t('pay.sending')}>
        {t('pay.submit', { amount: formatKes(amount ?? toilet.fee_cents) })}
      </Button>
    </form>
  );
}

const KINDS: ToiletFault['kind'][] = ['closed', 'dirty', 'no_water'];

function FaultForm({ toilet, id }: { toilet: PublicToilet; id: string }) {
  const { t } = useTranslation('toilets');
  const translate = useMessageTranslation();
  const [kind, setKind] = useState<ToiletFault['kind'] | ''>('');
  const [note, setNote] = useState('');
  const [kindError, setKindError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setKindError(undefined);
    setFailure(undefined);
    if (!kind) {
      setKindError(t('fault.kindMissing'));
      document.getElementById(`${id}-kind`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await reportFault(toilet.id, { kind, ...(note.trim() ? { note: note.trim() } : {}) });
      setSent(true);
    } catch (error) {
      setFailure(translate(error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <div className={styles.panel}>
        <Alert variant="success">
          <p>{t('fault.sent')}</p>
        </Alert>
      </div>
    );
  return (
    <form
      id={id}
      noValidate
      className={styles.panel}
      onSubmit={submit}
      aria-label={t('fault.title', { name: toilet.name })}
    >
      {failure ? (
        <Alert variant="danger">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <FormField
        id={`${id}-kind`}
        label={t('fault.kind')}
        error={kindError}
        errorPrefix={t('errorPrefix')}
        requiredLabel={t('required')}
        required
      >
        {(control) => (
          <select
            {...control}
            className={controlClass('select', control['aria-invalid'])}
            value={kind}
            onChange={(e) => setKind(e.target.value as ToiletFault['kind'])}
          >
            <option value="">{t('fault.choose')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`fault.kinds.${k}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <InputField
        id={`${id}-note`}
        label={t('fault.note')}
        errorPrefix={t('errorPrefix')}
        requiredLabel={t('required')}
        value={note}
        maxLength={300}
        onChange={(e) => setNote(e.target.value)}
      />
      <Button type="submit" variant="secondary" busy={busy} busyLabel={t('fault.sending')}>
        {t('fault.submit')}
      </Button>
    </form>
  );
}

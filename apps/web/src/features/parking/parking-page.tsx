import { formatKes } from '@kaunti/contract/money';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, hasAuthToken } from '../../lib/api-client';
import { loadChunk } from '../../lib/chunk-loader';
import { useMessageTranslation } from '../../lib/i18n';
import { lazyOnce } from '../../lib/lazy-resolver';
import { usePostedForm } from '../../lib/page-render';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { LoadErrorAlert } from '../../ui/alert/load-error-alert';
import { Button } from '../../ui/button/button';
import { controlClass, FormField, InputField } from '../../ui/form-field/form-field';
import { NeedsConnection } from '../../ui/offline/offline-notice';
import { PageHeading } from '../../ui/page-heading/page-heading';
import { QueryState } from '../../ui/query-state/query-state';
import styles from './parking.module.css';
import { addVehicle, payDaily, useVehicles, useZones, type Zone } from './parking-api';
import type { ParkingPosted, ParkingValues } from './parking-post';
import { RemoveVehicleButton } from './remove-vehicle-button';

type Values = ParkingValues;
const EMPTY: Values = { plate: '', zone_code: '', vehicle_type: '', phone_number: '' };

// The form's checks (the catalogue's, with zod) load on the first "Pay", not with the page.
const loadChecks = lazyOnce(() => loadChunk(() => import('./daily-checks')));

/**
 * /parking — a day's parking by M-Pesa, no account needed, standing next to the car: plate, zone,
 * vehicle type and phone on one screen, the amount shown as soon as zone and type are chosen;
 * "Pay" sends the M-Pesa prompt and opens the ticket, which says when the money is in. The
 * server checks everything (plate forms, zones); its messages show beside their fields and
 * nothing typed is lost.
 */
export function ParkingPage() {
  const { t } = useTranslation('parking');
  const zones = useZones();
  return (
    <div className={styles.page}>
      <PageHeading title={t('pay.title')} lead={t('pay.lead')} />
      <QueryState query={zones} loadingLabel={t('loading')} retryLabel={t('tryAgain')}>
        {(list) => <DailyForm zones={list} />}
      </QueryState>
    </div>
  );
}

function DailyForm({ zones }: { zones: Zone[] }) {
  const { t } = useTranslation('parking');
  const translate = useMessageTranslation();
  const navigate = useNavigate();
  // Sent as a plain form post before the script arrived (parking-post.ts): what was typed, again.
  const posted = usePostedForm<ParkingPosted>();
  const [values, setValues] = useState<Values>(posted?.values ?? EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [loadFailure, setLoadFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const signedIn = hasAuthToken();
  const [remember, setRemember] = useState(false);
  const vehicles = useVehicles();
  const zone = zones.find((z) => z.zone_code === values.zone_code);
  const fee = zone?.fees.find((f) => f.vehicle_type === values.vehicle_type)?.amount_cents ?? null;
  const types = zones[0]?.fees ?? [];
  const common = { requiredLabel: t('required'), errorPrefix: t('errorPrefix'), required: true } as const;

  /** A field changed: once it has an error, it is checked again, so the error goes when it is fixed. */
  function set(name: keyof Values) {
    return (value: string) => {
      const next = { ...values, [name]: value };
      setValues(next);
      if (!errors[name]) return;
      void loadChecks()
        .then(({ dailyParkingProblems }) => dailyParkingProblems(next))
        .then((problems) =>
          setErrors((current) => ({
            ...current,
            [name]: problems[name] ? translate(problems[name]) : undefined,
          })),
        )
        .catch(() => undefined);
    };
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    setLoadFailure(undefined);
    try {
      // Checked here first, as the server will: an empty or mistyped form is never sent.
      let problems: Record<string, string>;
      try {
        problems = await (await loadChecks()).dailyParkingProblems(values);
      } catch (loadError) {
        setLoadFailure(loadError);
        return;
      }
      const wrong = (Object.keys(EMPTY) as (keyof Values)[]).filter((name) => problems[name]);
      setErrors(Object.fromEntries(wrong.map((name) => [name, translate(problems[name]!)])));
      if (wrong.length > 0) {
        document.getElementById(`parking-${wrong[0]}`)?.focus();
        return;
      }
      const answer = await payDaily(values);
      // Remembered for next time (already one of theirs: nothing to do).
      if (signedIn && remember)
        await addVehicle({ plate: values.plate, vehicle_type: values.vehicle_type }).catch(() => undefined);
      await navigate(`/parking/${encodeURIComponent(answer.ticket_id)}`);
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        setErrors(
          Object.fromEntries(error.details.map((d) => [d.path, translate(d.message)])) as Partial<
            Record<keyof Values, string>
          >,
        );
        document.getElementById(`parking-${error.details[0]!.path}`)?.focus();
      } else setFailure(translate(error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={styles.form}
      method="post"
      noValidate
      onSubmit={submit}
      aria-labelledby="parking-form-title"
    >
      <h2 id="parking-form-title" className="visually-hidden">
        {t('pay.formTitle')}
      </h2>
      {failure ? (
        <Alert variant="danger">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <LoadErrorAlert failure={loadFailure} />
      {posted && !failure ? (
        <Alert variant="info">
          <p>{t('pay.checkAmount')}</p>
        </Alert>
      ) : null}
      {vehicles.data && vehicles.data.length > 0 ? (
        <section className={styles.vehicles} aria-labelledby="my-vehicles">
          <h3 id="my-vehicles" className={styles.vehiclesTitle}>
            {t('pay.yourVehicles')}
          </h3>
          <ul className={styles.vehicleList}>
            {vehicles.data.map((vehicle) => (
              <li key={vehicle.id}>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setValues((v) => ({ ...v, plate: vehicle.plate, vehicle_type: vehicle.vehicle_type }));
                    setErrors((e) => ({ ...e, plate: undefined, vehicle_type: undefined }));
                  }}
                >
                  {t('pay.use', { plate: vehicle.plate })}
                </Button>
                <RemoveVehicleButton vehicle={vehicle} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <InputField
        id="parking-plate"
        name="plate"
        label={t('pay.plate')}
        hint={t('pay.plateHint')}
        error={errors.plate}
        value={values.plate}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        onChange={(e) => set('plate')(e.target.value)}
        {...common}
      />
      <FormField id="parking-zone_code" label={t('pay.zone')} error={errors.zone_code} {...common}>
        {(control) => (
          <select
            {...control}
            name="zone_code"
            className={controlClass('select', control['aria-invalid'])}
            value={values.zone_code}
            onChange={(e) => set('zone_code')(e.target.value)}
          >
            <option value="">{t('pay.choose')}</option>
            {zones.map((z) => (
              <option key={z.zone_code} value={z.zone_code}>
                {z.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="parking-vehicle_type"
        label={t('pay.vehicleType')}
        error={errors.vehicle_type}
        {...common}
      >
        {(control) => (
          <select
            {...control}
            name="vehicle_type"
            className={controlClass('select', control['aria-invalid'])}
            value={values.vehicle_type}
            onChange={(e) => set('vehicle_type')(e.target.value)}
          >
            <option value="">{t('pay.choose')}</option>
            {types.map((type) => (
              <option key={type.vehicle_type} value={type.vehicle_type}>
                {t(`types.${type.vehicle_type}`, { defaultValue: type.label })}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <InputField
        id="parking-phone_number"
        name="phone_number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        label={t('pay.phone')}
        hint={t('pay.phoneHint')}
        error={errors.phone_number}
        value={values.phone_number}
        onChange={(e) => set('phone_number')(e.target.value)}
        {...common}
      />
      {signedIn ? (
        <label className={styles.remember}>
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />{' '}
          {t('pay.remember')}
        </label>
      ) : null}
      <p className={styles.amount} aria-live="polite" data-testid="parking-amount">
        {fee !== null ? (
          <>
            {t('pay.amount')} <strong>{formatKes(fee)}</strong>
          </>
        ) : (
          t('pay.amountNeeds')
        )}
      </p>
      <Button
        type="submit"
        busy={busy}
        busyLabel={t('pay.sending')}
        className={styles.primary}
        needsConnection
      >
        {t('pay.submit')}
      </Button>
      <NeedsConnection />
    </form>
  );
}

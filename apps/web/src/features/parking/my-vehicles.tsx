import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useMessageTranslation } from '../../lib/i18n';
import { useTranslation } from '../../lib/translator';
import { Alert } from '../../ui/alert/alert';
import { Button } from '../../ui/button/button';
import { controlClass, FormField, InputField } from '../../ui/form-field/form-field';
import styles from './parking.module.css';
import { addVehicle, useVehicles } from './parking-api';
import { RemoveVehicleButton } from './remove-vehicle-button';

type Values = { plate: string; vehicle_type: string; make: string; colour: string };
const EMPTY: Values = { plate: '', vehicle_type: '', make: '', colour: '' };
const TYPES = [
  'saloon',
  'van',
  'lorry-5t',
  'lorry-over-5t',
  'trailer',
  'bus',
  'motorbike',
  'tuk-tuk',
] as const;

/**
 * My vehicles (on /permits): the user's vehicles with their make and colour, each removable, and
 * a form to add one (plate, type, make, colour). They are offered on the daily, seasonal,
 * reserved and loading zone forms. A refused vehicle keeps what was typed, the error by its field.
 */
export function MyVehicles() {
  const { t } = useTranslation('parking');
  const translate = useMessageTranslation();
  const client = useQueryClient();
  const vehicles = useVehicles();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  // A changed field loses the server's error about what it held.
  const set = (name: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };
  const common = { requiredLabel: t('required'), errorPrefix: t('errorPrefix') } as const;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    setErrors({});
    try {
      await addVehicle({
        plate: values.plate,
        vehicle_type: values.vehicle_type,
        ...(values.make.trim() ? { make: values.make } : {}),
        ...(values.colour.trim() ? { colour: values.colour } : {}),
      });
      setValues(EMPTY);
      await client.invalidateQueries({ queryKey: ['parking-vehicles'] });
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        setErrors(Object.fromEntries(error.details.map((d) => [d.path, translate(d.message)])));
        document.getElementById(`vehicle-${error.details[0]!.path}`)?.focus();
      } else setFailure(translate(error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="my-vehicles-heading" className={styles.permits}>
      <h2 id="my-vehicles-heading">{t('vehicles.title')}</h2>
      {vehicles.data && vehicles.data.length > 0 ? (
        <ul className={styles.vehicleList} aria-label={t('vehicles.title')}>
          {vehicles.data.map((vehicle) => (
            <li key={vehicle.id}>
              <span>
                <strong>{vehicle.plate}</strong> · {t(`types.${vehicle.vehicle_type}`)}
                {vehicle.make ? ` · ${vehicle.make}` : ''}
                {vehicle.colour ? ` · ${vehicle.colour}` : ''}
              </span>
              <RemoveVehicleButton vehicle={vehicle} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('vehicles.none')}</p>
      )}
      <form noValidate onSubmit={submit} aria-labelledby="add-vehicle-heading" className={styles.addVehicle}>
        <h3 id="add-vehicle-heading">{t('vehicles.add')}</h3>
        {failure ? (
          <Alert variant="danger">
            <p>{failure}</p>
          </Alert>
        ) : null}
        <InputField
          id="vehicle-plate"
          label={t('pay.plate')}
          hint={t('pay.plateHint')}
          error={errors.plate}
          value={values.plate}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(e) => set('plate')(e.target.value)}
          required
          {...common}
        />
        <FormField
          id="vehicle-vehicle_type"
          label={t('pay.vehicleType')}
          error={errors.vehicle_type}
          required
          {...common}
        >
          {(control) => (
            <select
              {...control}
              value={values.vehicle_type}
              onChange={(e) => set('vehicle_type')(e.target.value)}
              className={controlClass('select', control['aria-invalid'])}
            >
              <option value="">{t('pay.choose')}</option>
              {TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <InputField
          id="vehicle-make"
          label={t('vehicles.make')}
          hint={t('vehicles.makeHint')}
          error={errors.make}
          value={values.make}
          maxLength={40}
          onChange={(e) => set('make')(e.target.value)}
          {...common}
        />
        <InputField
          id="vehicle-colour"
          label={t('vehicles.colour')}
          error={errors.colour}
          value={values.colour}
          maxLength={30}
          onChange={(e) => set('colour')(e.target.value)}
          {...common}
        />
        <Button type="submit" variant="secondary" busy={busy} busyLabel={t('vehicles.adding')}>
          {t('vehicles.addButton')}
        </Button>
      </form>
    </section>
  );
}

import type { Vehicle } from '@kaunti/contract/api-parking';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/translator';
import { Button } from '../../ui/button/button';
import type { CustomStepProps } from './custom-step-props';
import styles from './service-wizard.module.css';

type Entry = Record<string, unknown>;

const isBlank = (entry: Entry | undefined) =>
  !entry || Object.values(entry).every((value) => value === '' || value === undefined || value === null);

/**
 * Before a step's `vehicles` group: the user's own vehicles (my vehicles, `/api/parking/vehicles`),
 * each added to the group in one tap — into the first blank entry, else as a new one — with its
 * type where the group asks it. A vehicle already on the form is not offered again; the entries
 * stay editable. Shows nothing when the user keeps no vehicles.
 */
export function MyVehicles({ form, step, text }: CustomStepProps) {
  const { t } = useTranslation('wizard');
  const [added, setAdded] = useState<string | null>(null);
  const group = step.fields?.find((f) => f.kind === 'group');
  const mine = useQuery({
    queryKey: ['parking-vehicles'],
    queryFn: ({ signal }) =>
      api<{ data: Vehicle[] }>('/api/parking/vehicles', { signal }).then((r) => r.data),
  });
  if (!group || !mine.data || mine.data.length === 0) return null;
  const entries = ((form.watch(group.name) as Entry[] | undefined) ?? []).slice();
  const onForm = new Set(
    entries.map((e) =>
      String(e.plate ?? '')
        .replace(/\s+/g, '')
        .toUpperCase(),
    ),
  );
  const offered = mine.data.filter((v) => !onForm.has(v.plate.replace(/\s+/g, '').toUpperCase()));
  const typeField = (group.fields ?? []).find((f) => f.name === 'vehicle_type');
  const typeOptions = typeField?.options && 'static' in typeField.options ? typeField.options.static : [];
  /** The vehicle's type in the reader's language, as the group's own choice names it. */
  const typeName = (value: string) => {
    const english = typeOptions.find((o) => o.value === value)?.label ?? value;
    return typeField ? text.option(typeField, value, english) : english;
  };
  const full = group.max !== undefined && entries.filter((e) => !isBlank(e)).length >= group.max;

  function add(vehicle: Vehicle) {
    const entry: Entry = {
      plate: vehicle.plate,
      ...(typeField ? { vehicle_type: vehicle.vehicle_type } : {}),
    };
    const blank = entries.findIndex((e) => isBlank(e));
    const next =
      blank >= 0 ? entries.map((e, i) => (i === blank ? { ...e, ...entry } : e)) : [...entries, entry];
    form.setValue(group!.name, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    setAdded(vehicle.plate);
  }

  return (
    <section className={styles.finder} aria-labelledby="my-vehicles-title">
      <h3 id="my-vehicles-title" className={styles.finderTitle}>
        {t('vehicles.title')}
      </h3>
      {offered.length === 0 ? (
        <p className={styles.muted}>{t('vehicles.allAdded')}</p>
      ) : (
        <ul className={styles.finderList}>
          {offered.map((vehicle) => (
            <li key={vehicle.id}>
              <Button variant="secondary" onClick={() => add(vehicle)} disabled={full}>
                {t('vehicles.add', { plate: vehicle.plate, type: typeName(vehicle.vehicle_type) })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className={styles.muted}>
        {added ? t('vehicles.added', { plate: added }) : ''}
      </p>
    </section>
  );
}

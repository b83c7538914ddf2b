import type { DayAvailability } from '@kaunti/catalogue/bookings';
import type { ServiceDefinition, StepDefinition } from '@kaunti/catalogue/definition';
import { fieldsOf } from '@kaunti/catalogue/field-rules';
import { formatDisplayDate } from '@kaunti/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useWatch } from '../../lib/form';
import type { ServiceText } from '../../lib/service-text';
import { useTranslation } from '../../lib/translator';
import styles from './service-wizard.module.css';

/** Whole days are shown this many at a time when no last day is chosen yet. */
const DAYS_SHOWN = 14;
/** The most days asked at once (the API's limit). */
const MAX_DAYS = 31;

const DAY_MS = 86_400_000;
const isDate = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * What is free of the resource chosen (decision 031), on the step that asks a booking's day: for a
 * slot booking (an ambulance) the chosen day's slots, each free or booked; for whole days (a
 * ground) the days from the first chosen — to the last, or two weeks — each free or booked
 * (`GET /api/catalogue/services/{id}/availability`). A list in a polite live region, so a change
 * of ambulance or day is announced. Any service with a booking gets it; nothing is held until the
 * form is submitted, which is where the database decides.
 */
export function BookingAvailability({
  service,
  step,
  text,
}: {
  service: ServiceDefinition;
  step: StepDefinition;
  text: ServiceText;
}) {
  const rule = service.booking;
  if (!rule || !(step.fields ?? []).some((f) => f.name === rule.date_field)) return null;
  return <Availability service={service} rule={rule} text={text} />;
}

function Availability({
  service,
  rule,
  text,
}: {
  service: ServiceDefinition;
  rule: NonNullable<ServiceDefinition['booking']>;
  text: ServiceText;
}) {
  const { t, i18n } = useTranslation('wizard');
  const resource = useWatch({ name: rule.resource_field }) as unknown;
  const first = useWatch({ name: rule.date_field }) as unknown;
  const last = useWatch({ name: rule.end_date_field ?? rule.date_field }) as unknown;
  const slotted = Boolean(rule.slot_field);
  const chosen = typeof resource === 'string' && resource !== '' && isDate(first);
  let to = isDate(first) ? first : '';
  if (!slotted && isDate(first)) {
    const wanted =
      rule.end_date_field && isDate(last) && last >= first ? last : addDays(first, DAYS_SHOWN - 1);
    to = wanted > addDays(first, MAX_DAYS - 1) ? addDays(first, MAX_DAYS - 1) : wanted;
  }
  const query = useQuery({
    queryKey: ['availability', service.id, resource, first, to],
    enabled: chosen,
    queryFn: ({ signal }) =>
      api<{ days: DayAvailability[] }>(
        `/api/catalogue/services/${encodeURIComponent(service.id)}/availability?resource=${encodeURIComponent(String(resource))}&from=${first}&to=${to}`,
        { signal },
      ).then((r) => r.days),
    retry: false,
  });
  const fields = fieldsOf(service);
  const resourceField = fields.find((f) => f.name === rule.resource_field);
  const slotField = rule.slot_field ? fields.find((f) => f.name === rule.slot_field) : undefined;
  const slotOptions = slotField?.options && 'static' in slotField.options ? slotField.options.static : [];
  const slotName = (slot: string) =>
    slotField ? text.option(slotField, slot, slotOptions.find((o) => o.value === slot)?.label ?? slot) : slot;
  const day = (date: string) => formatDisplayDate(date, i18n.language);
  const kind = slotted ? 'slots' : 'days';
  const state = (free: boolean) => (free ? t('availability.free') : t('availability.booked'));

  let body: React.ReactNode;
  if (!chosen)
    body = (
      <p className={styles.muted}>
        {t(`availability.choose.${kind}`, {
          resource: resourceField ? text.label(resourceField) : '',
        })}
      </p>
    );
  else if (query.isError) body = <p>{t('availability.error')}</p>;
  else if (!query.data) body = <p className={styles.muted}>{t('availability.loading')}</p>;
  else if (slotted) {
    const slots = query.data[0]?.slots ?? [];
    body = (
      <>
        <p>
          {slots.some((s) => s.free)
            ? t('availability.slotsOn', { date: day(first as string) })
            : t('availability.noSlot', { date: day(first as string) })}
        </p>
        <ul
          className={styles.finderList}
          aria-label={t('availability.slotsLabel', { date: day(first as string) })}
        >
          {slots.map((s) => (
            <li key={s.slot} data-free={s.free}>
              {slotName(s.slot)}: {state(s.free)}
            </li>
          ))}
        </ul>
      </>
    );
  } else {
    const booked = query.data.filter((d) => !d.free).length;
    body = (
      <>
        <p>
          {booked === 0
            ? t('availability.allFree', { count: query.data.length })
            : t('availability.someBooked', { count: booked, total: query.data.length })}
        </p>
        <ul className={styles.finderList} aria-label={t('availability.daysLabel')}>
          {query.data.map((d) => (
            <li key={d.date} data-free={d.free}>
              {day(d.date)}: {state(d.free)}
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <section className={styles.finder} aria-labelledby="booking-availability-title">
      <h3 id="booking-availability-title" className={styles.finderTitle}>
        {t(`availability.title.${kind}`)}
      </h3>
      <div aria-live="polite">{body}</div>
    </section>
  );
}

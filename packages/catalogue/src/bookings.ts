import type { ServiceDefinition } from './definition-schema';
import { fieldsOf } from './field-rules';

/**
 * What a service's booking holds, worked out from an application's answers (decision 031). Pure
 * and zod-free: the server claims these units (one database key each: resource kind, the one
 * booked, unit), the per-day fee counts the same days, and the tests hold both to one rule.
 *
 * A unit is a day ("2026-12-01") for whole-day bookings, or a day and one of its slots
 * ("2026-12-01 06-09"): the slots of a day are a select field's values and never overlap, so two
 * bookings overlap exactly when they share a unit.
 */

/** The most days one booking (or one per-day charge) may span. */
export const MAX_BOOKED_DAYS = 366;

const DAY_MS = 86_400_000;

function dayNumber(date: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms / DAY_MS;
}

/**
 * The days from `from` to `to`, both counted (the 1st to the 3rd is 3 days); 0 when `to` is
 * before `from` or either is not a date.
 */
export function daysBetween(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null || b < a) return 0;
  return b - a + 1;
}

/** The dates from `from`, `count` of them, as YYYY-MM-DD. */
export function datesFrom(from: string, count: number): string[] {
  const start = dayNumber(from);
  if (start === null) return [];
  return Array.from({ length: count }, (_, i) => new Date((start + i) * DAY_MS).toISOString().slice(0, 10));
}

export type BookingRule = NonNullable<ServiceDefinition['booking']>;

/** What one application books: a resource (its kind and the one chosen) and its units. */
export interface Booked {
  kind: string;
  resource: string;
  units: string[];
}

/** A booking whose answers do not make one (the last day before the first, too many days). */
export interface BookingProblem {
  problem: { path: string; message: string };
}

/**
 * The units an application's answers book, or null when its service books nothing (or the answers
 * name no resource or day: the definition's own validation says so first).
 */
export function bookedBy(
  definition: Pick<ServiceDefinition, 'booking'>,
  values: Record<string, unknown>,
): Booked | BookingProblem | null {
  const rule = definition.booking;
  if (!rule) return null;
  const resource = values[rule.resource_field];
  const first = values[rule.date_field];
  if (typeof resource !== 'string' || resource === '' || typeof first !== 'string') return null;
  if (rule.slot_field) {
    const slot = values[rule.slot_field];
    if (typeof slot !== 'string' || slot === '') return null;
    return { kind: rule.resource, resource, units: [`${first} ${slot}`] };
  }
  const last = rule.end_date_field ? values[rule.end_date_field] : first;
  if (typeof last !== 'string') return null;
  const days = daysBetween(first, last);
  if (days === 0)
    return {
      problem: {
        path: rule.end_date_field ?? rule.date_field,
        message: 'The last day must be on or after the first day',
      },
    };
  if (days > MAX_BOOKED_DAYS)
    return {
      problem: {
        path: rule.end_date_field ?? rule.date_field,
        message: `A booking covers at most ${MAX_BOOKED_DAYS} days`,
      },
    };
  return { kind: rule.resource, resource, units: datesFrom(first, days) };
}

/** True when two bookings hold something in common (the same resource for a unit both hold). */
export function overlaps(a: Booked, b: Booked): boolean {
  if (a.kind !== b.kind || a.resource !== b.resource) return false;
  const held = new Set(a.units);
  return b.units.some((unit) => held.has(unit));
}

/** The most days one answer of what is free covers (a month). */
export const MAX_AVAILABILITY_DAYS = 31;

/**
 * The slots of a booked day: the values of the booking's slot select, in its order; none when
 * whole days are booked. Only a listed (static) select makes slots.
 */
export function slotsOf(definition: Pick<ServiceDefinition, 'booking' | 'steps'>): string[] {
  const rule = definition.booking;
  if (!rule?.slot_field) return [];
  const field = fieldsOf(definition).find((f) => f.name === rule.slot_field);
  const options = field?.options && 'static' in field.options ? field.options.static : [];
  return options.map((o) => o.value);
}

/** One day of a resource: free or taken, and for a slot booking each of its slots. */
export interface DayAvailability {
  date: string;
  /** A day with a free slot, or a whole day nobody holds. */
  free: boolean;
  slots: { slot: string; free: boolean }[];
}

/**
 * What is free of one resource from `from` for `days` days, given the units held (`bookedBy`'s
 * units: "2026-12-01", or "2026-12-01 06-09"). Pure: the server answers it from `booking_holds`.
 */
export function availabilityOf(
  definition: Pick<ServiceDefinition, 'booking' | 'steps'>,
  from: string,
  days: number,
  taken: ReadonlySet<string>,
): DayAvailability[] {
  const slots = slotsOf(definition);
  return datesFrom(from, days).map((date) => {
    if (slots.length === 0) return { date, free: !taken.has(date), slots: [] };
    const daySlots = slots.map((slot) => ({ slot, free: !taken.has(`${date} ${slot}`) }));
    return { date, free: daySlots.some((s) => s.free), slots: daySlots };
  });
}

/** Every unit a resource has from `from` for `days` days: the days, or each day's slots. */
export function unitsOf(
  definition: Pick<ServiceDefinition, 'booking' | 'steps'>,
  from: string,
  days: number,
): string[] {
  const slots = slotsOf(definition);
  const dates = datesFrom(from, days);
  return slots.length === 0 ? dates : dates.flatMap((date) => slots.map((slot) => `${date} ${slot}`));
}

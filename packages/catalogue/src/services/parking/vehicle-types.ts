import { VEHICLE_TYPES } from './daily-parking/definition';
import shared from './shared.sw.json';

/** The vehicle types with their names in both languages, as the parking tariffs describe their rows. */
export const VEHICLE_TYPE_NAMES = VEHICLE_TYPES.map((type) => ({
  value: type.value,
  en: type.label.toLowerCase(),
  sw: (shared.fields.vehicle_type.options as Record<string, string>)[type.value]?.toLowerCase() ?? type.label,
}));

/** A vehicle type's label in Kiswahili, as the forms show it ("Saloon car" → its Kiswahili). */
export function vehicleTypeLabelSw(value: string): string | undefined {
  return (shared.fields.vehicle_type.options as Record<string, string>)[value];
}

/** The zones' short names ("Zone I"), the same in every county: each county names its zones apart. */
export const ZONE_NAMES: Record<string, { en: string; sw: string }> = {
  Z1: { en: 'Zone I', sw: 'Eneo la I' },
  Z2: { en: 'Zone II', sw: 'Eneo la II' },
  Z3: { en: 'Zone III', sw: 'Eneo la III' },
  Z4: { en: 'Zone IV', sw: 'Eneo la IV' },
};

/** KES by zone and vehicle type, as a county's schedule prints them. */
export type FeesByZone = Record<string, Record<string, number>>;

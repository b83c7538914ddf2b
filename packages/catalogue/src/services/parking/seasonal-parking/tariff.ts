import { defineTariff, kes, type TariffRow } from '../../../tariff';
import { type FeesByZone, VEHICLE_TYPE_NAMES, ZONE_NAMES } from '../vehicle-types';

/**
 * Seasonal parking, KES a month by zone and vehicle type (schedule "parking-seasonal", item
 * "<zone>:<type>:<period>"): three months cost 2¾ months and a year 9 months. Nairobi: a lorry over
 * 5 t KES 25,000 a month or 225,000 a year, a tuk-tuk 2,000 a month, a motorbike 1,000 a month.
 * Mombasa: demonstration figures in the same shape.
 */
const nairobi: FeesByZone = {
  Z1: {
    saloon: 8_000,
    van: 10_000,
    'lorry-5t': 15_000,
    'lorry-over-5t': 25_000,
    trailer: 30_000,
    bus: 12_000,
    motorbike: 1_000,
    'tuk-tuk': 2_000,
  },
  Z2: {
    saloon: 6_000,
    van: 8_000,
    'lorry-5t': 12_000,
    'lorry-over-5t': 20_000,
    trailer: 25_000,
    bus: 10_000,
    motorbike: 800,
    'tuk-tuk': 1_500,
  },
  Z3: {
    saloon: 4_500,
    van: 6_000,
    'lorry-5t': 10_000,
    'lorry-over-5t': 18_000,
    trailer: 22_000,
    bus: 8_000,
    motorbike: 600,
    'tuk-tuk': 1_200,
  },
  Z4: {
    saloon: 3_000,
    van: 4_500,
    'lorry-5t': 8_000,
    'lorry-over-5t': 15_000,
    trailer: 18_000,
    bus: 6_000,
    motorbike: 500,
    'tuk-tuk': 1_000,
  },
};
const mombasa: FeesByZone = {
  Z1: {
    saloon: 5_000,
    van: 7_000,
    'lorry-5t': 12_000,
    'lorry-over-5t': 20_000,
    trailer: 24_000,
    bus: 9_000,
    motorbike: 800,
    'tuk-tuk': 1_500,
  },
  Z2: {
    saloon: 4_000,
    van: 6_000,
    'lorry-5t': 10_000,
    'lorry-over-5t': 16_000,
    trailer: 20_000,
    bus: 7_500,
    motorbike: 600,
    'tuk-tuk': 1_200,
  },
  Z3: {
    saloon: 3_000,
    van: 4_500,
    'lorry-5t': 8_000,
    'lorry-over-5t': 14_000,
    trailer: 17_000,
    bus: 6_000,
    motorbike: 500,
    'tuk-tuk': 1_000,
  },
  Z4: {
    saloon: 2_500,
    van: 3_500,
    'lorry-5t': 6_500,
    'lorry-over-5t': 12_000,
    trailer: 14_000,
    bus: 5_000,
    motorbike: 400,
    'tuk-tuk': 800,
  },
};

/** A season's price in months of the monthly fee, and its words. */
const SEASONS = {
  monthly: { months: 1, en: 'a month', sw: 'mwezi mmoja' },
  quarterly: { months: 2.75, en: 'three months', sw: 'miezi mitatu' },
  yearly: { months: 9, en: 'a year', sw: 'mwaka mmoja' },
} as const;

const rows = (fees: FeesByZone, from: string): TariffRow[] =>
  Object.entries(fees).flatMap(([zone, byType]) =>
    VEHICLE_TYPE_NAMES.flatMap((type) => {
      const monthly = byType[type.value];
      const name = ZONE_NAMES[zone]!;
      if (monthly === undefined) return [];
      return Object.entries(SEASONS).map(([period, season]) => ({
        schedule: 'parking-seasonal',
        item: `${zone}:${type.value}:${period}`,
        description: `Seasonal parking ${season.en}, ${name.en}: ${type.en}`,
        description_sw: `Maegesho ya msimu, ${season.sw}, ${name.sw}: ${type.sw}`,
        amount_cents: kes(Math.round(monthly * season.months)),
        effective_from: from,
      }));
    }),
  );

export default defineTariff({ nairobi: rows(nairobi, '2023-07-01'), mombasa: rows(mombasa, '2023-07-01') });

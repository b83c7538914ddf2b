import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * Hire of county grounds: a charge per day by ground (schedule "grounds-hire") and a refundable
 * deposit by ground (schedule "grounds-deposit"), both seeded rows the county changes on
 * `/staff/fees`. Nairobi's Finance Act lists no single figure for each ground, so these are honest
 * estimates of what the county charges for an event today, in round figures (decision 031's
 * practice); Mombasa's are demonstration figures of the same shape.
 */
const GROUNDS = {
  nairobi: [
    ['UHURU', 'Uhuru Park', 'Bustani ya Uhuru', 50_000, 50_000],
    ['CENTRAL', 'Central Park', 'Bustani ya Kati', 30_000, 30_000],
    ['JEVANJEE', 'Jevanjee Gardens', 'Bustani ya Jevanjee', 20_000, 20_000],
    ['KAMUKUNJI', 'Kamukunji Grounds', 'Uwanja wa Kamukunji', 10_000, 10_000],
    ['JACARANDA', 'Jacaranda Grounds', 'Uwanja wa Jacaranda', 10_000, 10_000],
  ],
  mombasa: [
    ['MAMANGINA', 'Mama Ngina Waterfront Park', 'Bustani ya Mama Ngina', 30_000, 20_000],
    ['TONONOKA', 'Tononoka Grounds', 'Uwanja wa Tononoka', 10_000, 10_000],
    ['TREASURE', 'Treasury Square', 'Uwanja wa Treasury', 8_000, 8_000],
  ],
} as const;

const rows = (county: keyof typeof GROUNDS): TariffRow[] =>
  GROUNDS[county].flatMap(([code, name, nameSw, perDay, deposit]) => [
    {
      schedule: 'grounds-hire',
      item: code,
      description: `Hire of ${name}`,
      description_sw: `Kukodi ${nameSw}`,
      amount_cents: kes(perDay),
      effective_from: '2023-07-01',
    },
    {
      schedule: 'grounds-deposit',
      item: code,
      description: `Refundable deposit: ${name}`,
      description_sw: `Amana inayorudishwa: ${nameSw}`,
      amount_cents: kes(deposit),
      effective_from: '2023-07-01',
    },
  ]);

export default defineTariff({ nairobi: rows('nairobi'), mombasa: rows('mombasa') });

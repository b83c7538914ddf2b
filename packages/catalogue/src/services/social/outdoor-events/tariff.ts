import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The outdoor event permit by expected attendance (schedule "outdoor-events"). Nairobi: as
 * decision 027 records it; Mombasa: demonstration figures in the same shape.
 */
const BANDS = [
  ['up-to-500', 'up to 500 people', 'hadi watu 500', 5_000, 4_000],
  ['up-to-2000', '501 to 2,000 people', 'watu 501 hadi 2,000', 10_000, 8_000],
  ['up-to-10000', '2,001 to 10,000 people', 'watu 2,001 hadi 10,000', 25_000, 20_000],
  ['over-10000', 'over 10,000 people', 'zaidi ya watu 10,000', 50_000, 40_000],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  BANDS.map((band) => ({
    schedule: 'outdoor-events',
    item: band[0],
    description: `Outdoor event permit: ${band[1]}`,
    description_sw: `Kibali cha tukio la nje: ${band[2]}`,
    amount_cents: kes(band[column]),
    effective_from: '2023-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

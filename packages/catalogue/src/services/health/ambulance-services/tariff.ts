import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * A planned ambulance transfer by distance band (schedule "ambulance"). Honest estimates
 * (decision 031): Nairobi's Finance Act prints no ambulance charge; these are near what county
 * and private services charge for a planned transfer in and around the city (about KES 3,000
 * within 10 km, rising by distance). Mombasa: demonstration figures in the same shape.
 */
const BANDS = [
  ['within-10km', 'within 10 km', 'ndani ya km 10', 3_000, 2_500],
  ['11-30km', '11 to 30 km', 'km 11 hadi 30', 5_000, 4_500],
  ['31-60km', '31 to 60 km', 'km 31 hadi 60', 8_000, 7_000],
  ['over-60km', 'over 60 km', 'zaidi ya km 60', 15_000, 13_000],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  BANDS.map((band) => ({
    schedule: 'ambulance',
    item: band[0],
    description: `Ambulance transfer, ${band[1]}`,
    description_sw: `Usafiri wa ambulensi, ${band[2]}`,
    amount_cents: kes(band[column]),
    effective_from: '2024-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

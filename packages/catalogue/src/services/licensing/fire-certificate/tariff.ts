import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The fire safety inspection and certificate by floor area (schedule "fire-inspection"). Nairobi:
 * the fire and rescue department's inspection charges as decision 027 records them; Mombasa:
 * demonstration figures in the same shape.
 */
const BANDS = [
  ['up-to-50', 'up to 50 m²', 'hadi m² 50', 2_500, 2_000],
  ['up-to-100', '51 to 100 m²', 'm² 51 hadi 100', 4_000, 3_000],
  ['up-to-300', '101 to 300 m²', 'm² 101 hadi 300', 7_500, 6_000],
  ['up-to-1000', '301 to 1,000 m²', 'm² 301 hadi 1,000', 15_000, 12_000],
  ['over-1000', 'over 1,000 m²', 'zaidi ya m² 1,000', 30_000, 25_000],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  BANDS.map((band) => ({
    schedule: 'fire-inspection',
    item: band[0],
    description: `Fire safety inspection and certificate: ${band[1]}`,
    description_sw: `Ukaguzi na cheti cha usalama dhidi ya moto: ${band[2]}`,
    amount_cents: kes(band[column]),
    effective_from: '2023-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

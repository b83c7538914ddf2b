import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * Mortuary charges (schedule "mortuary"): storage per day by age (`per-day`), and the release of
 * a body. Honest estimates (decision 031): Nairobi's City Mortuary charges near KES 1,000 a day
 * for an adult and less for a child, and a fee for the release documentation; the Finance Act
 * lists mortuary fees under health services without items we can quote. Mombasa: demonstration
 * figures of the same shape.
 */
const ITEMS = [
  [
    'adult',
    'Mortuary storage, an adult, a day',
    'Kuhifadhi mwili wa mtu mzima mochari, kwa siku',
    1_000,
    900,
  ],
  ['child', 'Mortuary storage, a child, a day', 'Kuhifadhi mwili wa mtoto mochari, kwa siku', 500, 450],
  ['release', 'Release of a body and its documents', 'Kutolewa kwa mwili na nyaraka zake', 2_000, 1_800],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  ITEMS.map((item) => ({
    schedule: 'mortuary',
    item: item[0],
    description: item[1],
    description_sw: item[2],
    amount_cents: kes(item[column]),
    effective_from: '2024-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

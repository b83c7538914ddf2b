import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The yearly fish trading licence by category (schedule "fish-trading"). Honest estimates
 * (decision 031): KES 2,000 for a retailer is the figure of the registered template's example;
 * wholesale and transport follow the usual shape of county fish licences (a wholesaler pays
 * most). Mombasa: demonstration figures of the same shape.
 */
const CATEGORIES = [
  ['retail', 'retail', 'rejareja', 2_000, 1_800],
  ['wholesale', 'wholesale', 'jumla', 5_000, 4_500],
  ['transport', 'transport', 'usafirishaji', 4_000, 3_500],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  CATEGORIES.map((category) => ({
    schedule: 'fish-trading',
    item: category[0],
    description: `Fish trading licence, ${category[1]}, one year`,
    description_sw: `Leseni ya biashara ya samaki, ${category[2]}, mwaka mmoja`,
    amount_cents: kes(category[column]),
    effective_from: '2024-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

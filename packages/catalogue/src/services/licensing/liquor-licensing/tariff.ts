import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The yearly alcoholic drinks licence by category (schedule "liquor-licence", item = the
 * category). Nairobi: the Nairobi City County Finance Act, 2023 (general retail bar KES 100,000,
 * bar and restaurant 130,000, off-licence 50,000; the other categories as decision 027 says).
 * Mombasa: demonstration figures in the same shape.
 */
const CATEGORIES = [
  ['bar', 'general retail (bar)', 'rejareja ya jumla (baa)', 100_000, 60_000],
  ['bar-restaurant', 'bar and restaurant', 'baa na mkahawa', 130_000, 80_000],
  ['off-licence', 'wines and spirits shop (off-licence)', 'duka la mvinyo na pombe kali', 50_000, 30_000],
  ['supermarket', 'supermarket or retail chain', 'duka kuu au maduka ya mnyororo', 150_000, 100_000],
  ['hotel', 'hotel', 'hoteli', 150_000, 100_000],
  ['club', "members' club", 'klabu ya wanachama', 100_000, 60_000],
  ['wholesale', 'wholesale or distributor', 'jumla au msambazaji', 200_000, 120_000],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  CATEGORIES.map((category) => ({
    schedule: 'liquor-licence',
    item: category[0],
    description: `Alcoholic drinks licence: ${category[1]}`,
    description_sw: `Leseni ya vileo: ${category[2]}`,
    amount_cents: kes(category[column]),
    effective_from: '2023-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

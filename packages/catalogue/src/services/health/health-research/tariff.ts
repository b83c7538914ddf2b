import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The health research authorisation by the researcher's category (schedule "health-research").
 * Honest estimates (decision 026): the Finance Act prints no such fee; these follow the usual
 * shape of research fees in Kenya (a student pays least, a foreign researcher most). Mombasa:
 * demonstration figures in the same shape.
 */
const CATEGORIES = [
  ['student', 'student', 'mwanafunzi', 2_000, 1_500],
  ['local', 'Kenyan researcher', 'mtafiti Mkenya', 10_000, 8_000],
  ['foreign', 'foreign researcher', 'mtafiti wa kigeni', 30_000, 25_000],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  CATEGORIES.map((category) => ({
    schedule: 'health-research',
    item: category[0],
    description: `Health research authorisation: ${category[1]}`,
    description_sw: `Idhini ya utafiti wa afya: ${category[2]}`,
    amount_cents: kes(category[column]),
    effective_from: '2024-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

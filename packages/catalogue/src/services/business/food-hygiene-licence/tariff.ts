import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The yearly food hygiene licence by kind of food business (schedule "food-hygiene"). Honest
 * estimates (decision 031): since 2024 Nairobi bundles the food hygiene licence into the unified
 * business permit for most traders and prints no stand-alone figure; a restaurant's KES 3,000 is
 * the registered template's example, the rest follow the usual shape (a kiosk least, a factory
 * most). Mombasa: demonstration figures of the same shape.
 */
const KINDS = [
  ['restaurant', 'restaurant, hotel or café', 'mkahawa, hoteli au kahawa', 3_000, 2_700],
  ['eatery', 'small eatery or food kiosk', 'kibanda cha chakula', 1_000, 900],
  ['butchery', 'butchery', 'bucha', 2_500, 2_200],
  ['bakery', 'bakery', 'duka la mikate', 3_000, 2_700],
  ['supermarket', 'supermarket or food shop', 'supamaketi au duka la chakula', 4_000, 3_600],
  ['institution', 'institution kitchen', 'jiko la taasisi', 2_000, 1_800],
  ['factory', 'food factory or processor', 'kiwanda cha chakula', 10_000, 9_000],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  KINDS.map((kind) => ({
    schedule: 'food-hygiene',
    item: kind[0],
    description: `Food hygiene licence, ${kind[1]}, one year`,
    description_sw: `Leseni ya usafi wa chakula, ${kind[2]}, mwaka mmoja`,
    amount_cents: kes(kind[column]),
    effective_from: '2024-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * Registration of an ECDE centre by category (schedule "ecde-registration"). Nairobi: the
 * education department's charges as decision 027 records them; Mombasa: demonstration figures.
 */
const CATEGORIES = [
  ['private', 'private centre', 'kituo cha kibinafsi', 10_000, 8_000],
  ['faith-based', 'faith-based centre', 'kituo cha kidini', 5_000, 4_000],
  ['community', 'community centre', 'kituo cha jamii', 2_500, 2_000],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  CATEGORIES.map((category) => ({
    schedule: 'ecde-registration',
    item: category[0],
    description: `Registration of an ECDE centre: ${category[1]}`,
    description_sw: `Usajili wa kituo cha elimu ya awali: ${category[2]}`,
    amount_cents: kes(category[column]),
    effective_from: '2023-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The yearly gaming premises permit, per table or machine by type (schedule "gaming-premises",
 * item = the type). Nairobi: the county's betting, lotteries and gaming charges as decision 027
 * records them; Mombasa: demonstration figures in the same shape.
 */
const TYPES = [
  ['pool-table', 'pool table', 'meza ya pool', 5_000, 3_000],
  ['slot-machine', 'slot or gaming machine', 'mashine ya kamari', 20_000, 15_000],
  ['casino-table', 'casino table', 'meza ya kasino', 50_000, 40_000],
  ['betting-terminal', 'betting terminal', 'kituo cha kubashiri', 10_000, 8_000],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  TYPES.map((type) => ({
    schedule: 'gaming-premises',
    item: type[0],
    description: `Gaming premises permit: ${type[1]}`,
    description_sw: `Kibali cha mahali pa michezo ya kamari: ${type[2]}`,
    amount_cents: kes(type[column]),
    effective_from: '2023-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * The changes to a matatu the county records, each an item of schedule "matatu-change" (the list
 * `matatu-change-types` is these rows: what changes, and its fee). Nairobi: its fees; Mombasa:
 * demonstration figures in the same shape.
 */
const TYPES = [
  ['route', 'Change of route', 'Kubadilisha njia', 1_000, 1_000],
  ['sacco', 'Change of Sacco', 'Kubadilisha Sacco', 1_500, 1_200],
  ['owner', 'Change of owner', 'Kubadilisha mmiliki', 2_000, 1_500],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  TYPES.map((type) => ({
    schedule: 'matatu-change',
    item: type[0],
    description: type[1],
    description_sw: type[2],
    amount_cents: kes(type[column]),
    effective_from: '2023-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

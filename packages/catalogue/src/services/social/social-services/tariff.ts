import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * Registration (and yearly renewal) of a community group by kind (schedule "community-groups").
 * Nairobi: the social services department's charge as decision 027 records it; groups of persons
 * with disabilities and of older persons pay a reduced fee. Mombasa: demonstration figures.
 */
const KINDS = [
  ['self-help', 'self-help group', 'kikundi cha kujisaidia', 1_000, 1_000],
  ['women', "women's group", 'kikundi cha wanawake', 1_000, 1_000],
  ['youth', 'youth group', 'kikundi cha vijana', 1_000, 1_000],
  ['disability', 'group of persons with disabilities', 'kikundi cha watu wenye ulemavu', 500, 500],
  ['older-persons', "older persons' group", 'kikundi cha wazee', 500, 500],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  KINDS.map((kind) => ({
    schedule: 'community-groups',
    item: kind[0],
    description: `Registration of a community group: ${kind[1]}`,
    description_sw: `Usajili wa kikundi cha jamii: ${kind[2]}`,
    amount_cents: kes(kind[column]),
    effective_from: '2023-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

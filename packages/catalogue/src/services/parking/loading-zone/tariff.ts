import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * A loading zone permit for a year, by the kind of zone (schedule "loading-zone", item = the
 * type's code of the list `loading-zone-types`). Nairobi: its schedule of loading zone fees;
 * Mombasa: demonstration figures in the same shape.
 */
const TYPES = [
  ['GOODS', 'goods delivery', 'usafirishaji wa bidhaa', 50_000, 35_000],
  ['CIT', 'cash in transit', 'usafirishaji wa pesa', 60_000, 40_000],
  ['PAX', 'passenger drop-off', 'kushusha na kupakia abiria', 40_000, 30_000],
  ['FUEL', 'fuel and gas delivery', 'usafirishaji wa mafuta na gesi', 70_000, 50_000],
  ['REFUSE', 'refuse collection', 'ukusanyaji wa taka', 30_000, 20_000],
] as const;

const rows = (column: 3 | 4): TariffRow[] =>
  TYPES.map((type) => ({
    schedule: 'loading-zone',
    item: type[0],
    description: `Loading zone permit, a year: ${type[1]}`,
    description_sw: `Kibali cha eneo la kupakia, mwaka mmoja: ${type[2]}`,
    amount_cents: kes(type[column]),
    effective_from: '2023-07-01',
  }));

export default defineTariff({ nairobi: rows(3), mombasa: rows(4) });

import { defineTariff, kes, type TariffRow } from '../../tariff';

/**
 * The transport area's own fees, which no catalogue service's folder holds: the annual PSV
 * sticker by seating capacity (schedule "psv-sticker", item "seats-<from>-<to>"), paid for a
 * Sacco's vehicles from its fleet page. Nairobi-style bands; Mombasa: demonstration figures.
 */
const BANDS = [
  [1, 14, 8_000, 7_000],
  [15, 25, 10_000, 9_000],
  [26, 33, 12_000, 11_000],
  [34, 51, 16_000, 14_000],
  [52, 90, 20_000, 18_000],
] as const;

const rows = (column: 2 | 3): TariffRow[] =>
  BANDS.map((band) => ({
    schedule: 'psv-sticker',
    item: `seats-${band[0]}-${band[1]}`,
    description: `PSV sticker (annual), ${band[0]}–${band[1]} seats`,
    description_sw: `Stika ya PSV (ya mwaka), viti ${band[0]}–${band[1]}`,
    amount_cents: kes(band[column]),
    effective_from: '2023-07-01',
  }));

export default defineTariff({ nairobi: rows(2), mombasa: rows(3) });

import { feeAmountsOf } from '../../core/applications/fees';
import { kenyaToday } from '../../core/bills/kenya-date';
import type { Db } from '../../platform/db/database';

/** The tariff schedule of PSV stickers; its items are the seat bands, `seats-<from>-<to>`. */
export const STICKER_SCHEDULE = 'psv-sticker';
const BAND_ITEM = /^seats-(\d+)-(\d+)$/;

/** A seat band of the county's PSV sticker tariff: seats from..to, its item and amount. */
export interface Band {
  from: number;
  to: number;
  item: string;
  description: string;
  amountCents: number;
}

/** Kenya's sticker year now, and the end of a year in Kenya time (UTC+3). */
export const stickerYear = (at: Date = new Date()) => kenyaToday(at).year;
export const endOfKenyanYear = (year: number) => new Date(`${year}-12-31T23:59:59.999+03:00`);

/** The county's seat bands, from the tariff rows (configuration, not code), in order. */
export async function bands(tx: Db): Promise<Band[]> {
  const amounts = await feeAmountsOf(tx, STICKER_SCHEDULE);
  return [...amounts.entries()]
    .flatMap(([item, amountCents]) => {
      const match = BAND_ITEM.exec(item);
      return match
        ? [
            {
              from: Number(match[1]),
              to: Number(match[2]),
              item,
              description: `PSV sticker, ${match[1]}–${match[2]} seats`,
              amountCents,
            },
          ]
        : [];
    })
    .sort((a, b) => a.from - b.from);
}
export const bandOf = (all: Band[], seats: number) => all.find((b) => seats >= b.from && seats <= b.to);

import type { AccountLanguage } from '@kaunti/contract/api-accounts';

type Use = 'residential' | 'commercial';

/** "Block A, house 101" / "Shops, unit S1", in English and Kiswahili. */
export function houseWords(
  house: { block: string | null; houseNo: string; use: Use },
  language: AccountLanguage,
) {
  const noun =
    language === 'sw'
      ? house.use === 'commercial'
        ? 'chumba'
        : 'nyumba'
      : house.use === 'commercial'
        ? 'unit'
        : 'house';
  return [house.block, `${noun} ${house.houseNo}`].filter(Boolean).join(', ');
}

/**
 * A house's size as the register writes it ("2 rooms", "1 room", "shop"), in the reader's
 * language: "vyumba 2", "chumba 1", "duka". A size written otherwise is shown as written.
 */
export function sizeWords(size: string, language: AccountLanguage): string {
  if (language !== 'sw') return size;
  const rooms = /^(\d+) rooms?$/i.exec(size.trim());
  if (rooms) return Number(rooms[1]) === 1 ? 'chumba 1' : `vyumba ${rooms[1]}`;
  if (/^shop$/i.test(size.trim())) return 'duka';
  return size;
}

/** "residential, 2 rooms" / "makazi, vyumba 2": the kind of unit a letter and a tenancy name. */
export function unitTypeWords(house: { use: Use; size: string }, language: AccountLanguage): string {
  const use = language === 'sw' ? (house.use === 'commercial' ? 'biashara' : 'makazi') : house.use;
  return `${use}, ${sizeWords(house.size, language)}`;
}

import { defineTariff, kes, type TariffRow } from '../../../tariff';

/**
 * Market cess on produce brought into a market or through a county barrier, by the load's unit
 * (schedule "market-cess", item the produce's code), times the quantity. Figures in the shape of
 * the Nairobi City County Finance Act 2023's market entrance fees; Mombasa's for demonstration.
 * Each row: code, name, Kiswahili name, unit, Kiswahili unit, Nairobi KES, Mombasa KES.
 */
export const PRODUCE = [
  ['POT', 'Irish potatoes', 'Viazi', 'bag (up to 110 kg)', 'gunia (hadi kilo 110)', 60, 50],
  ['TOM', 'Tomatoes', 'Nyanya', 'crate', 'kreti', 50, 40],
  ['BAN', 'Bananas', 'Ndizi', 'bunch', 'mkungu', 10, 10],
  ['CAB', 'Cabbages', 'Kabichi', 'tonne', 'tani', 400, 350],
  ['ONI', 'Onions', 'Vitunguu', 'net bag (13 kg)', 'neti (kilo 13)', 20, 20],
  ['MAI', 'Dry maize', 'Mahindi makavu', 'bag (90 kg)', 'gunia (kilo 90)', 40, 40],
  ['BEA', 'Beans', 'Maharagwe', 'bag (90 kg)', 'gunia (kilo 90)', 60, 60],
  ['SUK', 'Kales (sukuma wiki)', 'Sukuma wiki', 'bag', 'gunia', 30, 30],
  ['CAR', 'Carrots', 'Karoti', 'bag', 'gunia', 40, 40],
  ['ORA', 'Oranges', 'Machungwa', 'bag', 'gunia', 30, 30],
  ['MNG', 'Mangoes', 'Maembe', 'crate', 'kreti', 30, 25],
  ['WML', 'Watermelons', 'Matikiti maji', 'tonne', 'tani', 400, 350],
  ['PIN', 'Pineapples', 'Mananasi', 'tonne', 'tani', 400, 350],
  ['CHC', 'Charcoal', 'Makaa', 'bag', 'gunia', 50, 50],
  ['PLT', 'Live poultry', 'Kuku hai', 'crate', 'kreti', 100, 100],
  ['FSH', 'Fish', 'Samaki', 'crate', 'kreti', 100, 80],
] as const;

const rows = (county: 'nairobi' | 'mombasa'): TariffRow[] =>
  PRODUCE.map(([code, name, name_sw, unit, unit_sw, nairobi, mombasa]) => ({
    schedule: 'market-cess',
    item: code,
    description: `Market cess: ${name}, per ${unit}`,
    description_sw: `Ushuru wa soko: ${name_sw}, kwa ${unit_sw}`,
    amount_cents: kes(county === 'nairobi' ? nairobi : mombasa),
    effective_from: '2023-07-01',
  }));

export default defineTariff({ nairobi: rows('nairobi'), mombasa: rows('mombasa') });

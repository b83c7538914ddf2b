import { defineReferenceData } from '../../../reference-data';

/**
 * The county's markets and its cess barriers (`kind`: market or barrier), each with its
 * sub-county (`sub_county`): where a lorry's cess is paid, and where stalls are let.
 */
const nairobi = [
  {
    code: 'WAK',
    name: 'Wakulima (Marikiti) Market',
    name_sw: 'Soko la Wakulima (Marikiti)',
    sub_county: 'Starehe',
    kind: 'market',
  },
  {
    code: 'GIK',
    name: 'Gikomba Market',
    name_sw: 'Soko la Gikomba',
    sub_county: 'Kamukunji',
    kind: 'market',
  },
  {
    code: 'CTY',
    name: 'City Market',
    name_sw: 'Soko la Jiji (City Market)',
    sub_county: 'Starehe',
    kind: 'market',
  },
  {
    code: 'MUT',
    name: 'Muthurwa Market',
    name_sw: 'Soko la Muthurwa',
    sub_county: 'Kamukunji',
    kind: 'market',
  },
  { code: 'TOI', name: 'Toi Market', name_sw: 'Soko la Toi', sub_county: 'Kibra', kind: 'market' },
  {
    code: 'KNG',
    name: 'Kangemi Market',
    name_sw: 'Soko la Kangemi',
    sub_county: 'Westlands',
    kind: 'market',
  },
  {
    code: 'GTH',
    name: 'Githurai Market',
    name_sw: 'Soko la Githurai',
    sub_county: 'Roysambu',
    kind: 'market',
  },
  {
    code: 'KRK',
    name: 'Kariokor Market',
    name_sw: 'Soko la Kariokor',
    sub_county: 'Starehe',
    kind: 'market',
  },
  { code: 'BUR', name: 'Burma Market', name_sw: 'Soko la Burma', sub_county: 'Makadara', kind: 'market' },
  {
    code: 'KAW',
    name: 'Kawangware Market',
    name_sw: 'Soko la Kawangware',
    sub_county: 'Dagoretti North',
    kind: 'market',
  },
  { code: 'NGR', name: 'Ngara Market', name_sw: 'Soko la Ngara', sub_county: 'Starehe', kind: 'market' },
  {
    code: 'BWY',
    name: 'Waiyaki Way barrier, Kangemi',
    name_sw: 'Kizuizi cha Waiyaki Way, Kangemi',
    sub_county: 'Westlands',
    kind: 'barrier',
  },
  {
    code: 'BTH',
    name: 'Thika Road barrier, Githurai 45',
    name_sw: 'Kizuizi cha Thika Road, Githurai 45',
    sub_county: 'Roysambu',
    kind: 'barrier',
  },
  {
    code: 'BMS',
    name: 'Mombasa Road barrier, Cabanas',
    name_sw: 'Kizuizi cha Mombasa Road, Cabanas',
    sub_county: 'Embakasi East',
    kind: 'barrier',
  },
  {
    code: 'BNG',
    name: 'Ngong Road barrier, Karen',
    name_sw: 'Kizuizi cha Ngong Road, Karen',
    sub_county: 'Lang’ata',
    kind: 'barrier',
  },
];
const mombasa = [
  { code: 'KON', name: 'Kongowea Market', name_sw: 'Soko la Kongowea', sub_county: 'Nyali', kind: 'market' },
  { code: 'MRK', name: 'Marikiti Market', name_sw: 'Soko la Marikiti', sub_county: 'Mvita', kind: 'market' },
  {
    code: 'MAC',
    name: 'Mackinnon Market',
    name_sw: 'Soko la Mackinnon',
    sub_county: 'Mvita',
    kind: 'market',
  },
  { code: 'LIK', name: 'Likoni Market', name_sw: 'Soko la Likoni', sub_county: 'Likoni', kind: 'market' },
  {
    code: 'CHG',
    name: 'Changamwe Market',
    name_sw: 'Soko la Changamwe',
    sub_county: 'Changamwe',
    kind: 'market',
  },
  {
    code: 'BJV',
    name: 'Jomvu barrier, Nairobi road',
    name_sw: 'Kizuizi cha Jomvu, barabara ya Nairobi',
    sub_county: 'Jomvu',
    kind: 'barrier',
  },
];

export default defineReferenceData({
  description: "Markets: the county's markets and cess barriers, with their sub-county.",
  items: { nairobi, mombasa },
  invalid_message: 'Please choose a market or barrier from the list',
});

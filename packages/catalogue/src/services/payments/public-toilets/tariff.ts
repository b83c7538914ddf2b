import { defineTariff, kes, type TariffRow } from '../../../tariff';

interface Toilet {
  code: string;
  name: string;
  name_sw: string;
  location: string;
  sub_county: string;
  hours: string;
  accessible: boolean;
  lat?: number;
  lng?: number;
  /** Entry, and a month's pass, in shillings. */
  single: number;
  monthly: number;
}

/**
 * The county's public toilets and their fees (schedule "public-toilets": "<code>:single" for one
 * entry, "<code>:monthly" for a month's pass). Nairobi's CBD toilets charge KES 10 an entry (its
 * Finance Act's public conveniences); a monthly pass is KES 200. Written once here: the list
 * (`lists/public-toilets.ts`) reads it.
 */
export const TOILETS: Record<'nairobi' | 'mombasa', readonly Toilet[]> = {
  nairobi: [
    {
      code: 'KEN',
      name: 'Kencom public toilet',
      name_sw: 'Choo cha umma cha Kencom',
      location: 'Moi Avenue, by the Kencom bus stop',
      sub_county: 'Starehe',
      hours: '06:00–22:00',
      accessible: true,
      lat: -1.2857,
      lng: 36.8258,
      single: 10,
      monthly: 200,
    },
    {
      code: 'RLW',
      name: 'Railways bus terminus toilet',
      name_sw: 'Choo cha kituo cha mabasi cha Railways',
      location: 'Haile Selassie Avenue, Railways terminus',
      sub_county: 'Starehe',
      hours: '05:00–23:00',
      accessible: true,
      lat: -1.2905,
      lng: 36.8264,
      single: 10,
      monthly: 200,
    },
    {
      code: 'ODN',
      name: 'Odeon toilet',
      name_sw: 'Choo cha Odeon',
      location: 'Tom Mboya Street at Latema Road',
      sub_county: 'Starehe',
      hours: '24 hours',
      accessible: false,
      lat: -1.2838,
      lng: 36.8282,
      single: 10,
      monthly: 200,
    },
    {
      code: 'JVJ',
      name: 'Jeevanjee Gardens toilet',
      name_sw: 'Choo cha bustani ya Jeevanjee',
      location: 'Jeevanjee Gardens, Moi Avenue',
      sub_county: 'Starehe',
      hours: '06:00–19:00',
      accessible: true,
      lat: -1.2806,
      lng: 36.8197,
      single: 10,
      monthly: 200,
    },
    {
      code: 'UHR',
      name: 'Uhuru Park toilet',
      name_sw: 'Choo cha bustani ya Uhuru',
      location: 'Uhuru Park, Uhuru Highway',
      sub_county: 'Starehe',
      hours: '06:00–19:00',
      accessible: true,
      lat: -1.289,
      lng: 36.816,
      single: 10,
      monthly: 200,
    },
    {
      code: 'MTW',
      name: 'Muthurwa market toilet',
      name_sw: 'Choo cha soko la Muthurwa',
      location: 'Muthurwa Market, Landhies Road',
      sub_county: 'Kamukunji',
      hours: '05:00–21:00',
      accessible: false,
      lat: -1.288,
      lng: 36.834,
      single: 10,
      monthly: 150,
    },
    {
      code: 'GKB',
      name: 'Gikomba market toilet',
      name_sw: 'Choo cha soko la Gikomba',
      location: 'Gikomba Market',
      sub_county: 'Kamukunji',
      hours: '05:00–20:00',
      accessible: false,
      lat: -1.283,
      lng: 36.842,
      single: 10,
      monthly: 150,
    },
    {
      code: 'WLD',
      name: 'Westlands market toilet',
      name_sw: 'Choo cha soko la Westlands',
      location: 'Westlands Market, Mpaka Road',
      sub_county: 'Westlands',
      hours: '06:00–21:00',
      accessible: true,
      lat: -1.2655,
      lng: 36.804,
      single: 20,
      monthly: 300,
    },
    {
      code: 'TOI',
      name: 'Toi market toilet',
      name_sw: 'Choo cha soko la Toi',
      location: 'Toi Market, Kibera Drive',
      sub_county: 'Kibra',
      hours: '06:00–20:00',
      accessible: false,
      lat: -1.3033,
      lng: 36.7848,
      single: 10,
      monthly: 150,
    },
    {
      code: 'G45',
      name: 'Githurai 45 stage toilet',
      name_sw: 'Choo cha stendi ya Githurai 45',
      location: 'Githurai 45 matatu stage, Thika Road',
      sub_county: 'Roysambu',
      hours: '05:00–22:00',
      accessible: false,
      single: 10,
      monthly: 150,
    },
  ],
  mombasa: [
    {
      code: 'MWT',
      name: 'Mwembe Tayari toilet',
      name_sw: 'Choo cha Mwembe Tayari',
      location: 'Mwembe Tayari, Jomo Kenyatta Avenue',
      sub_county: 'Mvita',
      hours: '05:00–22:00',
      accessible: true,
      lat: -4.0571,
      lng: 39.6658,
      single: 10,
      monthly: 200,
    },
    {
      code: 'KGW',
      name: 'Kongowea market toilet',
      name_sw: 'Choo cha soko la Kongowea',
      location: 'Kongowea Market',
      sub_county: 'Nyali',
      hours: '05:00–20:00',
      accessible: false,
      lat: -4.0337,
      lng: 39.6836,
      single: 10,
      monthly: 150,
    },
    {
      code: 'LKF',
      name: 'Likoni ferry toilet',
      name_sw: 'Choo cha kivuko cha Likoni',
      location: 'Likoni ferry landing, Mombasa island side',
      sub_county: 'Mvita',
      hours: '24 hours',
      accessible: true,
      lat: -4.0741,
      lng: 39.6615,
      single: 10,
      monthly: 200,
    },
    {
      code: 'MND',
      name: 'Mama Ngina Drive toilet',
      name_sw: 'Choo cha Mama Ngina Drive',
      location: 'Mama Ngina Drive',
      sub_county: 'Mvita',
      hours: '06:00–22:00',
      accessible: true,
      single: 20,
      monthly: 300,
    },
  ],
};

const rows = (county: 'nairobi' | 'mombasa'): TariffRow[] =>
  TOILETS[county].flatMap((toilet) => [
    {
      schedule: 'public-toilets',
      item: `${toilet.code}:single`,
      description: `Public toilet entry: ${toilet.name}`,
      description_sw: `Kuingia choo cha umma: ${toilet.name_sw}`,
      amount_cents: kes(toilet.single),
      effective_from: '2023-07-01',
    },
    {
      schedule: 'public-toilets',
      item: `${toilet.code}:monthly`,
      description: `Public toilet monthly pass: ${toilet.name}`,
      description_sw: `Pasi ya mwezi ya choo cha umma: ${toilet.name_sw}`,
      amount_cents: kes(toilet.monthly),
      effective_from: '2023-07-01',
    },
  ]);

export default defineTariff({ nairobi: rows('nairobi'), mombasa: rows('mombasa') });

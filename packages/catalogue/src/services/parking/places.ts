import type { CountySlug } from '../../tariff';

/**
 * Where each county charges for parking: its zones (the same codes Z1–Z4 in every county, so the
 * parking tariffs' zone columns line up; each county names and bounds them), and the roads where
 * bays are reserved and loading zones marked, with their buildings. Data, per county: the seed
 * writes the county's (KAUNTI_COUNTY) into its tables; a county added later adds its entry here.
 */
export interface ParkingZone {
  code: 'Z1' | 'Z2' | 'Z3' | 'Z4';
  name: string;
  description: string;
  name_sw: string;
  description_sw: string;
}
export interface ParkingRoad {
  code: string;
  name: string;
  zone: ParkingZone['code'];
  buildings: readonly string[];
}
export interface ParkingPlaces {
  zones: readonly ParkingZone[];
  roads: readonly ParkingRoad[];
}

const nairobi: ParkingPlaces = {
  zones: [
    {
      code: 'Z1',
      name: 'Zone I — Central Business District',
      description: 'Within Uhuru Highway, Haile Selassie Avenue, Racecourse Road and University Way.',
      name_sw: 'Eneo la I — Katikati ya Jiji',
      description_sw: 'Ndani ya Uhuru Highway, Haile Selassie Avenue, Racecourse Road na University Way.',
    },
    {
      code: 'Z2',
      name: 'Zone II — Upper Hill, Westlands, Kilimani',
      description: 'Upper Hill, Westlands, Kilimani, Hurlingham and Parklands.',
      name_sw: 'Eneo la II — Upper Hill, Westlands, Kilimani',
      description_sw: 'Upper Hill, Westlands, Kilimani, Hurlingham na Parklands.',
    },
    {
      code: 'Z3',
      name: 'Zone III — Industrial Area, Eastleigh, Ngara',
      description: 'Industrial Area, Eastleigh, Ngara and Gikomba.',
      name_sw: 'Eneo la III — Eneo la Viwanda, Eastleigh, Ngara',
      description_sw: 'Eneo la Viwanda, Eastleigh, Ngara na Gikomba.',
    },
    {
      code: 'Z4',
      name: 'Zone IV — other areas',
      description: 'Every other street where the county charges for parking.',
      name_sw: 'Eneo la IV — maeneo mengine',
      description_sw: 'Kila barabara nyingine ambapo kaunti hutoza ada ya maegesho.',
    },
  ],
  roads: [
    {
      code: 'KIM',
      name: 'Kimathi Street',
      zone: 'Z1',
      buildings: ['Kimathi House', 'Kenya Cinema Plaza', 'Mutual Building'],
    },
    {
      code: 'MOI',
      name: 'Moi Avenue',
      zone: 'Z1',
      buildings: ['Hilton Hotel building', 'Bruce House', 'Nyayo House'],
    },
    {
      code: 'KEN',
      name: 'Kenyatta Avenue',
      zone: 'Z1',
      buildings: ['Kenyatta Avenue Post Office', 'I&M Bank House', 'Barclays Plaza'],
    },
    {
      code: 'HAI',
      name: 'Haile Selassie Avenue',
      zone: 'Z1',
      buildings: ['Co-operative Bank House', 'Times Tower', 'Railways Headquarters'],
    },
    {
      code: 'MUI',
      name: 'Muindi Mbingu Street',
      zone: 'Z1',
      buildings: ['Jamia Mosque Plaza', 'Nairobi City Market'],
    },
    {
      code: 'UHR',
      name: 'Upper Hill Road',
      zone: 'Z2',
      buildings: ['Britam Tower', 'KCB Towers', 'Equity Centre'],
    },
    {
      code: 'WAI',
      name: 'Waiyaki Way',
      zone: 'Z2',
      buildings: ['ABC Place', 'Westlands Square', 'The Mall Westlands'],
    },
    { code: 'ARG', name: 'Argwings Kodhek Road', zone: 'Z2', buildings: ['Yaya Centre', 'Hurlingham Plaza'] },
    {
      code: 'ENT',
      name: 'Enterprise Road',
      zone: 'Z3',
      buildings: ['Baraka Hardware Centre', 'Enterprise Business Park'],
    },
    { code: 'EAS', name: 'First Avenue, Eastleigh', zone: 'Z3', buildings: ['Amal Plaza', 'Garissa Lodge'] },
    {
      code: 'OUT',
      name: 'Outering Road',
      zone: 'Z4',
      buildings: ['Donholm Shopping Centre', 'Tena Estate Market'],
    },
  ],
};

const mombasa: ParkingPlaces = {
  zones: [
    {
      code: 'Z1',
      name: 'Zone I — Mombasa Island CBD',
      description: 'Within Moi Avenue, Digo Road, Nkrumah Road, Haile Selassie Road and Makadara Road.',
      name_sw: 'Eneo la I — Katikati ya Kisiwa cha Mombasa',
      description_sw: 'Ndani ya Moi Avenue, Digo Road, Nkrumah Road, Haile Selassie Road na Makadara Road.',
    },
    {
      code: 'Z2',
      name: 'Zone II — Nyali, Tudor, Kizingo',
      description: 'Nyali, Tudor, Kizingo, Ganjoni and Buxton.',
      name_sw: 'Eneo la II — Nyali, Tudor, Kizingo',
      description_sw: 'Nyali, Tudor, Kizingo, Ganjoni na Buxton.',
    },
    {
      code: 'Z3',
      name: 'Zone III — Changamwe, Kongowea, Likoni',
      description: 'Changamwe, Kongowea, Likoni and Mikindani.',
      name_sw: 'Eneo la III — Changamwe, Kongowea, Likoni',
      description_sw: 'Changamwe, Kongowea, Likoni na Mikindani.',
    },
    {
      code: 'Z4',
      name: 'Zone IV — other areas',
      description: 'Every other street where the county charges for parking.',
      name_sw: 'Eneo la IV — maeneo mengine',
      description_sw: 'Kila barabara nyingine ambapo kaunti hutoza ada ya maegesho.',
    },
  ],
  roads: [
    {
      code: 'MOI',
      name: 'Moi Avenue',
      zone: 'Z1',
      buildings: ['Mombasa Trade Centre', 'TSS Towers', 'Uchumi House'],
    },
    { code: 'DIG', name: 'Digo Road', zone: 'Z1', buildings: ['Mackinnon Market', 'Hazina Trade Centre'] },
    {
      code: 'NKR',
      name: 'Nkrumah Road',
      zone: 'Z1',
      buildings: ['Treasury Square', 'Kenya Commercial Bank Building', 'Jubilee Insurance House'],
    },
    { code: 'NYR', name: 'Links Road, Nyali', zone: 'Z2', buildings: ['City Mall Nyali', 'Links Plaza'] },
    {
      code: 'TUD',
      name: 'Tom Mboya Avenue, Tudor',
      zone: 'Z2',
      buildings: ['Tudor Water Sports Centre', 'Tudor Estate Shops'],
    },
    {
      code: 'MAK',
      name: 'Makupa Causeway',
      zone: 'Z3',
      buildings: ['Kenya Ports Authority Gate 18', 'Makupa Market'],
    },
    {
      code: 'LIK',
      name: 'Likoni Road',
      zone: 'Z3',
      buildings: ['Likoni Ferry Terminal', 'Shika Adabu Market'],
    },
    { code: 'MAG', name: 'Magongo Road', zone: 'Z4', buildings: ['Miritini Market', 'Magongo Bus Stage'] },
  ],
};

const PLACES: Record<CountySlug, ParkingPlaces> = { nairobi, mombasa };

/** Every shipped county's zones (to find a zone's Kiswahili by its code and English name). */
export function everyParkingZone(): readonly ParkingZone[] {
  return Object.values(PLACES).flatMap((places) => places.zones);
}

/** A county's parking zones and roads. */
export function parkingPlacesOf(county: CountySlug): ParkingPlaces {
  return PLACES[county];
}

/** Loading zone types (their yearly fees: the loading zone service's tariff, in the catalogue). */
export const loadingZoneTypesData = [
  {
    code: 'GOODS',
    name: 'Goods delivery',
    description: 'Delivery of goods to shops, stores and offices.',
  },
  {
    code: 'CIT',
    name: 'Cash in transit',
    description: 'Armoured vehicles serving banks and cash offices.',
  },
  {
    code: 'PAX',
    name: 'Passenger drop-off',
    description: 'Hotels, hospitals and schools: passengers set down and picked up.',
  },
  {
    code: 'FUEL',
    name: 'Fuel and gas delivery',
    description: 'Tankers and gas cylinder trucks at filling stations and depots.',
  },
  {
    code: 'REFUSE',
    name: 'Refuse collection',
    description: 'Licensed refuse collectors at markets and buildings.',
  },
] as const;

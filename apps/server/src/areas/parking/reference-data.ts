/**
 * Nairobi's parking zones and daily fees (Finance Act 2023: Zone I / CBD saloon KES 300, van or
 * pick-up 500, lorry or minibus up to 5 t 2,000, over 5 t 3,000, trailer 3,500, non-PSV bus 1,000;
 * outer zones lower). Configuration as seed data: change it here or in the database, never in code.
 */
export const parkingZonesData = [
  {
    code: 'Z1',
    name: 'Zone I — Central Business District',
    description: 'Within Uhuru Highway, Haile Selassie Avenue, Racecourse Road and University Way.',
  },
  {
    code: 'Z2',
    name: 'Zone II — Upper Hill, Westlands, Kilimani',
    description: 'Upper Hill, Westlands, Kilimani, Hurlingham and Parklands.',
  },
  {
    code: 'Z3',
    name: 'Zone III — Industrial Area, Eastleigh, Ngara',
    description: 'Industrial Area, Eastleigh, Ngara and Gikomba.',
  },
  {
    code: 'Z4',
    name: 'Zone IV — other areas',
    description: 'Every other street where the county charges for parking.',
  },
] as const;

/** KES a day by zone and vehicle type (the catalogue's VEHICLE_TYPES). */
export const dailyFeesKes: Record<string, Record<string, number>> = {
  Z1: {
    saloon: 300,
    van: 500,
    'lorry-5t': 2_000,
    'lorry-over-5t': 3_000,
    trailer: 3_500,
    bus: 1_000,
    motorbike: 100,
    'tuk-tuk': 150,
  },
  Z2: {
    saloon: 200,
    van: 400,
    'lorry-5t': 1_500,
    'lorry-over-5t': 2_500,
    trailer: 3_000,
    bus: 800,
    motorbike: 80,
    'tuk-tuk': 100,
  },
  Z3: {
    saloon: 150,
    van: 300,
    'lorry-5t': 1_000,
    'lorry-over-5t': 2_000,
    trailer: 2_500,
    bus: 600,
    motorbike: 50,
    'tuk-tuk': 80,
  },
  Z4: {
    saloon: 100,
    van: 200,
    'lorry-5t': 800,
    'lorry-over-5t': 1_500,
    trailer: 2_000,
    bus: 500,
    motorbike: 50,
    'tuk-tuk': 50,
  },
};

/**
 * Seasonal parking, KES a month by zone and vehicle type; a quarter is 2¾ months and a year 9
 * months (Nairobi: lorry over 5 t KES 25,000 a month or 225,000 a year; tuk-tuk 2,000 a month;
 * motorbike 1,000 a month). Seeded as tariff rows "<zone>:<type>:<period>" of "parking-seasonal".
 */
export const seasonalMonthlyKes: Record<string, Record<string, number>> = {
  Z1: {
    saloon: 8_000,
    van: 10_000,
    'lorry-5t': 15_000,
    'lorry-over-5t': 25_000,
    trailer: 30_000,
    bus: 12_000,
    motorbike: 1_000,
    'tuk-tuk': 2_000,
  },
  Z2: {
    saloon: 6_000,
    van: 8_000,
    'lorry-5t': 12_000,
    'lorry-over-5t': 20_000,
    trailer: 25_000,
    bus: 10_000,
    motorbike: 800,
    'tuk-tuk': 1_500,
  },
  Z3: {
    saloon: 4_500,
    van: 6_000,
    'lorry-5t': 10_000,
    'lorry-over-5t': 18_000,
    trailer: 22_000,
    bus: 8_000,
    motorbike: 600,
    'tuk-tuk': 1_200,
  },
  Z4: {
    saloon: 3_000,
    van: 4_500,
    'lorry-5t': 8_000,
    'lorry-over-5t': 15_000,
    trailer: 18_000,
    bus: 6_000,
    motorbike: 500,
    'tuk-tuk': 1_000,
  },
};

/** A season's price in months of the monthly fee, by period. */
export const seasonMonths: Record<string, { months: number; label: string }> = {
  monthly: { months: 1, label: 'a month' },
  quarterly: { months: 2.75, label: 'three months' },
  yearly: { months: 9, label: 'a year' },
};

/** A reserved private bay: KES 275,000 a year or 1,500 a day (tariff rows of "parking-reserved"). */
export const reservedBayKes = { yearly: 275_000, daily: 1_500 } as const;

/** Roads where bays are reserved and loading zones marked, with their zone and buildings. */
export const parkingRoadsData = [
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
] as const;

/** Loading zone types and their yearly fee (tariff rows of "loading-zone"). */
export const loadingZoneTypesData = [
  {
    code: 'GOODS',
    name: 'Goods delivery',
    description: 'Delivery of goods to shops, stores and offices.',
    kes: 50_000,
  },
  {
    code: 'CIT',
    name: 'Cash in transit',
    description: 'Armoured vehicles serving banks and cash offices.',
    kes: 60_000,
  },
  {
    code: 'PAX',
    name: 'Passenger drop-off',
    description: 'Hotels, hospitals and schools: passengers set down and picked up.',
    kes: 40_000,
  },
  {
    code: 'FUEL',
    name: 'Fuel and gas delivery',
    description: 'Tankers and gas cylinder trucks at filling stations and depots.',
    kes: 70_000,
  },
  {
    code: 'REFUSE',
    name: 'Refuse collection',
    description: 'Licensed refuse collectors at markets and buildings.',
    kes: 30_000,
  },
] as const;

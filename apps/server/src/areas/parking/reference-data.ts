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

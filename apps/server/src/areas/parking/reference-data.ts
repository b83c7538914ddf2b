/**
 * Nairobi's parking zones (their fees: the parking services' tariffs, in the catalogue's folders).
 * Configuration as seed data: change it here or in the database, never in code.
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

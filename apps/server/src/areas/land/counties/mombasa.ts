import type { LandCountyData } from '../county-land-data';

/**
 * Mombasa County's land data, as seeded: demonstration figures in the shape of the county's
 * Finance Act (a rate on the site value by land use, a monthly penalty on arrears, ground rent by
 * area). A real deployment replaces them with the Act in force. LR numbers follow the county's
 * forms: mainland sections ("MN/I/4521" Mainland North, "MS/II/1207" Mainland South) and the
 * island's blocks ("Mombasa/Block XXI/88").
 */
export const mombasaLand: LandCountyData = {
  ratePpm: { RES: 1500, COM: 3000, IND: 3000, MIX: 2500, AGR: 1000, INS: 1500, REC: 1500, PUB: 0 },
  ratingSettings: {
    penaltyMonthlyPpm: 20_000,
    valuationRoll: 'Mombasa County Valuation Roll 2023',
  },
  /** The island and the north coast's beach front are tier 1; the mainland west tier 2. */
  groundRentTiers: {
    Mvita: 1,
    Nyali: 1,
    Kisauni: 2,
    Changamwe: 2,
    Jomvu: 3,
    Likoni: 3,
  },
  groundRentByTier: {
    1: { A: { groundRent: 10_000, standPremium: 120_000 }, B: { groundRent: 7_000, standPremium: 90_000 } },
    2: { A: { groundRent: 5_000, standPremium: 60_000 }, B: { groundRent: 3_500, standPremium: 40_000 } },
    3: { A: { groundRent: 2_500, standPremium: 30_000 }, B: { groundRent: 1_500, standPremium: 20_000 } },
  },
  /**
   * Demo parcels (only with KAUNTI_DEMO_DATA), with rates owing. The demo account Wanjiku Njeri
   * Kamau (ID 2345678) owns the first two; Otieno Odhiambo (KRA PIN A004416331M) the third.
   */
  demoParcels: [
    {
      lr: 'MN/I/4521',
      subCounty: 'Nyali',
      ward: 'Mkomani',
      use: 'RES',
      sqFt: 8_712,
      value: 21_400_000,
      arrears: 36_900,
      owner: 'Wanjiku Njeri Kamau',
      id: '2345678',
    },
    {
      lr: 'Mombasa/Block XXI/88',
      subCounty: 'Mvita',
      ward: 'Tudor',
      use: 'MIX',
      sqFt: 4_356,
      value: 16_750_000,
      arrears: 12_480,
      owner: 'Wanjiku Njeri Kamau',
      id: '2345678',
    },
    {
      lr: 'MN/II/9034',
      subCounty: 'Kisauni',
      ward: 'Bamburi',
      use: 'RES',
      sqFt: 21_780,
      value: 18_900_000,
      arrears: 54_200,
      owner: 'Otieno Odhiambo',
      id: 'A004416331M',
    },
    {
      lr: 'Mombasa/Block XVII/312',
      subCounty: 'Mvita',
      ward: 'Shimanzi/Ganjoni',
      use: 'IND',
      sqFt: 43_560,
      value: 96_000_000,
      arrears: 0,
      owner: 'Bandari Logistics Limited',
      id: 'P051987643Q',
    },
    {
      lr: 'MS/II/1207',
      subCounty: 'Likoni',
      ward: 'Shika Adabu',
      use: 'AGR',
      sqFt: 217_800,
      value: 7_800_000,
      arrears: 9_150,
      owner: 'Mwanajuma Salim Bakari',
      id: '23874410',
    },
    {
      lr: 'MN/III/2298',
      subCounty: 'Changamwe',
      ward: 'Port Reitz',
      use: 'COM',
      sqFt: 10_890,
      value: 33_500_000,
      arrears: 68_700,
      owner: 'Kazungu Charo Mwamburi',
      id: '28019563',
    },
    {
      lr: 'MN/VI/517',
      subCounty: 'Jomvu',
      ward: 'Miritini',
      use: 'RES',
      sqFt: 5_445,
      value: 6_200_000,
      arrears: 4_300,
      owner: 'Fatuma Ali Omar',
      id: '31445092',
    },
  ],
};

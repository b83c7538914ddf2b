import type { LandUseCode } from './reference-data';

/** A demo parcel (KAUNTI_DEMO_DATA): amounts in KES, area in square feet, placed by names. */
export interface DemoParcel {
  lr: string;
  subCounty: string;
  ward: string;
  use: LandUseCode;
  sqFt: number;
  value: number;
  arrears: number;
  owner: string;
  /** The owner's ID number or KRA PIN: the demo citizens own some (core/accounts/seed.ts). */
  id: string;
  /** Rates paid for the year the demo data is seeded in (a parcel a building plan can be approved on). */
  ratesPaid?: boolean;
}

/** Ground rent and stand premium (KES a plot) for zone A (road frontage) and B (interior). */
type ZoneFees = {
  A: { groundRent: number; standPremium: number };
  B: { groundRent: number; standPremium: number };
};

/**
 * What the land area needs to know of one county, as seeded: its rating law (rate by land use,
 * penalty, valuation roll), ground rent by sub-county tier, the fixed land fees and the demo
 * parcels. Figures change with each Finance Act: they live in counties/<county>.ts, seed data,
 * never in code paths. A county profile (core/county/counties) has one of these by its slug.
 */
export interface LandCountyData {
  /** Rates a year, in parts per million of the site value, by land use. */
  ratePpm: Record<LandUseCode, number>;
  ratingSettings: { penaltyMonthlyPpm: number; valuationRoll: string };
  /** Each sub-county's tier (by name; those not named are tier 3). */
  groundRentTiers: Record<string, 1 | 2 | 3>;
  groundRentByTier: Record<1 | 2 | 3, ZoneFees>;
  demoParcels: readonly DemoParcel[];
}

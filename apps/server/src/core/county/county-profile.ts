import type { BankAccount, CountyContacts, Letterhead } from '@kaunti/contract/api-county';

/**
 * Everything county-specific that the seed writes: one file per county under counties/,
 * chosen by KAUNTI_COUNTY (its slug). Each area keeps its own county data by the same slug
 * (e.g. areas/land/counties).
 */
export interface CountyProfile {
  code: string;
  slug: string;
  name: string;
  portalName: string;
  paybill: string;
  /** Bill numbers are this prefix + 8 digits, unless BILL_NO_PREFIX says otherwise. */
  billNoPrefix: string;
  bankAccounts: BankAccount[];
  contacts: CountyContacts;
  letterhead: Letterhead;
  /** Sub-counties in official order; their wards get consecutive codes from firstWardCode. */
  subCounties: { code: string; name: string; wards: string[] }[];
  firstWardCode: number;
}

/** The wards of a profile with their codes, in official order. */
export function wardsOf(profile: CountyProfile): { code: string; subCountyCode: string; name: string }[] {
  let next = profile.firstWardCode;
  return profile.subCounties.flatMap((sc) =>
    sc.wards.map((name) => ({ code: String(next++).padStart(4, '0'), subCountyCode: sc.code, name })),
  );
}

import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { mombasa } from './counties/mombasa';
import { nairobi } from './counties/nairobi';
import { type CountyProfile, wardsOf } from './county-profile';
import { county, subCounties, wards } from './schema';

/** The counties Kaunti ships, by slug (KAUNTI_COUNTY). */
export const countyProfiles: Readonly<Record<string, CountyProfile>> = { nairobi, mombasa };

/** The profile KAUNTI_COUNTY names; an unknown one stops the start with the list of known ones. */
export function countyProfileOf(slug: string): CountyProfile {
  const profile = countyProfiles[slug];
  if (!profile)
    throw new Error(
      `KAUNTI_COUNTY: there is no county "${slug}"; Kaunti ships ${Object.keys(countyProfiles).join(', ')}.`,
    );
  return profile;
}

/** The bill number prefix: BILL_NO_PREFIX, else the county's own (Nairobi NCCB, Mombasa MCB). */
export function billNoPrefixOf(config: {
  county: string;
  billing: { billNoPrefix: string | undefined };
}): string {
  return config.billing.billNoPrefix ?? countyProfileOf(config.county).billNoPrefix;
}

/** Writes the county, its sub-counties and wards; running it again updates, never duplicates. */
export async function seedCounty(db: Db, profile: CountyProfile): Promise<void> {
  const row = {
    code: profile.code,
    slug: profile.slug,
    name: profile.name,
    portalName: profile.portalName,
    currency: 'KES',
    paybill: profile.paybill,
    bankAccounts: profile.bankAccounts,
    contacts: profile.contacts,
    letterhead: profile.letterhead,
    updatedAt: new Date(),
  };
  await db.insert(county).values(row).onConflictDoUpdate({ target: county.code, set: row });
  await db
    .insert(subCounties)
    .values(profile.subCounties.map((sc) => ({ code: sc.code, countyCode: profile.code, name: sc.name })))
    .onConflictDoUpdate({ target: subCounties.code, set: { name: sql`excluded.name` } });
  await db
    .insert(wards)
    .values(wardsOf(profile))
    .onConflictDoUpdate({
      target: wards.code,
      set: { name: sql`excluded.name`, subCountyCode: sql`excluded.sub_county_code` },
    });
}

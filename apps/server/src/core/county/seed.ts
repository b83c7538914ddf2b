import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { nairobi } from './counties/nairobi';
import { type CountyProfile, wardsOf } from './county-profile';
import { county, subCounties, wards } from './schema';

export const countyProfiles = { nairobi } as const satisfies Record<string, CountyProfile>;

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

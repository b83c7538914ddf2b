import { tariffRowsOf } from '@kaunti/catalogue/catalogue';
import { asCountySlug } from '@kaunti/catalogue/tariff';
import { seedBusiness } from './areas/business/seed';
import { seedLand } from './areas/land/seed';
import { seedMarketStalls } from './areas/markets/stalls-seed';
import { seedParking } from './areas/parking/seed';
import { seedEstates } from './areas/property/seed';
import { seedSaccos } from './areas/transport/sacco-seed';
import { seedDemoUsers } from './core/accounts/seed';
import { loadTariffRows } from './core/applications/fees';
import { seedReferenceItems } from './core/county/reference-items';
import { countyProfileOf, seedCounty } from './core/county/seed';
import { seedDemoOfficers } from './core/staff/seed';
import { seedVerificationDemo } from './core/verification/seed';
import type { Config } from './platform/config';
import type { Db } from './platform/db/database';

/**
 * Seeds what every deployment needs (the county and its reference data) and, when
 * KAUNTI_DEMO_DATA is on, demo records for trying the portal. Idempotent: it runs at every start.
 * All of it or nothing: one transaction, so a start that fails half-way (a crash, a kill, a
 * second process) never leaves half the demo data behind.
 */
export async function seed(db: Db, config: Pick<Config, 'county' | 'demoData'>): Promise<void> {
  const profile = countyProfileOf(config.county);
  await db.transaction(async (tx) => {
    await seedCounty(tx, profile);
    // Every fee row of every service folder (and area) for this county, each written once: a row
    // already here — a county's confirmed change included — is never written over.
    await loadTariffRows(tx, tariffRowsOf(asCountySlug(profile.slug)));
    // Every reference data list the service folders declare, the county's items of each.
    await seedReferenceItems(tx, asCountySlug(profile.slug));
    await seedLand(tx, profile, { demoData: config.demoData });
    await seedBusiness(tx, { demoData: config.demoData });
    await seedParking(tx, asCountySlug(profile.slug));
    // E-Verify: demo county officers (staff ID check) and citizens (national ID check).
    if (config.demoData) await seedVerificationDemo(tx);
    if (config.demoData) await seedDemoUsers(tx, profile.name);
    // PSV sticker bands; with demo data, the second demo citizen's Sacco (after the demo users).
    await seedSaccos(tx, { demoData: config.demoData });
    // The back office: one demo officer per role (README).
    if (config.demoData) await seedDemoOfficers(tx, profile);
    // County estates and, with demo data, the demo citizens' tenancies (after the demo users).
    await seedEstates(tx, profile.slug, { demoData: config.demoData });
    // Market stalls and, with demo data, the second demo citizen's stall (after the demo users).
    await seedMarketStalls(tx, profile.slug, { demoData: config.demoData });
  });
}

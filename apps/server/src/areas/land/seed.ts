import { tariffRowsOf } from '@kaunti/catalogue/catalogue';
import { asCountySlug } from '@kaunti/catalogue/tariff';
import { sql } from 'drizzle-orm';
import { loadTariffRows } from '../../core/applications/fees';
import { kenyaToday } from '../../core/bills/kenya-date';
import { type CountyProfile, wardsOf } from '../../core/county/county-profile';
import type { Db } from '../../platform/db/database';
import { landDataOf } from './counties';
import { lrKey } from './lr-number';
import * as data from './reference-data';
import {
  groundRentServiceTypes,
  groundRentZones,
  landConsultants,
  landRatingSettings,
  landReasons,
  landServices,
  landUses,
  parcels,
  surveyServiceTypes,
} from './schema';

const KES = 100;

/** The first day of the ground rent rows the seed writes (the county's Finance Act). */
const GROUND_RENT_FROM = '2023-07-01';

/** The ward code for a sub-county and ward name of the profile (the seed data is written by name). */
function wardLookup(profile: CountyProfile) {
  const scByName = new Map(profile.subCounties.map((sc) => [sc.name, sc.code]));
  const wards = wardsOf(profile);
  return (subCounty: string, ward: string) => {
    const subCountyCode = scByName.get(subCounty);
    const found = wards.find((w) => w.subCountyCode === subCountyCode && w.name === ward);
    if (!subCountyCode || !found) throw new Error(`Land seed: no ward "${ward}" in "${subCounty}".`);
    return { subCountyCode, wardCode: found.code };
  };
}

/**
 * The land area's reference data (always) and demo parcels (with demo data on). Idempotent:
 * every row is upserted by its key, so running it at each start updates and never duplicates.
 */
export async function seedLand(
  db: Db,
  profile: CountyProfile,
  options: { demoData: boolean },
): Promise<void> {
  const local = landDataOf(profile.slug);
  const upsert = (
    table: Parameters<Db['insert']>[0],
    rows: Record<string, unknown>[],
    target: unknown,
    set: string[],
  ) =>
    rows.length === 0
      ? Promise.resolve()
      : db
          .insert(table)
          .values(rows as never)
          .onConflictDoUpdate({
            target: target as never,
            set: Object.fromEntries(
              set.map((c) => [c, sql.raw(`excluded.${c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}`)]),
            ),
          });

  await upsert(
    landUses,
    data.landUseCodes.map((u, position) => ({ ...u, ratePpm: local.ratePpm[u.code], position })),
    landUses.code,
    ['description', 'ratePpm', 'position'],
  );
  await db
    .insert(landRatingSettings)
    .values({ countyCode: profile.code, ...local.ratingSettings })
    .onConflictDoUpdate({
      target: landRatingSettings.countyCode,
      set: { ...local.ratingSettings, updatedAt: new Date() },
    });
  await upsert(
    landReasons,
    data.landReasons.map((r, position) => ({ ...r, position })),
    landReasons.code,
    ['description', 'position'],
  );
  await upsert(groundRentServiceTypes, [...data.groundRentServiceTypes], groundRentServiceTypes.code, [
    'name',
    'description',
  ]);

  const zones = profile.subCounties.flatMap((sc) => {
    const tier = local.groundRentTiers[sc.name] ?? 3;
    return wardsOf(profile)
      .filter((w) => w.subCountyCode === sc.code)
      .flatMap((w) =>
        (['A', 'B'] as const).map((zone) => ({
          code: `GRZ-${w.code}-${zone}`,
          name: `${w.name} zone ${zone} (${zone === 'A' ? 'road frontage' : 'interior'})`,
          subCountyCode: sc.code,
          wardCode: w.code,
          groundRentCents: local.groundRentByTier[tier][zone].groundRent * KES,
          standPremiumCents: local.groundRentByTier[tier][zone].standPremium * KES,
        })),
      );
  });
  await upsert(groundRentZones, zones, groundRentZones.code, [
    'name',
    'subCountyCode',
    'wardCode',
    'groundRentCents',
    'standPremiumCents',
  ]);

  await upsert(
    landServices,
    data.landServices.map((s, position) => ({ ...s, position })),
    landServices.code,
    ['name', 'description', 'position'],
  );
  const surveyFees = new Map(
    tariffRowsOf(asCountySlug(profile.slug))
      .filter((row) => row.schedule === 'land-survey')
      .map((row) => [row.item, row.amount_cents]),
  );
  await upsert(
    surveyServiceTypes,
    data.surveyServiceTypes.map((s, position) => ({
      code: s.code,
      landServiceCode: s.land,
      name: s.name,
      description: s.description,
      // The list answers the fee in force (land-service.ts); this is the county's first row.
      feeCents: surveyFees.get(s.code) ?? 0,
      position,
    })),
    surveyServiceTypes.code,
    ['landServiceCode', 'name', 'description', 'feeCents', 'position'],
  );
  await upsert(landConsultants, [...data.consultants], landConsultants.code, [
    'name',
    'firm',
    'profession',
    'licenceNo',
    'phone',
    'email',
  ]);

  // Ground rent is priced per zone, and a county's zones are made from its wards (above): its
  // rows are made here from the county's tier table and written by the one loader, like every
  // folder's (the other land fees are the services' folders': land-survey, land-clearance...).
  await loadTariffRows(
    db,
    zones.flatMap((z) => [
      {
        schedule: 'ground-rent',
        item: `${z.code}:GR`,
        description: `Ground rent: ${z.name}`,
        description_sw: `Kodi ya ardhi: ${z.name}`,
        amount_cents: z.groundRentCents,
        effective_from: GROUND_RENT_FROM,
      },
      {
        schedule: 'ground-rent',
        item: `${z.code}:SP`,
        description: `Stand premium: ${z.name}`,
        description_sw: `Ada ya kiwanja: ${z.name}`,
        amount_cents: z.standPremiumCents,
        effective_from: GROUND_RENT_FROM,
      },
    ]),
  );

  if (!options.demoData) return;
  const ward = wardLookup(profile);
  await upsert(
    parcels,
    local.demoParcels.map((p) => ({
      lrNumber: p.lr,
      lrKey: lrKey(p.lr),
      ...ward(p.subCounty, p.ward),
      landUseCode: p.use,
      areaSqFt: p.sqFt,
      siteValueCents: p.value * KES,
      arrearsCents: p.arrears * KES,
      ownerName: p.owner,
      ownerIdentifier: p.id,
      ratesPaidYear: p.ratesPaid ? kenyaToday().year : null,
    })),
    parcels.lrKey,
    [
      'lrNumber',
      'subCountyCode',
      'wardCode',
      'landUseCode',
      'areaSqFt',
      'siteValueCents',
      'arrearsCents',
      'ownerName',
      'ownerIdentifier',
      'ratesPaidYear',
    ],
  );
}

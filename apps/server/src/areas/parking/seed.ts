import { loadingZoneTypesData, parkingPlacesOf } from '@kaunti/catalogue/services/parking/places';
import type { CountySlug } from '@kaunti/catalogue/tariff';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { loadingZoneTypes, parkingBuildings, parkingRoads, parkingZones } from './schema';

/**
 * The county's parking zones, roads and their buildings (the catalogue's parking places, per
 * county), and the loading zone types. Their fees are the
 * parking services' tariffs (the catalogue's folders: daily, seasonal and reserved parking,
 * loading zones). Idempotent.
 */
export async function seedParking(db: Db, county: CountySlug): Promise<void> {
  const { zones: parkingZonesData, roads: parkingRoadsData } = parkingPlacesOf(county);
  await db
    .insert(parkingZones)
    .values(
      parkingZonesData.map((z, position) => ({
        code: z.code,
        name: z.name,
        description: z.description,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: parkingZones.code,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        position: sql`excluded.position`,
      },
    });
  await db
    .insert(parkingRoads)
    .values(
      parkingRoadsData.map((r, position) => ({ code: r.code, name: r.name, zoneCode: r.zone, position })),
    )
    .onConflictDoUpdate({
      target: parkingRoads.code,
      set: { name: sql`excluded.name`, zoneCode: sql`excluded.zone_code`, position: sql`excluded.position` },
    });
  await db
    .insert(parkingBuildings)
    .values(
      parkingRoadsData.flatMap((r) =>
        r.buildings.map((name, i) => ({
          code: `${r.code}-${String(i + 1).padStart(2, '0')}`,
          name,
          roadCode: r.code,
          position: i,
        })),
      ),
    )
    .onConflictDoUpdate({
      target: parkingBuildings.code,
      set: { name: sql`excluded.name`, roadCode: sql`excluded.road_code`, position: sql`excluded.position` },
    });
  await db
    .insert(loadingZoneTypes)
    .values(
      loadingZoneTypesData.map((t, position) => ({
        code: t.code,
        name: t.name,
        description: t.description,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: loadingZoneTypes.code,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        position: sql`excluded.position`,
      },
    });
}

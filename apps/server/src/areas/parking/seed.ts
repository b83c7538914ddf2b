import { VEHICLE_TYPES } from '@kaunti/catalogue/services/parking/daily-parking/definition';
import { sql } from 'drizzle-orm';
import { type FeeScheduleItem, upsertFeeSchedule } from '../../core/applications/fees';
import type { Db } from '../../platform/db/database';
import {
  dailyFeesKes,
  loadingZoneTypesData,
  parkingRoadsData,
  parkingZonesData,
  reservedBayKes,
  seasonalMonthlyKes,
  seasonMonths,
} from './reference-data';
import { loadingZoneTypes, parkingBuildings, parkingRoads, parkingZones } from './schema';

/**
 * The parking zones and their fees: daily by vehicle type ("parking-daily", "<zone>:<type>"),
 * seasonal ("parking-seasonal", "<zone>:<type>:<period>"), reserved bays ("parking-reserved",
 * "yearly" / "daily") and loading zones ("loading-zone", "<type>"); the roads, buildings and
 * loading zone types. Idempotent.
 */
export async function seedParking(db: Db): Promise<void> {
  await db
    .insert(parkingZones)
    .values(parkingZonesData.map((z, position) => ({ ...z, position })))
    .onConflictDoUpdate({
      target: parkingZones.code,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        position: sql`excluded.position`,
      },
    });
  const fees: FeeScheduleItem[] = parkingZonesData.flatMap((zone) =>
    VEHICLE_TYPES.flatMap((type) => {
      const kes = dailyFeesKes[zone.code]?.[type.value];
      return kes === undefined
        ? []
        : [
            {
              schedule: 'parking-daily',
              item: `${zone.code}:${type.value}`,
              description: `Daily parking, ${zone.name.split(' — ')[0]}: ${type.label.toLowerCase()}`,
              amountCents: kes * 100,
            },
          ];
    }),
  );
  const seasonal: FeeScheduleItem[] = parkingZonesData.flatMap((zone) =>
    VEHICLE_TYPES.flatMap((type) => {
      const monthly = seasonalMonthlyKes[zone.code]?.[type.value];
      if (monthly === undefined) return [];
      return Object.entries(seasonMonths).map(([period, { months, label }]) => ({
        schedule: 'parking-seasonal',
        item: `${zone.code}:${type.value}:${period}`,
        description: `Seasonal parking ${label}, ${zone.name.split(' — ')[0]}: ${type.label.toLowerCase()}`,
        amountCents: Math.round(monthly * months) * 100,
      }));
    }),
  );
  const reserved: FeeScheduleItem[] = [
    {
      schedule: 'parking-reserved',
      item: 'yearly',
      description: 'Reserved parking bay, a year',
      amountCents: reservedBayKes.yearly * 100,
    },
    {
      schedule: 'parking-reserved',
      item: 'daily',
      description: 'Reserved parking bay, a day',
      amountCents: reservedBayKes.daily * 100,
    },
  ];
  const loading: FeeScheduleItem[] = loadingZoneTypesData.map((type) => ({
    schedule: 'loading-zone',
    item: type.code,
    description: `Loading zone permit, a year: ${type.name.toLowerCase()}`,
    amountCents: type.kes * 100,
  }));
  await upsertFeeSchedule(db, [...fees, ...seasonal, ...reserved, ...loading]);

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

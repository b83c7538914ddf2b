import { VEHICLE_TYPES } from '@kaunti/catalogue/services/parking/daily-parking';
import { sql } from 'drizzle-orm';
import { type FeeScheduleItem, upsertFeeSchedule } from '../../core/applications/fees';
import type { Db } from '../../platform/db/database';
import { dailyFeesKes, parkingZonesData } from './reference-data';
import { parkingZones } from './schema';

/** The parking zones and their daily fees by vehicle type (fee schedule "parking-daily", item "<zone>:<type>"). Idempotent. */
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
  await upsertFeeSchedule(db, fees);
}

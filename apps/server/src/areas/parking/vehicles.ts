import { normalisePlate, PLATE_MESSAGE } from '@kaunti/catalogue/registries/field-kinds';
import { VEHICLE_TYPES } from '@kaunti/catalogue/services/parking/daily-parking/definition';
import { and, asc, count, eq } from 'drizzle-orm';
import { invalid } from '../../core/applications/submission-checks';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import { vehicles } from './schema';

/** How many vehicles one account may keep. */
export const MAX_VEHICLES = 50;

const toVehicle = (row: typeof vehicles.$inferSelect) => ({
  id: row.id,
  plate: row.plate,
  vehicle_type: row.vehicleType,
  make: row.make,
  colour: row.colour,
});

/** The vehicles a signed-in motorist keeps, to pay for them without typing the plate. */
export function createVehicles(db: Db) {
  return {
    /** The signed-in motorist's vehicles, by plate. */
    async myVehicles(userId: string) {
      const rows = await db
        .select()
        .from(vehicles)
        .where(eq(vehicles.userId, userId))
        .orderBy(asc(vehicles.plate));
      return rows.map(toVehicle);
    },

    /** Adds a vehicle to the user's list: a Kenyan plate, a vehicle type the county charges by. */
    async addVehicle(
      userId: string,
      input: { plate: string; vehicle_type: string; make?: string | undefined; colour?: string | undefined },
    ) {
      const plate = normalisePlate(input.plate);
      const errors = [];
      if (!plate) errors.push({ path: 'plate', message: PLATE_MESSAGE });
      if (!VEHICLE_TYPES.some((t) => t.value === input.vehicle_type))
        errors.push({ path: 'vehicle_type', message: 'Please choose the vehicle type' });
      if (errors.length > 0) invalid(errors);
      const [held] = await db.select({ n: count() }).from(vehicles).where(eq(vehicles.userId, userId));
      if ((held?.n ?? 0) >= MAX_VEHICLES)
        throw conflict(
          `You can keep at most ${MAX_VEHICLES} vehicles. Remove one you no longer use first.`,
          'limit_reached',
        );
      const [row] = await db
        .insert(vehicles)
        .values({
          userId,
          plate: plate!,
          vehicleType: input.vehicle_type,
          make: input.make?.trim() || null,
          colour: input.colour?.trim() || null,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict(`${plate} is already one of your vehicles.`, 'already_exists');
      return toVehicle(row);
    },

    /** Removes one of the user's vehicles; anyone else's (or none) is a 404. */
    async removeVehicle(userId: string, id: string) {
      const removed = await db
        .delete(vehicles)
        .where(and(eq(vehicles.id, id), eq(vehicles.userId, userId)))
        .returning({ id: vehicles.id });
      if (removed.length === 0) throw notFound('We could not find that vehicle among yours.');
    },
  };
}

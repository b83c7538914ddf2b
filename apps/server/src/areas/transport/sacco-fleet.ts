import { normalisePlate, PLATE_MESSAGE } from '@kaunti/catalogue/registries/field-kinds';
import type { AddSaccoVehicleRequest, SaccoVehicle } from '@kaunti/contract/api-saccos';
import type { FieldError } from '@kaunti/contract/errors';
import { isValidPhone, normalisePhone, PHONE_FORMAT_MESSAGE } from '@kaunti/contract/phone-number';
import { and, count, eq, or } from 'drizzle-orm';
import { invalid } from '../../core/applications/submission-checks';
import { type Actor, recordAudit } from '../../core/audit/audit';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import { clean, ownSacco, requirePsv } from './sacco-access';
import { type SaccoViews, summaryOf } from './sacco-views';
import { saccos, saccoVehicles } from './schema';

export const VEHICLE_NOT_FOUND = 'We could not find that vehicle in your Sacco.';
const MAX_SEATS = 90;
/** A fleet larger than this is more than one Sacco's manager keeps on the portal. */
export const MAX_SACCO_VEHICLES = 500;

/** The vehicle's fields checked and normalised, or 400 naming each field at fault. */
function checkVehicle(input: AddSaccoVehicleRequest) {
  const errors: FieldError[] = [];
  const plate = normalisePlate(input.plate ?? '');
  if (!plate) errors.push({ path: 'plate', message: PLATE_MESSAGE });
  const seats = input.seats;
  if (!Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS)
    errors.push({
      path: 'seats',
      message: `Please enter the seating capacity, a whole number from 1 to ${MAX_SEATS}`,
    });
  const route = clean(input.route);
  if (route.length < 3)
    errors.push({ path: 'route', message: 'Please enter the route, e.g. Route 46 Kawangware–CBD' });
  const ownerName = clean(input.owner_name);
  if (ownerName.length < 2) errors.push({ path: 'owner_name', message: "Please enter the owner's name" });
  const ownerPhoneInput = clean(input.owner_phone);
  if (ownerPhoneInput && !isValidPhone(ownerPhoneInput))
    errors.push({ path: 'owner_phone', message: PHONE_FORMAT_MESSAGE });
  const oldPlateInput = clean(input.old_plate);
  const oldPlate = oldPlateInput ? normalisePlate(oldPlateInput) : undefined;
  if (oldPlateInput && !oldPlate) errors.push({ path: 'old_plate', message: PLATE_MESSAGE });
  if (plate && oldPlate === plate)
    errors.push({
      path: 'old_plate',
      message: 'The old number is the plate the vehicle carried before: leave it empty if it never changed',
    });
  if (errors.length > 0) invalid(errors);
  return {
    plate: plate!,
    seats,
    route,
    ownerName,
    ownerPhone: ownerPhoneInput ? normalisePhone(ownerPhoneInput) : null,
    oldPlate: oldPlate ?? null,
  };
}

/** A Sacco's fleet: its vehicles listed, added, removed, and found by plate or old number. */
export function createSaccoFleet(db: Db, views: SaccoViews) {
  return {
    /** One of the caller's Saccos with its active vehicles and their sticker state for the year. */
    async vehicles(userId: string, saccoId: string) {
      await requirePsv(db, userId);
      const sacco = await ownSacco(db, userId, saccoId);
      const data = await views.vehiclesOf(sacco);
      return { sacco: summaryOf(sacco, data), data };
    },
    /**
     * Adds a vehicle to the caller's Sacco. A plate active in another Sacco is a 409; one that was
     * removed from a fleet (or is re-added to this one) is taken on with the details given.
     */
    async addVehicle(
      userId: string,
      saccoId: string,
      input: AddSaccoVehicleRequest,
      requestId?: string,
    ): Promise<SaccoVehicle> {
      await requirePsv(db, userId);
      const sacco = await ownSacco(db, userId, saccoId);
      const vehicle = checkVehicle(input);
      const actor: Actor = { type: 'user', id: userId };
      const row = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(saccoVehicles)
          .where(eq(saccoVehicles.plate, vehicle.plate))
          .for('update');
        if (existing?.active && existing.saccoId === sacco.id)
          throw conflict(`${vehicle.plate} is already in this Sacco's fleet.`, 'already_exists');
        if (existing?.active)
          throw conflict(
            `${vehicle.plate} is registered with another Sacco. It must be removed from that Sacco's fleet, or moved by a change of Sacco, before it can be added here.`,
            'vehicle_in_another_sacco',
          );
        const [fleetSize] = await tx
          .select({ n: count() })
          .from(saccoVehicles)
          .where(and(eq(saccoVehicles.saccoId, sacco.id), eq(saccoVehicles.active, true)));
        if ((fleetSize?.n ?? 0) >= MAX_SACCO_VEHICLES)
          throw conflict(
            `A Sacco keeps at most ${MAX_SACCO_VEHICLES} vehicles here. Remove one it no longer runs first.`,
            'limit_reached',
          );
        const fields = {
          saccoId: sacco.id,
          seats: vehicle.seats,
          route: vehicle.route,
          ownerName: vehicle.ownerName,
          ownerPhone: vehicle.ownerPhone,
          oldPlate: vehicle.oldPlate,
          active: true,
        };
        const [saved] = existing
          ? await tx.update(saccoVehicles).set(fields).where(eq(saccoVehicles.id, existing.id)).returning()
          : await tx
              .insert(saccoVehicles)
              .values({ ...fields, plate: vehicle.plate })
              .returning();
        await recordAudit(tx, {
          actor,
          entityType: 'sacco_vehicle',
          entityId: saved!.id,
          action: 'added',
          fromState: existing ? 'removed' : null,
          toState: 'active',
          data: { sacco_id: sacco.id, plate: vehicle.plate, seats: vehicle.seats },
          ...(requestId ? { requestId } : {}),
        });
        return saved!;
      });
      return views.vehicleNow(row);
    },
    /** Removes (deactivates) a vehicle of the caller's Sacco; its stickers and documents stay. */
    async removeVehicle(userId: string, saccoId: string, vehicleId: string, requestId?: string) {
      await requirePsv(db, userId);
      const sacco = await ownSacco(db, userId, saccoId);
      await db.transaction(async (tx) => {
        const [removed] = await tx
          .update(saccoVehicles)
          .set({ active: false })
          .where(
            and(
              eq(saccoVehicles.id, vehicleId),
              eq(saccoVehicles.saccoId, sacco.id),
              eq(saccoVehicles.active, true),
            ),
          )
          .returning();
        if (!removed) throw notFound(VEHICLE_NOT_FOUND);
        await recordAudit(tx, {
          actor: { type: 'user', id: userId },
          entityType: 'sacco_vehicle',
          entityId: removed.id,
          action: 'removed',
          fromState: 'active',
          toState: 'removed',
          data: { sacco_id: sacco.id, plate: removed.plate },
          ...(requestId ? { requestId } : {}),
        });
      });
    },
    /**
     * "Old numbers": a vehicle of the caller's Saccos by its plate or by the plate it carried
     * before it was re-registered. Anyone else's vehicle is a 404.
     */
    async lookup(userId: string, plateInput: string) {
      await requirePsv(db, userId);
      const plate = normalisePlate(plateInput);
      if (!plate) invalid([{ path: 'plate', message: PLATE_MESSAGE }]);
      const rows = await db
        .select({ vehicle: saccoVehicles, sacco: saccos })
        .from(saccoVehicles)
        .innerJoin(saccos, eq(saccos.id, saccoVehicles.saccoId))
        .where(
          and(
            eq(saccos.userId, userId),
            eq(saccoVehicles.active, true),
            or(eq(saccoVehicles.plate, plate!), eq(saccoVehicles.oldPlate, plate!)),
          ),
        );
      const found = rows.find((r) => r.vehicle.plate === plate) ?? rows[0];
      if (!found)
        throw notFound(`We could not find ${plate} among your Saccos' vehicles, by plate or old number.`);
      return {
        matched_by: found.vehicle.plate === plate ? ('plate' as const) : ('old_plate' as const),
        sacco_name: found.sacco.name,
        vehicle: await views.vehicleNow(found.vehicle),
      };
    },
  };
}

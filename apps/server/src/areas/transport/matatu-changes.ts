import { and, eq } from 'drizzle-orm';
import type { IssuedListener } from '../../core/applications/application-transitions';
import { tariffInForce } from '../../core/applications/fees';
import type { AreaValidator } from '../../core/applications/submission-checks';
import { recordAudit } from '../../core/audit/audit';
import type { Db } from '../../platform/db/database';
import { saccos, saccoVehicles } from './schema';

/** The fee schedule whose items are the matatu change types (route, sacco, owner). */
export const CHANGE_SCHEDULE = 'matatu-change';

export const NOT_YOUR_VEHICLE = 'This plate is not a vehicle of any of your Saccos';
export const UNKNOWN_SACCO = 'No Sacco with this registration number is registered with the county';
export const SAME_SACCO = 'The vehicle is in this Sacco already';

/**
 * Matatu changes (the catalogue's `matatu-change`): the change types and their fees come from the
 * county's fee schedule; an application is checked against the applicant's own fleet (the plate
 * must be an active vehicle of one of their Saccos; a new Sacco must exist and differ) with one
 * open bill per vehicle; once issued, the change is made to the vehicle's record, audited.
 */
export function createMatatuChanges(deps: { db: Db }) {
  const { db } = deps;

  async function vehicleOf(userId: string, plate: string, tx: Db = db) {
    const [row] = await tx
      .select({ vehicle: saccoVehicles, sacco: saccos })
      .from(saccoVehicles)
      .innerJoin(saccos, eq(saccos.id, saccoVehicles.saccoId))
      .where(and(eq(saccoVehicles.plate, plate), eq(saccoVehicles.active, true), eq(saccos.userId, userId)));
    return row;
  }

  async function saccoByRegistration(registrationNo: string, tx: Db = db) {
    const [row] = await tx
      .select()
      .from(saccos)
      .where(eq(saccos.registrationNo, registrationNo.trim().toUpperCase()));
    return row;
  }

  const checkApplication: AreaValidator = async ({ userId, service, values }) => {
    if (service.id !== 'matatu-change') return [];
    const found = await vehicleOf(userId, String(values.plate));
    if (!found) return [{ path: 'plate', message: NOT_YOUR_VEHICLE }];
    let change = '';
    if (values.change_type === 'route')
      change = `route changed from ${found.vehicle.route} to ${String(values.new_route)}`;
    if (values.change_type === 'owner')
      change = `owner changed from ${found.vehicle.ownerName} to ${String(values.new_owner_name)}`;
    if (values.change_type === 'sacco') {
      const target = await saccoByRegistration(String(values.new_sacco_registration_no));
      if (!target) return [{ path: 'new_sacco_registration_no', message: UNKNOWN_SACCO }];
      if (target.id === found.sacco.id) return [{ path: 'new_sacco_registration_no', message: SAME_SACCO }];
      change = `moved from ${found.sacco.name} to ${target.name}`;
    }
    return {
      errors: [],
      derived: { sacco_name: found.sacco.name, change_text: change },
      obligation: `matatu-change:${found.vehicle.plate}`,
    };
  };

  /** In the issuing transaction: the change is made to the vehicle's record. */
  const recordIssued: IssuedListener = async (tx, { row, document }) => {
    if (row.serviceId !== 'matatu-change') return;
    const values = row.values as Record<string, unknown>;
    const found = await vehicleOf(row.userId, String(values.plate), tx);
    if (!found) return;
    const before = {
      route: found.vehicle.route,
      owner: found.vehicle.ownerName,
      sacco: found.sacco.registrationNo,
    };
    if (values.change_type === 'route') {
      await tx
        .update(saccoVehicles)
        .set({ route: String(values.new_route) })
        .where(eq(saccoVehicles.id, found.vehicle.id));
    } else if (values.change_type === 'owner') {
      await tx
        .update(saccoVehicles)
        .set({
          ownerName: String(values.new_owner_name),
          ownerPhone: String(values.new_owner_phone ?? '') || null,
        })
        .where(eq(saccoVehicles.id, found.vehicle.id));
    } else if (values.change_type === 'sacco') {
      const target = await saccoByRegistration(String(values.new_sacco_registration_no), tx);
      if (!target) return;
      await tx
        .update(saccoVehicles)
        .set({ saccoId: target.id })
        .where(eq(saccoVehicles.id, found.vehicle.id));
    }
    await recordAudit(tx, {
      actor: { type: 'system', id: 'matatu-change' },
      entityType: 'sacco_vehicle',
      entityId: found.vehicle.id,
      action: `sacco_vehicle.${String(values.change_type)}_changed`,
      data: { application_no: row.applicationNo, document_id: document.id, before },
    });
  };

  return {
    checkApplication,
    recordIssued,
    /** The change types, with their fee (integer cents), as the county configured them. */
    async changeTypes() {
      const rows = [...(await tariffInForce(db, CHANGE_SCHEDULE)).values()].sort(
        (a, b) => a.amountCents - b.amountCents,
      );
      return rows.map((r) => ({ type_code: r.item, name: r.description, amount_cents: r.amountCents }));
    },
  };
}
export type MatatuChanges = ReturnType<typeof createMatatuChanges>;

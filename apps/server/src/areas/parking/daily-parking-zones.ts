import { VEHICLE_TYPES } from '@kaunti/catalogue/services/parking/daily-parking/definition';
import { everyParkingZone } from '@kaunti/catalogue/services/parking/places';
import { vehicleTypeLabelSw } from '@kaunti/catalogue/services/parking/vehicle-types';
import { asc } from 'drizzle-orm';
import { feeAmountsOf } from '../../core/applications/fees';
import type { Db } from '../../platform/db/database';
import type { AnswerLanguage } from '../../platform/http/accept-language';
import { parkingZones } from './schema';

/** A zone as the seed data has it (with its Kiswahili texts), while the county's row keeps the seed's name. */
export const seedZoneOf = (zone: { code: string; name: string }) =>
  everyParkingZone().find((z) => z.code === zone.code && z.name === zone.name);

/** The zones with their daily fee of each vehicle type, as the form and USSD list them. */
export function createDailyParkingZones(db: Db) {
  /**
   * The zones as listed, kept for a few seconds per language: every USSD parking step and every
   * /parking page lists them, and they change only when the county edits a zone or a fee. What is
   * charged is priced afresh when the ticket is made, never from this list.
   */
  const listed = new Map<AnswerLanguage, { at: number; zones: ReturnType<typeof listZones> }>();
  const LISTED_FOR_MS = 5_000;

  async function listZones(language: AnswerLanguage) {
    const [rows, fee] = await Promise.all([
      db.select().from(parkingZones).orderBy(asc(parkingZones.position)),
      feeAmountsOf(db, 'parking-daily'),
    ]);
    // In Kiswahili: a zone as the seed data names it in Kiswahili (while the county's row still
    // has the seed's English name), and the vehicle types' own names.
    const sw = (zone: { code: string; name: string }) => (language === 'sw' ? seedZoneOf(zone) : undefined);
    return rows.map((zone) => ({
      zone_code: zone.code,
      name: sw(zone)?.name_sw ?? zone.name,
      description: sw(zone)?.description_sw ?? zone.description,
      fees: VEHICLE_TYPES.map((type) => ({
        vehicle_type: type.value,
        label: (language === 'sw' ? vehicleTypeLabelSw(type.value) : undefined) ?? type.label,
        amount_cents: fee.get(`${zone.code}:${type.value}`) ?? null,
      })),
    }));
  }

  return {
    /** The zones with their daily fee of each vehicle type (cents), as the form shows them. */
    async zones(language: AnswerLanguage = 'en') {
      const kept = listed.get(language);
      if (kept && Date.now() - kept.at < LISTED_FOR_MS) return kept.zones;
      const zones = listZones(language);
      listed.set(language, { at: Date.now(), zones });
      // A failed read is not kept: the next asks again.
      zones.catch(() => listed.delete(language));
      return zones;
    },
  };
}

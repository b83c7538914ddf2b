import { and, asc, eq } from 'drizzle-orm';
import { feeAmountsOf } from '../../core/applications/fees';
import type { Db } from '../../platform/db/database';
import {
  groundRentServiceTypes,
  groundRentZones,
  landConsultants,
  landReasons,
  landServices,
  landUses,
  surveyServiceTypes,
} from './schema';

/** The land area's reference lists (land uses, reasons, zones, services, surveyors…), fees as in force. */
export function createLandReferenceLists(db: Db) {
  return {
    async landUses(code?: string) {
      const rows = await db
        .select()
        .from(landUses)
        .where(code ? eq(landUses.code, code.trim().toUpperCase()) : undefined)
        .orderBy(asc(landUses.position));
      return rows.map((r) => ({ land_use_code: r.code, description: r.description }));
    },
    async reasons() {
      const rows = await db.select().from(landReasons).orderBy(asc(landReasons.position));
      return rows.map((r) => ({ reason_code: r.code, description: r.description }));
    },
    async groundRentServiceTypes() {
      const rows = await db.select().from(groundRentServiceTypes).orderBy(asc(groundRentServiceTypes.code));
      return rows.map((r) => ({ service_type_code: r.code, name: r.name, description: r.description }));
    },
    async groundRentZones(filter: { wardCode?: string | undefined; subCountyCode?: string | undefined }) {
      const where = [
        ...(filter.wardCode ? [eq(groundRentZones.wardCode, filter.wardCode)] : []),
        ...(filter.subCountyCode ? [eq(groundRentZones.subCountyCode, filter.subCountyCode)] : []),
      ];
      const [rows, fees] = await Promise.all([
        db
          .select()
          .from(groundRentZones)
          .where(where.length ? and(...where) : undefined)
          .orderBy(asc(groundRentZones.code)),
        // What is charged today: the tariff rows in force (a county's change included).
        feeAmountsOf(db, 'ground-rent'),
      ]);
      return rows.map((r) => ({
        zone_code: r.code,
        zone_name: r.name,
        sub_county_code: r.subCountyCode,
        ward_code: r.wardCode,
        ground_rent_cents: fees.get(`${r.code}:GR`) ?? r.groundRentCents,
        stand_premium_cents: fees.get(`${r.code}:SP`) ?? r.standPremiumCents,
      }));
    },
    async landServices() {
      const rows = await db.select().from(landServices).orderBy(asc(landServices.position));
      return rows.map((r) => ({ land_service_code: r.code, name: r.name, description: r.description }));
    },
    async surveyServiceTypes(landServiceCode?: string) {
      const [rows, fees] = await Promise.all([
        db
          .select()
          .from(surveyServiceTypes)
          .where(landServiceCode ? eq(surveyServiceTypes.landServiceCode, landServiceCode) : undefined)
          .orderBy(asc(surveyServiceTypes.position)),
        feeAmountsOf(db, 'land-survey'),
      ]);
      return rows.map((r) => ({
        service_type_code: r.code,
        land_service_code: r.landServiceCode,
        name: r.name,
        description: r.description,
        fee_cents: fees.get(r.code) ?? r.feeCents,
      }));
    },
    async consultants(profession?: 'surveyor' | 'valuer' | 'planner') {
      const rows = await db
        .select()
        .from(landConsultants)
        .where(profession ? eq(landConsultants.profession, profession) : undefined)
        .orderBy(asc(landConsultants.name));
      return rows.map((r) => ({
        consultant_code: r.code,
        name: r.name,
        firm: r.firm,
        profession: r.profession,
        licence_no: r.licenceNo,
        phone: r.phone,
        email: r.email,
      }));
    },
  };
}

import { fieldsOf } from '@kaunti/catalogue/schema-builder';
import { type Parcel, parcelNotFoundMessage } from '@kaunti/contract/api-land';
import { maskName } from '@kaunti/contract/masking';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import type { AreaValidator } from '../../core/applications/application-service';
import { subCounties, wards } from '../../core/county/schema';
import type { Db } from '../../platform/db/database';
import { type Page, type PageQuery, pageOf, pageRead, UUID_KEY } from '../../platform/db/pages';
import { notFound } from '../../platform/errors';
import { lrKey } from './lr-number';
import { customerParcels, landUses, parcels } from './schema';

export type ParcelRow = typeof parcels.$inferSelect;

/** round(value × ppm / 1e6), as the catalogue's land-rates rule computes it. */
function ratesOf(siteValueCents: number, ratePpm: number): number {
  return Number((BigInt(siteValueCents) * BigInt(ratePpm) + 500_000n) / 1_000_000n);
}

/** A parcel of the county's register by its LR number (any spelling of it), or undefined. */
export async function findParcel(on: Db, lrNumber: string): Promise<ParcelRow | undefined> {
  const [row] = await on
    .select()
    .from(parcels)
    .where(eq(parcels.lrKey, lrKey(lrNumber)))
    .limit(1);
  return row;
}

/** A parcel of the register; 404 with the register's own words when there is none. */
export async function requireParcel(on: Db, lrNumber: string): Promise<ParcelRow> {
  const row = await findParcel(on, lrNumber);
  if (!row) throw notFound(parcelNotFoundMessage(lrNumber.trim()));
  return row;
}

export async function presentParcels(db: Db, rows: ParcelRow[], userId: string): Promise<Parcel[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [uses, scs, ws, links] = await Promise.all([
    db.select().from(landUses),
    db.select().from(subCounties),
    db.select().from(wards),
    db.select().from(customerParcels).where(inArray(customerParcels.parcelId, ids)),
  ]);
  return rows.map((r) => {
    const use = uses.find((u) => u.code === r.landUseCode);
    return {
      lr_number: r.lrNumber,
      sub_county_code: r.subCountyCode,
      sub_county_name: scs.find((s) => s.code === r.subCountyCode)?.name ?? r.subCountyCode,
      ward_code: r.wardCode,
      ward_name: ws.find((w) => w.code === r.wardCode)?.name ?? r.wardCode,
      land_use_code: r.landUseCode,
      land_use: use?.description ?? r.landUseCode,
      area_sq_ft: r.areaSqFt,
      area_hectares: ((r.areaSqFt * 0.09290304) / 10_000).toFixed(4),
      site_value_cents: r.siteValueCents,
      annual_rates_cents: ratesOf(r.siteValueCents, use?.ratePpm ?? 0),
      arrears_cents: r.arrearsCents,
      owner_name: maskName(r.ownerName),
      linked_to_me: links.some((l) => l.parcelId === r.id && l.userId === userId),
    };
  });
}

/** The account a parcel's obligations sit on: the linked one, else the rated owner's own. */
export async function holderOf(tx: Db, parcel: ParcelRow): Promise<string | null> {
  const [link] = await tx
    .select({ userId: customerParcels.userId })
    .from(customerParcels)
    .where(eq(customerParcels.parcelId, parcel.id))
    .limit(1);
  if (link) return link.userId;
  const [owner] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.identifier, parcel.ownerIdentifier))
    .limit(1);
  return owner?.id ?? null;
}

/** Whether the user is the parcel's rated owner (their ID number or KRA PIN is the owner's). */
export async function isRatedOwner(tx: Db, userId: string, parcel: ParcelRow): Promise<boolean> {
  const [user] = await tx
    .select({ identifier: users.identifier })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return (
    user !== undefined && user.identifier.trim().toUpperCase() === parcel.ownerIdentifier.trim().toUpperCase()
  );
}

/**
 * The parcel register as applicants and accounts read it: a parcel (owner masked), the parcels
 * linked to an account, owners as customers the county knows, and the land area's own rule.
 */
export function createParcelRegister(db: Db) {
  /**
   * The land area's own rule: the parcel must be in the county's register. (Choices from the
   * reference lists — sub-county, ward, land use, zone, survey type, surveyor — are checked by
   * the engine for every service, by list name: core/applications/reference-choices.ts.)
   */
  const validateApplication: AreaValidator = async ({ service, values }) => {
    const parcelField = fieldsOf(service).find((f) => f.kind === 'parcel');
    const lr = parcelField ? values[parcelField.name] : undefined;
    if (typeof lr === 'string' && lr && !(await findParcel(db, lr)))
      return [{ path: parcelField!.name, message: parcelNotFoundMessage(lr) }];
    return [];
  };

  return {
    validateApplication,
    findParcel: (lrNumber: string, tx: Db = db) => findParcel(tx, lrNumber),

    /** A parcel of the register, as an applicant sees it (owner masked); 404 when unknown. */
    async validateParcel(userId: string, lrNumber: string): Promise<Parcel> {
      const [parcel] = await presentParcels(db, [await requireParcel(db, lrNumber)], userId);
      return parcel!;
    },
    /**
     * The parcels linked to the user's account, first linked first (as they always were listed),
     * a page at a time (`platform/db/pages.ts`); each page's parcels worked out for it alone.
     */
    async myParcels(userId: string, page: PageQuery = {}): Promise<Page<Parcel>> {
      const read = pageRead(
        page,
        customerParcels.linkedAt,
        customerParcels.parcelId,
        UUID_KEY,
        'oldest first',
      );
      const rows = await db
        .select({ parcel: parcels, at: read.at })
        .from(customerParcels)
        .innerJoin(parcels, eq(parcels.id, customerParcels.parcelId))
        .where(and(eq(customerParcels.userId, userId), read.after))
        .orderBy(...read.orderBy)
        .limit(read.rows);
      const shown = pageOf(
        rows,
        read.limit,
        (r) => ({ at: r.at, key: r.parcel.id }),
        (r) => r.parcel,
      );
      return { ...shown, data: await presentParcels(db, shown.data, userId) };
    },
    /** For accounts' customer check: a parcel owner is a customer the county knows. */
    customerRecordSource: {
      async find(identifier: string) {
        const [row] = await db
          .select({ name: parcels.ownerName })
          .from(parcels)
          .where(eq(parcels.ownerIdentifier, identifier.trim().toUpperCase()))
          .limit(1);
        return row ? { name: row.name } : null;
      },
    },
  };
}

import { randomBytes } from 'node:crypto';
import { composePrinted } from '@kaunti/catalogue/document-texts';
import { findDocumentTemplate } from '@kaunti/catalogue/registries/documents';
import type { FeeLine } from '@kaunti/catalogue/registries/fee-rules';
import { normalisePlate, PLATE_MESSAGE } from '@kaunti/catalogue/registries/field-kinds';
import { DEFAULT_PAGE_LIMIT } from '@kaunti/contract/api-bills';
import {
  type AddSaccoVehicleRequest,
  type RegisterSaccoRequest,
  SACCO_REGISTRATION_MESSAGE,
  SACCO_REGISTRATION_PATTERN,
  type SaccoSummary,
  type SaccoVehicle,
} from '@kaunti/contract/api-saccos';
import type { FieldError } from '@kaunti/contract/errors';
import { isValidPhone, normalisePhone, PHONE_FORMAT_MESSAGE } from '@kaunti/contract/phone-number';
import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import { users } from '../../core/accounts/schema';
import type { ApplicationDocuments } from '../../core/applications/application-documents';
import { feeAmountsOf } from '../../core/applications/fees';
import { invalid } from '../../core/applications/submission-checks';
import { type Actor, recordAudit } from '../../core/audit/audit';
import type { BillService } from '../../core/bills/bill-service';
import { kenyaToday } from '../../core/bills/kenya-date';
import { bills } from '../../core/bills/schema';
import type { CountyService } from '../../core/county/county-service';
import type { DocumentService } from '../../core/documents/document-service';
import { documents } from '../../core/documents/schema';
import { type Db, isUniqueViolation } from '../../platform/db/database';
import {
  after,
  type Page,
  type PageQuery,
  pageOf,
  positionAt,
  positionOf,
  UUID_KEY,
} from '../../platform/db/pages';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors';
import type { RecordParkingCover } from '../area';
import { psvStickers, saccos, saccoVehicles } from './schema';

type SaccoRow = typeof saccos.$inferSelect;
type VehicleRow = typeof saccoVehicles.$inferSelect;
type StickerRow = typeof psvStickers.$inferSelect;

/** The tariff schedule of PSV stickers; its items are the seat bands, `seats-<from>-<to>`. */
export const STICKER_SCHEDULE = 'psv-sticker';
const BAND_ITEM = /^seats-(\d+)-(\d+)$/;

export const PSV_NOT_ACTIVE_MESSAGE =
  'PSV services are not active on your account. Activate PSV services on your profile first, then manage your Sacco here.';
const SACCO_NOT_FOUND = 'We could not find that Sacco among yours.';
const VEHICLE_NOT_FOUND = 'We could not find that vehicle in your Sacco.';
const MAX_SEATS = 90;
/** A fleet larger than this is more than one Sacco's manager keeps on the portal. */
export const MAX_SACCO_VEHICLES = 500;

/** A seat band of the county's PSV sticker tariff: seats from..to, its item and amount. */
interface Band {
  from: number;
  to: number;
  item: string;
  description: string;
  amountCents: number;
}

/** Kenya's sticker year now, and the end of a year in Kenya time (UTC+3). */
export const stickerYear = (at: Date = new Date()) => kenyaToday(at).year;
export const endOfKenyanYear = (year: number) => new Date(`${year}-12-31T23:59:59.999+03:00`);

/** The item of a bill's source key: `psv-stickers:<sacco id>:<year>:<random>`. */
const sourceKeyOf = (saccoId: string, year: number) =>
  `psv-stickers:${saccoId}:${year}:${randomBytes(4).toString('hex')}`;

/** A plate as written on a sticker document's number: `PSV-2026-KCB123A`. */
const stickerNumber = (plate: string, year: number) => `PSV-${year}-${plate.replace(/\s+/g, '')}`;

const clean = (value: string | undefined) => value?.trim().replace(/\s+/g, ' ') ?? '';

/**
 * Transport Saccos, behind PSV activation: a manager registers the Sacco and keeps its fleet
 * (plate, seats, route, owner, the "old number" of a re-registered plate), and pays the annual
 * PSV stickers of many vehicles in one bill; each sticker is priced by the vehicle's seats from
 * the county's tariff ("psv-sticker", a row per seat band). Paying the bill issues one sticker
 * document per vehicle and records what it covers by plate (parking_covers) for enforcement.
 */
export function createSaccoService(deps: {
  db: Db;
  bills: Pick<BillService, 'raise' | 'onObligationPaid' | 'present'>;
  documents: Pick<DocumentService, 'issue'>;
  links: Pick<ApplicationDocuments, 'link'>;
  county: Pick<CountyService, 'get'>;
  /** What a sticker covers by plate, for the enforcement check (the parking area's covers). */
  recordParkingCover: RecordParkingCover;
}) {
  const { db } = deps;
  const template = findDocumentTemplate('psv-sticker')!;

  /** The county's seat bands, from the tariff rows (configuration, not code), in order. */
  async function bands(tx: Db = db): Promise<Band[]> {
    const amounts = await feeAmountsOf(tx, STICKER_SCHEDULE);
    return [...amounts.entries()]
      .flatMap(([item, amountCents]) => {
        const match = BAND_ITEM.exec(item);
        return match
          ? [
              {
                from: Number(match[1]),
                to: Number(match[2]),
                item,
                description: `PSV sticker, ${match[1]}–${match[2]} seats`,
                amountCents,
              },
            ]
          : [];
      })
      .sort((a, b) => a.from - b.from);
  }
  const bandOf = (all: Band[], seats: number) => all.find((b) => seats >= b.from && seats <= b.to);

  /** The caller may use Sacco services only with PSV activated (403 with what to do). */
  async function requirePsv(userId: string) {
    const [user] = await db.select({ psv: users.psv }).from(users).where(eq(users.id, userId));
    if (!user?.psv) throw forbidden(PSV_NOT_ACTIVE_MESSAGE);
  }

  /** One of the user's Saccos, or 404 (another manager's Sacco is never revealed). */
  async function ownSacco(userId: string, saccoId: string, tx: Db = db): Promise<SaccoRow> {
    const [row] = await tx
      .select()
      .from(saccos)
      .where(and(eq(saccos.id, saccoId), eq(saccos.userId, userId)));
    if (!row) throw notFound(SACCO_NOT_FOUND);
    return row;
  }

  async function stickersOf(plates: string[], year: number, tx: Db = db): Promise<Map<string, StickerRow>> {
    if (plates.length === 0) return new Map();
    const rows = await tx
      .select()
      .from(psvStickers)
      .where(and(inArray(psvStickers.plate, plates), eq(psvStickers.year, year)));
    return new Map(rows.map((r) => [r.plate, r]));
  }

  /** A pending sticker whose bill was cancelled (by the revenue office) holds nothing: it is due again. */
  async function releaseCancelled(tx: Db, plates: string[], year: number) {
    if (plates.length === 0) return;
    const stale = await tx
      .select({ plate: psvStickers.plate, billNo: psvStickers.billNo })
      .from(psvStickers)
      .innerJoin(bills, eq(bills.billNo, psvStickers.billNo))
      .where(
        and(
          inArray(psvStickers.plate, plates),
          eq(psvStickers.year, year),
          eq(psvStickers.status, 'pending'),
          eq(bills.status, 'cancelled'),
        ),
      );
    for (const row of stale) {
      await tx.delete(psvStickers).where(and(eq(psvStickers.plate, row.plate), eq(psvStickers.year, year)));
    }
  }

  async function vehicleView(
    row: VehicleRow,
    sticker: StickerRow | undefined,
    all: Band[],
    year: number,
    cancelled: Set<string>,
  ): Promise<SaccoVehicle> {
    const live =
      sticker && !(sticker.status === 'pending' && cancelled.has(sticker.billNo)) ? sticker : undefined;
    let document: SaccoVehicle['sticker']['document'] = null;
    if (live?.documentId) {
      const [doc] = await db.select().from(documents).where(eq(documents.id, live.documentId));
      document = doc ? deps.links.link(doc) : null;
    }
    return {
      id: row.id,
      sacco_id: row.saccoId,
      plate: row.plate,
      seats: row.seats,
      route: row.route,
      owner_name: row.ownerName,
      owner_phone: row.ownerPhone,
      old_plate: row.oldPlate,
      active: row.active,
      sticker: {
        year,
        status: live ? live.status : 'due',
        amount_cents: live ? live.amountCents : (bandOf(all, row.seats)?.amountCents ?? null),
        bill_no: live?.billNo ?? null,
        document,
      },
    };
  }

  async function cancelledBillsOf(stickers: Iterable<StickerRow>): Promise<Set<string>> {
    const pending = [...stickers].filter((s) => s.status === 'pending').map((s) => s.billNo);
    if (pending.length === 0) return new Set();
    const rows = await db
      .select({ billNo: bills.billNo })
      .from(bills)
      .where(and(inArray(bills.billNo, pending), eq(bills.status, 'cancelled')));
    return new Set(rows.map((r) => r.billNo));
  }

  async function vehiclesOf(sacco: SaccoRow): Promise<SaccoVehicle[]> {
    const year = stickerYear();
    const rows = await db
      .select()
      .from(saccoVehicles)
      .where(and(eq(saccoVehicles.saccoId, sacco.id), eq(saccoVehicles.active, true)))
      .orderBy(asc(saccoVehicles.plate));
    const [all, stickers] = await Promise.all([
      bands(),
      stickersOf(
        rows.map((r) => r.plate),
        year,
      ),
    ]);
    const cancelled = await cancelledBillsOf(stickers.values());
    return Promise.all(rows.map((r) => vehicleView(r, stickers.get(r.plate), all, year, cancelled)));
  }

  function summaryOf(sacco: SaccoRow, vehicles: SaccoVehicle[]): SaccoSummary {
    const due = vehicles.filter((v) => v.sticker.status === 'due');
    return {
      id: sacco.id,
      name: sacco.name,
      registration_no: sacco.registrationNo,
      phone: sacco.phone,
      email: sacco.email,
      year: stickerYear(),
      vehicles: vehicles.length,
      stickers_paid: vehicles.filter((v) => v.sticker.status === 'paid').length,
      stickers_pending: vehicles.filter((v) => v.sticker.status === 'pending').length,
      stickers_due: due.length,
      amount_due_cents: due.reduce((sum, v) => sum + (v.sticker.amount_cents ?? 0), 0),
    };
  }

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

  // When a sticker bill is paid (STK push or paybill), in the payment's transaction: each of its
  // stickers is paid, its sticker document issued, and what it covers by plate recorded.
  deps.bills.onObligationPaid('psv-stickers', async (tx, bill, requestId) => {
    const stickers = await tx
      .select()
      .from(psvStickers)
      .where(and(eq(psvStickers.billNo, bill.billNo), eq(psvStickers.status, 'pending')))
      .for('update');
    if (stickers.length === 0) return;
    const [sacco] = await tx.select().from(saccos).where(eq(saccos.id, stickers[0]!.saccoId));
    if (!sacco) return;
    const countyName = (await deps.county.get(tx)).name;
    const fleet = await tx
      .select()
      .from(saccoVehicles)
      .where(
        inArray(
          saccoVehicles.plate,
          stickers.map((s) => s.plate),
        ),
      );
    const routeOf = new Map(fleet.map((v) => [v.plate, v.route]));
    const paidAt = new Date();
    for (const sticker of stickers) {
      const expiresAt = endOfKenyanYear(sticker.year);
      const number = stickerNumber(sticker.plate, sticker.year);
      const printed = composePrinted(template, {
        holder: sacco.name,
        number,
        county: countyName,
        fee_cents: sticker.amountCents,
        issued_at: paidAt,
        expires_at: expiresAt,
        values: {
          plate: sticker.plate,
          seats: String(sticker.seats),
          route: routeOf.get(sticker.plate) ?? '',
          year: String(sticker.year),
        },
      });
      const issued = await deps.documents.issue(
        {
          kind: 'ticket',
          number,
          holderName: sacco.name,
          ownerUserId: sacco.userId,
          subject: bill.billNo,
          amountCents: sticker.amountCents,
          facts: {
            description: `${template.title} ${sticker.year}: ${sticker.plate}, ${sticker.seats} seats`,
          },
          printed,
          issuedAt: paidAt,
          expiresAt,
          actor: { type: 'system', id: 'psv-stickers' },
          ...(requestId ? { requestId } : {}),
        },
        tx,
      );
      const documentId = issued.document.id;
      await deps.recordParkingCover(tx, {
        documentId,
        kind: 'psv-sticker',
        userId: sacco.userId,
        serviceId: 'psv-sticker',
        applicationNo: null,
        zoneCode: null,
        place: null,
        validFrom: paidAt,
        validUntil: expiresAt,
        plates: [sticker.plate],
      });
      await tx
        .update(psvStickers)
        .set({ status: 'paid', paidAt, documentId })
        .where(and(eq(psvStickers.plate, sticker.plate), eq(psvStickers.year, sticker.year)));
      await recordAudit(tx, {
        actor: { type: 'system', id: 'psv-stickers' },
        entityType: 'psv_sticker',
        entityId: `${sticker.plate}:${sticker.year}`,
        action: 'paid',
        fromState: 'pending',
        toState: 'paid',
        data: { bill_no: bill.billNo, document_id: documentId },
        ...(requestId ? { requestId } : {}),
      });
    }
  });

  return {
    requirePsv,
    bands,

    /** Registers a transport Sacco managed by the caller. */
    async register(userId: string, input: RegisterSaccoRequest, requestId?: string): Promise<SaccoSummary> {
      await requirePsv(userId);
      const errors: FieldError[] = [];
      const name = clean(input.name);
      if (name.length < 3) errors.push({ path: 'name', message: "Please enter the Sacco's registered name" });
      const registrationNo = clean(input.registration_no).toUpperCase().replace(/\s+/g, '');
      if (!SACCO_REGISTRATION_PATTERN.test(registrationNo))
        errors.push({ path: 'registration_no', message: SACCO_REGISTRATION_MESSAGE });
      const phone = clean(input.phone);
      if (!isValidPhone(phone)) errors.push({ path: 'phone', message: PHONE_FORMAT_MESSAGE });
      const email = clean(input.email);
      if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
        errors.push({
          path: 'email',
          message: 'Please enter a valid e-mail address, e.g. office@sacco.co.ke',
        });
      if (errors.length > 0) invalid(errors);
      try {
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(saccos)
            .values({ userId, name, registrationNo, phone: normalisePhone(phone), email: email || null })
            .returning();
          await recordAudit(tx, {
            actor: { type: 'user', id: userId },
            entityType: 'sacco',
            entityId: inserted!.id,
            action: 'registered',
            toState: 'registered',
            data: { registration_no: registrationNo },
            ...(requestId ? { requestId } : {}),
          });
          return inserted!;
        });
        return summaryOf(row, []);
      } catch (error) {
        if (isUniqueViolation(error, 'saccos_registration_uq'))
          throw conflict(
            `A Sacco with the registration number ${registrationNo} is already registered on the portal. If it is yours, ask the county to move it to your account.`,
            'already_exists',
          );
        throw error;
      }
    },

    /**
     * The caller's Saccos, each with its summary for this year: newest registered first, a page
     * at a time (`platform/db/pages.ts`).
     */
    async mine(userId: string, page: PageQuery = {}): Promise<Page<SaccoSummary>> {
      await requirePsv(userId);
      const limit = page.limit ?? DEFAULT_PAGE_LIMIT;
      const position = positionOf(page.cursor, UUID_KEY);
      const rows = await db
        .select({ row: saccos, at: positionAt(saccos.createdAt) })
        .from(saccos)
        .where(and(eq(saccos.userId, userId), after(saccos.createdAt, saccos.id, position)))
        .orderBy(desc(saccos.createdAt), desc(saccos.id))
        .limit(limit + 1);
      const shown = pageOf(
        rows,
        limit,
        (r) => ({ at: r.at, key: r.row.id }),
        (r) => r.row,
      );
      return {
        ...shown,
        data: await Promise.all(shown.data.map(async (row) => summaryOf(row, await vehiclesOf(row)))),
      };
    },

    /** One of the caller's Saccos with its active vehicles and their sticker state for the year. */
    async vehicles(userId: string, saccoId: string) {
      await requirePsv(userId);
      const sacco = await ownSacco(userId, saccoId);
      const data = await vehiclesOf(sacco);
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
      await requirePsv(userId);
      const sacco = await ownSacco(userId, saccoId);
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
      const year = stickerYear();
      const stickers = await stickersOf([row.plate], year);
      return vehicleView(
        row,
        stickers.get(row.plate),
        await bands(),
        year,
        await cancelledBillsOf(stickers.values()),
      );
    },

    /** Removes (deactivates) a vehicle of the caller's Sacco; its stickers and documents stay. */
    async removeVehicle(userId: string, saccoId: string, vehicleId: string, requestId?: string) {
      await requirePsv(userId);
      const sacco = await ownSacco(userId, saccoId);
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
      await requirePsv(userId);
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
      const year = stickerYear();
      const stickers = await stickersOf([found.vehicle.plate], year);
      return {
        matched_by: found.vehicle.plate === plate ? ('plate' as const) : ('old_plate' as const),
        sacco_name: found.sacco.name,
        vehicle: await vehicleView(
          found.vehicle,
          stickers.get(found.vehicle.plate),
          await bands(),
          year,
          await cancelledBillsOf(stickers.values()),
        ),
      };
    },

    /**
     * One bill for this year's stickers of several vehicles of the caller's Sacco: a line per
     * vehicle priced by its seats, and a pending sticker per plate in the same transaction. A
     * vehicle whose sticker is already billed or paid makes it a 409 naming the plates.
     */
    async billStickers(userId: string, saccoId: string, vehicleIds: string[], requestId?: string) {
      await requirePsv(userId);
      const sacco = await ownSacco(userId, saccoId);
      const ids = [...new Set(vehicleIds)];
      const year = stickerYear();
      try {
        return await db.transaction(async (tx) => {
          const fleet = await tx
            .select()
            .from(saccoVehicles)
            .where(
              and(
                inArray(saccoVehicles.id, ids),
                eq(saccoVehicles.saccoId, sacco.id),
                eq(saccoVehicles.active, true),
              ),
            )
            .orderBy(asc(saccoVehicles.plate));
          if (fleet.length !== ids.length) throw notFound(VEHICLE_NOT_FOUND);
          const plates = fleet.map((v) => v.plate);
          await releaseCancelled(tx, plates, year);
          const held = await stickersOf(plates, year, tx);
          if (held.size > 0) {
            const named = plates.filter((p) => held.has(p));
            throw conflict(
              `The ${year} sticker of ${named.join(', ')} is already ${named.every((p) => held.get(p)?.status === 'paid') ? 'paid' : 'billed or paid'}. Leave ${named.length === 1 ? 'it' : 'them'} out and try again.`,
              'already_billed',
            );
          }
          const all = await bands(tx);
          const lines: FeeLine[] = [];
          const unpriced: string[] = [];
          for (const vehicle of fleet) {
            const band = bandOf(all, vehicle.seats);
            if (!band) {
              unpriced.push(vehicle.plate);
              continue;
            }
            lines.push({
              amount_cents: band.amountCents,
              description: `PSV sticker ${year}: ${vehicle.plate}, ${vehicle.seats} seats`,
              description_sw: `Stika ya PSV ${year}: ${vehicle.plate}, viti ${vehicle.seats}`,
              parcel: null,
              code: band.item,
            });
          }
          if (unpriced.length > 0)
            throw new AppError(
              503,
              'service_unavailable',
              `The county has no sticker fee for the seating capacity of ${unpriced.join(', ')}. Please try again later or visit a county office.`,
            );
          const bill = await deps.bills.raise(tx, {
            userId,
            customerName: sacco.name,
            description: `PSV stickers ${year}, ${sacco.name}: ${fleet.length} vehicle${fleet.length === 1 ? '' : 's'}`,
            descriptionSw: `Stika za PSV ${year}, ${sacco.name}: ${fleet.length === 1 ? 'gari 1' : `magari ${fleet.length}`}`,
            lines,
            serviceId: 'psv-sticker',
            sourceKey: sourceKeyOf(sacco.id, year),
            actor: { type: 'user', id: userId },
            ...(requestId ? { requestId } : {}),
          });
          await tx.insert(psvStickers).values(
            fleet.map((vehicle, i) => ({
              plate: vehicle.plate,
              year,
              saccoId: sacco.id,
              seats: vehicle.seats,
              amountCents: lines[i]!.amount_cents,
              billNo: bill.bill_no,
              status: 'pending' as const,
            })),
          );
          await recordAudit(tx, {
            actor: { type: 'user', id: userId },
            entityType: 'psv_sticker',
            entityId: bill.bill_no,
            action: 'billed',
            toState: 'pending',
            data: { sacco_id: sacco.id, year, plates },
            ...(requestId ? { requestId } : {}),
          });
          return {
            year,
            bill_no: bill.bill_no,
            total_cents: bill.total_cents,
            stickers: fleet.map((vehicle, i) => ({
              plate: vehicle.plate,
              seats: vehicle.seats,
              amount_cents: lines[i]!.amount_cents,
              code: lines[i]!.code!,
            })),
            bill,
          };
        });
      } catch (error) {
        // Two requests for the same sticker at once: the other one billed it.
        if (isUniqueViolation(error, 'psv_stickers_pkey'))
          throw conflict(
            `The ${year} sticker of one of these vehicles was billed meanwhile. Reload the list and try again.`,
            'changed_meanwhile',
          );
        throw error;
      }
    },
  };
}
export type SaccoService = ReturnType<typeof createSaccoService>;

import type { SaccoSummary, SaccoVehicle } from '@kaunti/contract/api-saccos';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ApplicationDocuments } from '../../core/applications/application-documents';
import { bills } from '../../core/bills/schema';
import { documents } from '../../core/documents/schema';
import type { Db } from '../../platform/db/database';
import type { SaccoRow } from './sacco-access';
import { psvStickers, saccoVehicles } from './schema';
import { type Band, bandOf, bands, stickerYear } from './sticker-bands';

// A Sacco and its vehicles as the manager sees them: each vehicle's sticker for the year.

type VehicleRow = typeof saccoVehicles.$inferSelect;
export type StickerRow = typeof psvStickers.$inferSelect;

/** The stickers of these plates for the year, by plate. */
export async function stickersOf(tx: Db, plates: string[], year: number): Promise<Map<string, StickerRow>> {
  if (plates.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(psvStickers)
    .where(and(inArray(psvStickers.plate, plates), eq(psvStickers.year, year)));
  return new Map(rows.map((r) => [r.plate, r]));
}

async function vehicleView(
  db: Db,
  links: Pick<ApplicationDocuments, 'link'>,
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
    document = doc ? links.link(doc) : null;
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

export async function cancelledBillsOf(db: Db, stickers: Iterable<StickerRow>): Promise<Set<string>> {
  const pending = [...stickers].filter((s) => s.status === 'pending').map((s) => s.billNo);
  if (pending.length === 0) return new Set();
  const rows = await db
    .select({ billNo: bills.billNo })
    .from(bills)
    .where(and(inArray(bills.billNo, pending), eq(bills.status, 'cancelled')));
  return new Set(rows.map((r) => r.billNo));
}

async function vehiclesOf(
  db: Db,
  links: Pick<ApplicationDocuments, 'link'>,
  sacco: SaccoRow,
): Promise<SaccoVehicle[]> {
  const year = stickerYear();
  const rows = await db
    .select()
    .from(saccoVehicles)
    .where(and(eq(saccoVehicles.saccoId, sacco.id), eq(saccoVehicles.active, true)))
    .orderBy(asc(saccoVehicles.plate));
  const [all, stickers] = await Promise.all([
    bands(db),
    stickersOf(
      db,
      rows.map((r) => r.plate),
      year,
    ),
  ]);
  const cancelled = await cancelledBillsOf(db, stickers.values());
  return Promise.all(rows.map((r) => vehicleView(db, links, r, stickers.get(r.plate), all, year, cancelled)));
}

export function summaryOf(sacco: SaccoRow, vehicles: SaccoVehicle[]): SaccoSummary {
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

/** The views over this database and the documents' links. */
export function createSaccoViews(db: Db, links: Pick<ApplicationDocuments, 'link'>) {
  return {
    vehiclesOf: (sacco: SaccoRow) => vehiclesOf(db, links, sacco),
    /** One vehicle with its sticker for this year. */
    async vehicleNow(row: VehicleRow) {
      const year = stickerYear();
      const stickers = await stickersOf(db, [row.plate], year);
      return vehicleView(
        db,
        links,
        row,
        stickers.get(row.plate),
        await bands(db),
        year,
        await cancelledBillsOf(db, stickers.values()),
      );
    },
  };
}

export type SaccoViews = ReturnType<typeof createSaccoViews>;

import { randomBytes } from 'node:crypto';
import type { FeeLine } from '@kaunti/catalogue/registries/fee-rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit';
import type { BillService } from '../../core/bills/bill-service';
import { bills } from '../../core/bills/schema';
import { type Db, isUniqueViolation } from '../../platform/db/database';
import { AppError, conflict, notFound } from '../../platform/errors';
import { ownSacco, requirePsv } from './sacco-access';
import { VEHICLE_NOT_FOUND } from './sacco-fleet';
import { stickersOf } from './sacco-views';
import { psvStickers, saccoVehicles } from './schema';
import { bandOf, bands, stickerYear } from './sticker-bands';

/** The item of a bill's source key: `psv-stickers:<sacco id>:<year>:<random>`. */
const sourceKeyOf = (saccoId: string, year: number) =>
  `psv-stickers:${saccoId}:${year}:${randomBytes(4).toString('hex')}`;

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

/** This year's stickers of several vehicles of a Sacco, billed in one bill. */
export function createStickerBilling(db: Db, bills: Pick<BillService, 'raise'>) {
  return {
    /**
     * One bill for this year's stickers of several vehicles of the caller's Sacco: a line per
     * vehicle priced by its seats, and a pending sticker per plate in the same transaction. A
     * vehicle whose sticker is already billed or paid makes it a 409 naming the plates.
     */
    async billStickers(userId: string, saccoId: string, vehicleIds: string[], requestId?: string) {
      await requirePsv(db, userId);
      const sacco = await ownSacco(db, userId, saccoId);
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
          const held = await stickersOf(tx, plates, year);
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
          const bill = await bills.raise(tx, {
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

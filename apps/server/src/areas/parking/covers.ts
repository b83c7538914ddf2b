import type { Db } from '../../platform/db/database';
import type { ParkingCover } from '../area';
import { parkingCoverPlates, parkingCovers } from './schema';

/**
 * Records what a document covers by plate (one parking_covers row, one parking_cover_plates row
 * per plate), in the transaction that issues the document; the enforcement check and the
 * motorist's list read them. Lent to the transport area for PSV stickers (ctx.offers).
 */
export async function recordParkingCover(tx: Db, cover: ParkingCover): Promise<void> {
  const { plates, ...row } = cover;
  await tx.insert(parkingCovers).values(row).onConflictDoNothing();
  if (plates.length > 0)
    await tx
      .insert(parkingCoverPlates)
      .values(plates.map((plate) => ({ plate, documentId: cover.documentId, validUntil: cover.validUntil })))
      .onConflictDoNothing();
}

import { composePrinted } from '@kaunti/catalogue/document-texts';
import { findDocumentTemplate } from '@kaunti/catalogue/registries/documents';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit';
import type { BillService } from '../../core/bills/bill-service';
import type { CountyService } from '../../core/county/county-service';
import type { DocumentService } from '../../core/documents/document-service';
import type { RecordParkingCover } from '../area';
import { psvStickers, saccos, saccoVehicles } from './schema';
import { endOfKenyanYear } from './sticker-bands';

/** A plate as written on a sticker document's number: `PSV-2026-KCB123A`. */
const stickerNumber = (plate: string, year: number) => `PSV-${year}-${plate.replace(/\s+/g, '')}`;

/**
 * Registers what paying a sticker bill does (STK push or paybill), in the payment's transaction:
 * each of its stickers is paid, its sticker document issued, and what it covers by plate recorded.
 */
export function issueStickersWhenPaid(deps: {
  bills: Pick<BillService, 'onObligationPaid'>;
  documents: Pick<DocumentService, 'issue'>;
  county: Pick<CountyService, 'get'>;
  recordParkingCover: RecordParkingCover;
}) {
  const template = findDocumentTemplate('psv-sticker')!;
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
}

import type { ApplicationDocuments } from '../../core/applications/application-documents';
import type { BillService } from '../../core/bills/bill-service';
import type { CountyService } from '../../core/county/county-service';
import type { DocumentService } from '../../core/documents/document-service';
import type { Db } from '../../platform/db/database';
import type { RecordParkingCover } from '../area';
import { requirePsv } from './sacco-access';
import { createSaccoFleet } from './sacco-fleet';
import { createSaccoRegistration } from './sacco-registration';
import { createSaccoViews } from './sacco-views';
import { bands } from './sticker-bands';
import { createStickerBilling } from './sticker-billing';
import { issueStickersWhenPaid } from './sticker-issue';

export { PSV_NOT_ACTIVE_MESSAGE } from './sacco-access';
export { MAX_SACCO_VEHICLES } from './sacco-fleet';
export { endOfKenyanYear, STICKER_SCHEDULE, stickerYear } from './sticker-bands';

/**
 * Transport Saccos, behind PSV activation: a manager registers the Sacco and keeps its fleet
 * (plate, seats, route, owner, the "old number" of a re-registered plate), and pays the annual
 * PSV stickers of many vehicles in one bill; each sticker is priced by the vehicle's seats from
 * the county's tariff ("psv-sticker", a row per seat band). Paying the bill issues one sticker
 * document per vehicle and records what it covers by plate (parking_covers) for enforcement.
 *
 * Composed from modules of one concern each: who may use it (sacco-access.ts), the seat bands and
 * sticker year (sticker-bands.ts), the manager's views (sacco-views.ts), registration
 * (sacco-registration.ts), the fleet (sacco-fleet.ts), billing stickers (sticker-billing.ts) and
 * issuing them once paid (sticker-issue.ts).
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
  issueStickersWhenPaid(deps);
  const views = createSaccoViews(db, deps.links);
  return {
    requirePsv: (userId: string) => requirePsv(db, userId),
    bands: (tx: Db = db) => bands(tx),
    ...createSaccoRegistration(db, views),
    ...createSaccoFleet(db, views),
    ...createStickerBilling(db, deps.bills),
  };
}
export type SaccoService = ReturnType<typeof createSaccoService>;

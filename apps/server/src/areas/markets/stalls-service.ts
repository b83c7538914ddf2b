import type { StandingChargeService } from '../../core/bills/standing-charges';
import type { ReferenceItems } from '../../core/county/reference-items';
import type { Db } from '../../platform/db/database';
import { createStallAccount } from './stall-account';
import { createStallApplications } from './stall-applications';
import { createStallReads } from './stall-reads';

export {
  firstRentMonth,
  STALL_RENT,
  STALL_RENT_DUE_DAY,
  STALL_RENT_PENALTY_PPM,
  STALL_SERVICE,
} from './stall-terms';

/**
 * Market stalls (decision 035): the county's stalls and whether each is vacant, the allocation of
 * one when a stall application is issued, and the trader's stalls with their rent — a standing
 * obligation of the bills core (decision 028): months, penalties, balance and statement are the
 * core's; this area only says whose stall is whose. Every read and bill of a stall is limited to
 * the caller's account: another's is a 404, never a 403.
 *
 * Composed from modules of one concern each: a stall application's check and the allocation as
 * it is issued (stall-applications.ts) and the trader's stalls with their rent and bills
 * (stall-account.ts), over the stalls' reads and a rent's opening (stall-reads.ts) and the
 * stalls' terms (stall-terms.ts).
 */
export function createStalls(deps: { db: Db; standing: StandingChargeService; references: ReferenceItems }) {
  const reads = createStallReads(deps);
  return {
    ...createStallApplications(deps, reads),
    ...createStallAccount(deps, reads),
  };
}
export type Stalls = ReturnType<typeof createStalls>;

import type { Db } from '../../platform/db/database';
import type { BillService } from './bill-service';
import { createStandingBilling } from './standing-billing';
import { createStandingObligations } from './standing-obligations';
import { createStandingRaising } from './standing-raising';
import { monthsBetween } from './standing-rule';

export { BALANCE_ON_ANOTHER_BILL } from './standing-billing';
export {
  type Ledger,
  monthName,
  STANDING_SOURCE,
  type StandingObligationRow,
  type StatementMonth,
  termsOf,
} from './standing-ledger';
export type { OpenObligationInput } from './standing-obligations';

/**
 * Standing charges (decision 028): obligations that owe a charge every month — raised once per
 * month by one job whatever the instances, late penalties, payments settling the oldest first —
 * for any area (county rent, market stalls, payment plans). The rule is `standing-rule.ts`; this
 * is its database side. Payments reach an obligation through its bills: `billFor` raises one (the
 * balance and months ahead), and every payment that bill receives is counted in its ledger.
 *
 * Composed from modules of one concern each: the ledger (standing-ledger.ts), an obligation's life
 * (standing-obligations.ts), raising the months and penalties due (standing-raising.ts) and its
 * bills (standing-billing.ts).
 */
export function createStandingCharges({ db, bills }: { db: Db; bills: BillService }) {
  return {
    ...createStandingObligations(db, bills),
    ...createStandingRaising(db),
    ...createStandingBilling(db, bills),
    /** Whole months from an obligation's first period to `to` (for seed data and tests). */
    monthsBetween,
  };
}

export type StandingChargeService = ReturnType<typeof createStandingCharges>;

import type { OtpService } from '../../core/accounts/otp';
import type { Throttle } from '../../core/accounts/throttle';
import type { Db } from '../../platform/db/database';
import { createBusinessApplicationCheck } from './business-application-check';
import { createBusinessClaims } from './business-claims';
import { createBusinessHoldings } from './business-holdings';
import { createBusinessReferences } from './business-references';
import { createBusinessTakeover } from './business-takeover';

export { monthsLate, onePermitMessage } from './business-application-check';
export * from './business-messages';
export { detailsOf, postalAddressOf } from './business-records';

/**
 * The business area: the county's activity schedule (searchable), postal codes, businesses (the
 * county's register and the ones citizens hold), and what every business application goes
 * through besides the catalogue's checks — who may act for the business, the renewal window,
 * one open bill per business and permit, and the values the permit prints (activity names,
 * business lines, address) and the fee reads (months late).
 *
 * Composed from modules of one concern each: the reference lists (business-references.ts), the
 * application check (business-application-check.ts), the businesses a user holds
 * (business-holdings.ts), takeover with a code (business-takeover.ts) and claims decided by
 * officers (business-claims.ts); its words are in business-messages.ts and its shapes in
 * business-records.ts.
 */
export function createBusinessService(deps: {
  db: Db;
  /** The accounts' one-time codes: a register business is taken over with one sent to its phone. */
  otp: Pick<OtpService, 'issue' | 'verify'>;
  throttle: Throttle;
}) {
  const { db } = deps;
  return {
    ...createBusinessReferences(db),
    claims: createBusinessClaims(db),
    ...createBusinessHoldings(db),
    ...createBusinessTakeover(deps),
    checkApplication: createBusinessApplicationCheck(db),
  };
}
export type BusinessService = ReturnType<typeof createBusinessService>;

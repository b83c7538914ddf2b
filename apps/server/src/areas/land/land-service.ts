import { createLandReferenceLists } from './land-reference-lists';
import { createParcelClaims } from './parcel-claims';
import { createParcelLinks } from './parcel-links';
import { createParcelRegister } from './parcel-register';
import { createRatesBills, type LandDeps } from './rates-bill';
import { registerCheck } from './register-check';

export type { LinkOutcome } from './parcel-links';

/**
 * The land area: reference lists, the parcel register, linking parcels to accounts, the current
 * rates bill, and the checks it adds to land applications (the engine does the rest).
 *
 * Composed from modules of one concern each: the reference lists (land-reference-lists.ts), the
 * parcel register (parcel-register.ts), links and ownership claims (parcel-links.ts,
 * parcel-claims.ts), the rates bill and its settlement (rates-bill.ts) and the register check of
 * land applications (register-check.ts).
 */
export function createLandService(deps: LandDeps) {
  const { db, bills } = deps;
  return {
    registerCheck,
    ...createParcelRegister(db),
    ...createLandReferenceLists(db),
    ...createParcelLinks(db, bills),
    ...createParcelClaims(db, bills),
    ...createRatesBills(deps),
  };
}

export type LandService = ReturnType<typeof createLandService>;

import { createAllocation } from './allocation';
import type { EstatesServiceDeps } from './estates-types';
import { createEstatesValidation } from './estates-validation';
import { createRentCarried } from './rent-carried';
import { createTenancyAccount } from './tenancy-account';
import { createTenancyIssued } from './tenancy-issued';
import { createTenancyReads } from './tenancy-reads';
import { createWaitingPlaces } from './waiting-places';

export type { EstatesServiceDeps } from './estates-types';
export { COUNTY_RENT } from './waiting-list';

/**
 * County estates (decision 034): a tenant's tenancies and their rent. The rent is a standing
 * obligation of the bills core (decision 028): its months, penalties, balance and statement are
 * the core's; this area only says which obligation is whose. Every read and bill is limited to
 * the tenancies the caller's account holds: another's is a 404, never a 403 (it does not say the
 * number exists).
 *
 * Composed from modules of one concern each: the check of the area's applications
 * (estates-validation.ts), what a tenancy service's bill carries of the unpaid rent
 * (rent-carried.ts), what an issued transfer or next of kin does (tenancy-issued.ts), the
 * waiting lists' places (waiting-places.ts) and the tenant's own tenancies and their rent
 * (tenancy-account.ts); over the tenancies' reads (tenancy-reads.ts) and, for the estates
 * office, the allocation from the waiting list (allocation.ts).
 */
export function createEstatesService(deps: EstatesServiceDeps) {
  const allocation = createAllocation(deps);
  const parts = { ...deps, reads: createTenancyReads(deps.db, deps.standing) };
  const places = createWaitingPlaces(deps.db);
  const account = createTenancyAccount(parts);
  return {
    /** The estates office's allocation from the waiting list (allocation.ts). */
    waitingListOf: allocation.waitingList,
    allocate: allocation.allocate,
    ...createEstatesValidation(parts),
    ...createTenancyIssued(deps.standing),
    ...createRentCarried(deps.standing),
    placeOnIssue: places.placeOnIssue,
    openRents: account.openRents,
    list: account.list,
    detail: account.detail,
    waitingList: places.waitingList,
    bill: account.bill,
  };
}

export type EstatesService = ReturnType<typeof createEstatesService>;

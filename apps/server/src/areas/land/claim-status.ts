import { StateMachine } from '../../platform/state-machine';

export type ParcelClaimStatus = 'pending' | 'recommended' | 'accepted' | 'rejected';

/**
 * The moves of a parcel ownership claim: a land officer recommends accepting a pending one, or
 * rejects it; a second officer accepts a recommended one (the parcel is then linked), or rejects it.
 */
export const parcelClaimStatus = new StateMachine<ParcelClaimStatus>('parcel claim', {
  pending: ['recommended', 'rejected'],
  recommended: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
});

/** Claims still waiting for a decision. */
export const OPEN_CLAIM_STATUSES = ['pending', 'recommended'] as const;

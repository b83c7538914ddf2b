import { StateMachine } from '../../platform/state-machine';

export type BusinessClaimStatus = 'pending' | 'recommended' | 'accepted' | 'rejected';

/**
 * The moves of a claim to act for a business (as a parcel claim's): a business officer recommends
 * accepting a pending one, or rejects it; a second officer accepts a recommended one (the business
 * is then handed to the claimant), or rejects it.
 */
export const businessClaimStatus = new StateMachine<BusinessClaimStatus>('business claim', {
  pending: ['recommended', 'rejected'],
  recommended: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
});

/** Claims still waiting for a decision. */
export const OPEN_BUSINESS_CLAIM_STATUSES = ['pending', 'recommended'] as const;

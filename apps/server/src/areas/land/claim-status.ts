import { StateMachine } from '../../platform/state-machine';

/** The moves of a parcel ownership claim: county staff accept or reject a pending one. */
export const parcelClaimStatus = new StateMachine<'pending' | 'accepted' | 'rejected'>('parcel claim', {
  pending: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
});

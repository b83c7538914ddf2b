import type { BillStatus } from '@kaunti/contract/api-bills';
import { StateMachine } from '../../platform/state-machine';

/**
 * The moves of a bill's status, in one table. A further payment on a partially paid bill that
 * still leaves a balance is not a move (the status stays; the payment is audited).
 */
export const billStatus = new StateMachine<BillStatus>('bill', {
  unpaid: ['partially_paid', 'paid', 'cancelled'],
  partially_paid: ['paid', 'cancelled'],
  paid: [],
  cancelled: [],
});

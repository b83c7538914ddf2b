import { conflict } from '../../platform/errors';
import type { Actor } from '../audit/audit';
import type { ApplicationParts } from './application-types';
import { CANCELLABLE_BY_APPLICANT } from './status';

/** The applicant cancels their own application (its bill cancelled with it). */
export function createApplicationCancellation(deps: ApplicationParts) {
  const { db, bills } = deps;
  const { transition } = deps.transitions;
  const { detail, findOwned } = deps.views;
  return {
    /** The applicant cancels (before review, or while asked for more information). */
    async cancel(userId: string, applicationNo: string, reason: string | undefined, requestId?: string) {
      const row = await findOwned(userId, applicationNo);
      if (!CANCELLABLE_BY_APPLICANT.includes(row.status)) {
        throw conflict(
          row.status === 'cancelled'
            ? 'This application is already cancelled.'
            : 'This application can no longer be cancelled. Please contact the county.',
          'illegal_transition',
        );
      }
      const actor: Actor = { type: 'user', id: userId };
      await db.transaction(async (tx) => {
        if (row.billNo) await bills.cancel(tx, row.billNo, actor, 'application cancelled', requestId);
        await transition(tx, row, row.status, 'cancelled', actor, { note: reason ?? null, requestId });
      });
      return detail(await findOwned(userId, applicationNo));
    },
  };
}

import { findService } from '@kaunti/catalogue/catalogue';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import type { ApplicationStatus } from '@kaunti/contract/api-applications';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import type { Actor } from '../audit/audit';
import type { ApplicationParts } from './application-types';
import { applications } from './schema';

/** What a bill's payment or cancellation does to the application waiting for it (same transaction). */
export function createApplicationBillEvents(deps: ApplicationParts) {
  const { lockApplication, transition } = deps.transitions;
  return {
    /**
     * For the payments module, in the transaction that recorded the payment: the bill is paid,
     * so its application (if any, and if waiting for payment) moves on as its workflow says
     * (under_review, or issued for an instant service). Answers the new status, or null when
     * the bill has no application waiting.
     */
    async onBillPaid(tx: Db, billNo: string, requestId?: string): Promise<ApplicationStatus | null> {
      const row = await lockApplication(tx, eq(applications.billNo, billNo));
      if (row?.status !== 'awaiting_payment') return null;
      const to = findWorkflow(findService(row.serviceId)?.workflow ?? '')?.after_payment ?? 'under_review';
      await transition(
        tx,
        row,
        'awaiting_payment',
        to,
        { type: 'system' },
        { note: `Bill ${billNo} paid`, requestId },
      );
      return to;
    },

    /**
     * For a revenue officer cancelling a bill, in the same transaction: an application waiting
     * for that bill's payment is cancelled with it (the reason in its history).
     */
    async onBillCancelled(tx: Db, billNo: string, actor: Actor, reason: string, requestId?: string) {
      const row = await lockApplication(tx, eq(applications.billNo, billNo));
      if (row?.status !== 'awaiting_payment') return null;
      await transition(tx, row, 'awaiting_payment', 'cancelled', actor, {
        note: `Bill ${billNo} cancelled: ${reason}`,
        requestId,
      });
      return row.applicationNo;
    },
  };
}

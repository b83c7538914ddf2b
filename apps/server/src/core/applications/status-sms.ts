import { findService } from '@kaunti/catalogue/catalogue';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { afterCommit } from '../../platform/db/shared-transaction';
import type { SmsGateway } from '../../platform/sms/sms-gateway';
import { users } from '../accounts/schema';
import type { ApplicationDocuments } from './application-documents';
import type { StatusListener } from './application-transitions';

/**
 * The citizen's SMS at each step they care about, whoever moved the application (issue 36 item
 * 25): their payment was received, it was approved, its document was issued — by an officer, on
 * approval, or at once when an instant service is paid. A decision with a reason (more
 * information, not approved) is told by the back office, which knows the reason.
 *
 * Texts are in English: an account keeps no language of its own yet.
 */
export function statusSmsText(
  moved: { applicationNo: string; serviceId: string; from: string; to: string },
  printUrl: string | null,
): string | null {
  const no = moved.applicationNo;
  const print = printUrl ? ` Print it at ${printUrl}` : '';
  const paid = moved.from === 'awaiting_payment';
  if (moved.to === 'issued')
    return paid
      ? `County e-services: payment received for application ${no}. Your document has been issued.${print}`
      : `County e-services: your document for application ${no} has been issued.${print}`;
  if (moved.to === 'under_review' && paid)
    return `County e-services: payment received for application ${no}. It is now with the county for review.`;
  if (moved.to === 'approved') {
    // Approval that issues the document at once: the issued message follows in the same breath.
    if (findWorkflow(findService(moved.serviceId)?.workflow ?? '')?.issue_on_approval) return null;
    return `County e-services: application ${no} has been approved. We will send you a message when its document is ready.`;
  }
  return null;
}

export function createStatusSms(deps: {
  db: Db;
  sms: SmsGateway;
  links: Pick<ApplicationDocuments, 'link'>;
  log: { warn(object: Record<string, unknown>, message: string): void };
}): StatusListener {
  return (tx, { row, from, to, document }) => {
    const text = statusSmsText(
      { applicationNo: row.applicationNo, serviceId: row.serviceId, from, to },
      document ? (deps.links.link(document).print_url ?? deps.links.link(document).pdf_url) : null,
    );
    if (!text) return;
    // Sent once the move is committed (a shared transaction's callbacks), never awaited by it:
    // the phone is read outside the transaction, which on the embedded database waits for it.
    afterCommit(tx, () => {
      void (async () => {
        const [user] = await deps.db
          .select({ phone: users.phoneNumber })
          .from(users)
          .where(eq(users.id, row.userId))
          .limit(1);
        if (!user) return;
        const result = await deps.sms.send(user.phone, text);
        if (!result.accepted) deps.log.warn({}, 'status SMS was not accepted by the gateway');
      })().catch(() => deps.log.warn({}, 'status SMS could not be sent'));
    });
  };
}

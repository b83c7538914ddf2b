import { findService } from '@kaunti/catalogue/catalogue';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import type { StatusSmsStep } from '@kaunti/catalogue/service-texts';
import type { AccountLanguage } from '@kaunti/contract/api-accounts';
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
 * Written in the account's language (`users.language`: the page's at sign-up, then the one the
 * signed-in user switched to), English or Kiswahili.
 */
export function statusSmsText(
  moved: { applicationNo: string; serviceId: string; from: string; to: string; note?: string | null },
  printUrl: string | null,
  language: AccountLanguage = 'en',
): string | null {
  const own = ownText(moved, printUrl, language);
  if (own !== undefined) return own;
  const words = STATUS_SMS[language];
  const no = moved.applicationNo;
  const print = printUrl ? words.print(printUrl) : '';
  const paid = moved.from === 'awaiting_payment';
  if (moved.to === 'issued') return paid ? words.paidAndIssued(no, print) : words.issued(no, print);
  if (moved.to === 'under_review' && paid) return words.paidForReview(no);
  if (moved.to === 'approved') {
    // Approval that issues the document at once: the issued message follows in the same breath.
    if (findWorkflow(findService(moved.serviceId)?.workflow ?? '')?.issue_on_approval) return null;
    return words.approved(no);
  }
  return null;
}

/** When a service words a step's SMS itself (`status_sms`): received is said on arrival only. */
const OWN_STEP_FROM: Record<StatusSmsStep, readonly string[] | null> = {
  under_review: ['submitted', 'awaiting_payment'],
  approved: null,
  issued: null,
};

/**
 * The service's own SMS for this step (its definition's `status_sms`, in the account's language),
 * its placeholders filled in; undefined when the service leaves the step to the engine's words.
 */
function ownText(
  moved: { serviceId: string; applicationNo: string; from: string; to: string; note?: string | null },
  printUrl: string | null,
  language: AccountLanguage,
): string | undefined {
  const service = findService(moved.serviceId);
  if (!service?.status_sms || !Object.hasOwn(OWN_STEP_FROM, moved.to)) return undefined;
  const step = moved.to as StatusSmsStep;
  const english = service.status_sms[step];
  if (!english) return undefined;
  const from = OWN_STEP_FROM[step];
  if (from && !from.includes(moved.from)) return undefined;
  const text = (language === 'sw' && service.texts?.sw?.status_sms?.[step]) || english;
  const filled: Record<string, string> = {
    application_no: moved.applicationNo,
    note: moved.note?.trim() ?? '',
    print_url: printUrl ?? '',
  };
  return text
    .replace(/\{([a-z_]+)\}/g, (whole, name: string) => filled[name] ?? whole)
    .replace(/\s+/g, ' ')
    .trim();
}

const STATUS_SMS: Record<
  AccountLanguage,
  {
    print(url: string): string;
    paidAndIssued(no: string, print: string): string;
    issued(no: string, print: string): string;
    paidForReview(no: string): string;
    approved(no: string): string;
  }
> = {
  en: {
    print: (url) => ` Print it at ${url}`,
    paidAndIssued: (no, print) =>
      `County e-services: payment received for application ${no}. Your document has been issued.${print}`,
    issued: (no, print) => `County e-services: your document for application ${no} has been issued.${print}`,
    paidForReview: (no) =>
      `County e-services: payment received for application ${no}. It is now with the county for review.`,
    approved: (no) =>
      `County e-services: application ${no} has been approved. We will send you a message when its document is ready.`,
  },
  sw: {
    print: (url) => ` Ichapishe kwa ${url}`,
    paidAndIssued: (no, print) =>
      `Huduma za kaunti: malipo ya ombi ${no} yamepokelewa. Hati yako imetolewa.${print}`,
    issued: (no, print) => `Huduma za kaunti: hati ya ombi lako ${no} imetolewa.${print}`,
    paidForReview: (no) =>
      `Huduma za kaunti: malipo ya ombi ${no} yamepokelewa. Sasa linakaguliwa na kaunti.`,
    approved: (no) =>
      `Huduma za kaunti: ombi ${no} limeidhinishwa. Tutakutumia ujumbe hati yake itakapokuwa tayari.`,
  },
};

export function createStatusSms(deps: {
  db: Db;
  sms: SmsGateway;
  links: Pick<ApplicationDocuments, 'link'>;
  log: { warn(object: Record<string, unknown>, message: string): void };
}): StatusListener {
  return (tx, { row, from, to, document, note }) => {
    const moved = {
      applicationNo: row.applicationNo,
      serviceId: row.serviceId,
      from,
      to,
      note: note ?? null,
    };
    const printUrl = document
      ? (deps.links.link(document).print_url ?? deps.links.link(document).pdf_url)
      : null;
    if (!statusSmsText(moved, printUrl)) return;
    // Sent once the move is committed (a shared transaction's callbacks), never awaited by it:
    // the phone is read outside the transaction, which on the embedded database waits for it.
    afterCommit(tx, () => {
      void (async () => {
        const [user] = await deps.db
          .select({ phone: users.phoneNumber, language: users.language })
          .from(users)
          .where(eq(users.id, row.userId))
          .limit(1);
        const text = user && statusSmsText(moved, printUrl, user.language);
        if (!user || !text) return;
        const result = await deps.sms.send(user.phone, text);
        if (!result.accepted) deps.log.warn({}, 'status SMS was not accepted by the gateway');
      })().catch(() => deps.log.warn({}, 'status SMS could not be sent'));
    });
  };
}

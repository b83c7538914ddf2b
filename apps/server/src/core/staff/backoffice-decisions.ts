import { DECISION_PERMISSION, type Decision } from '@kaunti/contract/api-staff';
import { eq } from 'drizzle-orm';
import { conflict, forbidden } from '../../platform/errors';
import { users } from '../accounts/schema';
import type { BackOfficeAccess } from './backoffice-access';
import type { BackOfficeApplication } from './backoffice-application';
import type { BackOfficeDeps } from './backoffice-types';
import type { LoadedOfficer } from './officer-service';

/** An officer's decisions, through the one status table, the citizen told by SMS where it is theirs to be. */
export function createBackOfficeDecisions(
  deps: BackOfficeDeps,
  access: BackOfficeAccess,
  shown: Pick<BackOfficeApplication, 'get'>,
) {
  const { db } = deps;
  const { loadFor, registerCheckOf } = access;

  /** An SMS in the account's language (`users.language`). */
  async function notify(userId: string, message: Record<'en' | 'sw', string>): Promise<void> {
    const [user] = await db
      .select({ phone: users.phoneNumber, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) return;
    const result = await deps.sms.send(user.phone, message[user.language]);
    if (!result.accepted) deps.log.warn({}, 'decision SMS was not accepted by the gateway');
  }

  return {
    /** One decision, with its reason; the citizen is told by SMS of a request or refusal here. */
    async decide(officer: LoadedOfficer, applicationNo: string, decision: Decision, requestId?: string) {
      if (!officer.permissions.includes(DECISION_PERMISSION[decision.status]))
        throw forbidden('Your role does not allow this decision.');
      const { application } = await loadFor(officer, applicationNo);
      const row = await deps.applications.decide(
        application.applicationNo,
        decision.status,
        {
          type: 'staff',
          id: officer.userId,
        },
        {
          note: decision.reason || null,
          requestId,
          check: async (locked, approvedBy, tx) => {
            if (locked.userId === officer.userId) throw forbidden('You cannot decide your own application.');
            if (decision.status === 'issued' && approvedBy === officer.userId)
              throw forbidden('You approved this application: another officer must issue it (four eyes).');
            // What the county's records forbid: never approved or issued while it holds.
            if (decision.status === 'approved' || decision.status === 'issued') {
              const register = await registerCheckOf(tx, locked);
              if (register && register.problems.length > 0)
                throw conflict(register.problems.join(' '), 'register_forbids');
            }
          },
        },
      );
      const no = row.applicationNo;
      if (decision.status === 'needs_info')
        await notify(row.userId, {
          en: `County e-services: application ${no} needs more information: ${decision.reason} Answer at ${deps.publicUrl}/account/service-applications`,
          sw: `Huduma za kaunti: ombi ${no} linahitaji maelezo zaidi: ${decision.reason} Jibu kwa ${deps.publicUrl}/account/service-applications`,
        });
      else if (decision.status === 'rejected')
        await notify(row.userId, {
          en: `County e-services: application ${no} was not approved. Reason: ${decision.reason}`,
          sw: `Huduma za kaunti: ombi ${no} halikuidhinishwa. Sababu: ${decision.reason}`,
        });
      // Approved and issued are told by the status move itself (applications/status-sms.ts).
      return shown.get(officer, no);
    },
  };
}

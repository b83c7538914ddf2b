import { findService } from '@kaunti/catalogue/catalogue';
import { findWorkflow } from '@kaunti/catalogue/registries/workflows';
import type { Application, ApplicationStatus } from '@kaunti/contract/api-applications';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { conflict, notFound } from '../../platform/errors';
import type { Actor } from '../audit/audit';
import { balanceDueMessage, paidTowards } from './application-money';
import { applicationEvents, applications } from './schema';

type ApplicationRow = typeof applications.$inferSelect;

import type { ApplicationParts } from './application-types';

/** Status changes by county staff or the system: a plain move, and a checked back-office decision. */
export function createApplicationDecisions(deps: ApplicationParts) {
  const { db } = deps;
  const { lockApplication, transition } = deps.transitions;
  const { toApi } = deps.views;
  return {
    /**
     * A status change by county staff or the system (review decisions, issuing). The back-office
     * issue builds its routes on this; the move must be in the status table.
     */
    async changeStatus(
      applicationNo: string,
      to: ApplicationStatus,
      actor: Actor,
      options: { note?: string; requestId?: string } = {},
    ): Promise<Application> {
      return db.transaction(async (tx) => {
        const row = await lockApplication(tx, eq(applications.applicationNo, applicationNo));
        if (!row) throw notFound('We could not find that application.');
        await transition(tx, row, row.status, to, actor, options);
        return { ...toApi(row), status: to };
      });
    },

    /**
     * A back-office decision: the row is locked, `check` sees it and who approved it (if anyone)
     * and refuses by throwing (four eyes, areas, own application), then the move goes through
     * the status table — issuing issues the document in the same transaction.
     */
    async decide(
      applicationNo: string,
      to: ApplicationStatus,
      actor: Actor,
      options: {
        note: string | null;
        requestId?: string | undefined;
        check: (row: ApplicationRow, approvedBy: string | null, tx: Db) => void | Promise<void>;
      },
    ): Promise<ApplicationRow> {
      return db.transaction(async (tx) => {
        const row = await lockApplication(tx, eq(applications.applicationNo, applicationNo));
        if (!row) throw notFound('We could not find that application.');
        const [approval] = await tx
          .select({ actorId: applicationEvents.actorId })
          .from(applicationEvents)
          .where(and(eq(applicationEvents.applicationId, row.id), eq(applicationEvents.toStatus, 'approved')))
          .orderBy(desc(applicationEvents.id))
          .limit(1);
        await options.check(row, approval?.actorId ?? null, tx);
        // Never approved or issued while its answers are priced above what was paid (issue 36 item 1).
        if (to === 'approved' || to === 'issued') {
          const due = row.feeCents - (await paidTowards(tx, row.id));
          if (due > 0) throw conflict(balanceDueMessage(due), 'balance_due');
        }
        await transition(tx, row, row.status, to, actor, {
          note: options.note,
          requestId: options.requestId,
        });
        // A workflow whose approval is the permit: issued in the same transaction, by the system.
        const service = findService(row.serviceId);
        if (to === 'approved' && service && findWorkflow(service.workflow)?.issue_on_approval) {
          await transition(
            tx,
            { ...row, status: 'approved' },
            'approved',
            'issued',
            { type: 'system', id: 'issue-on-approval' },
            {
              note: 'Issued on approval',
              requestId: options.requestId,
            },
          );
          return { ...row, status: 'issued' as const };
        }
        return { ...row, status: to };
      });
    },
  };
}

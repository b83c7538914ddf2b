import { createBackOfficeAccess } from './backoffice-access';
import { createBackOfficeApplication } from './backoffice-application';
import { createBackOfficeComments } from './backoffice-comments';
import { createBackOfficeDecisions } from './backoffice-decisions';
import { createBackOfficeQueue } from './backoffice-queue';
import type { BackOfficeDeps } from './backoffice-types';

export type { BackOfficeDeps, RegisterCheck, RegisterChecker, SmsLog } from './backoffice-types';

/**
 * The back office's work on applications of any catalogue service: the queue, one application
 * in full, and decisions through the one status table (core/applications/status.ts) with four
 * eyes; the citizen is told of each decision that concerns them by SMS, once.
 *
 * Composed from modules of one concern each: the queue (backoffice-queue.ts), one application in
 * full and its uploads (backoffice-application.ts), decisions (backoffice-decisions.ts) and
 * comments (backoffice-comments.ts); over what an officer may reach and do, with the areas'
 * register checks (backoffice-access.ts).
 */
export function createBackOffice(deps: BackOfficeDeps) {
  const access = createBackOfficeAccess(deps.db);
  const application = createBackOfficeApplication(deps, access);
  const decisions = createBackOfficeDecisions(deps, access, application);
  return {
    addRegisterCheck: access.addRegisterCheck,
    ...createBackOfficeQueue(deps.db, access),
    ...createBackOfficeComments(deps, access),
    get: application.get,
    decide: decisions.decide,
    upload: application.upload,
  };
}
export type BackOffice = ReturnType<typeof createBackOffice>;

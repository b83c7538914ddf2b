import { forbidden } from '../../platform/errors';
import type { BackOfficeAccess } from './backoffice-access';
import type { BackOfficeDeps } from './backoffice-types';
import type { LoadedOfficer } from './officer-service';

/** The comments between officers and the applicant on an application in the officer's areas. */
export function createBackOfficeComments(deps: Pick<BackOfficeDeps, 'comments'>, access: BackOfficeAccess) {
  const { loadFor } = access;
  return {
    /** The comments on an application in the officer's areas, oldest first. */
    async comments(officer: LoadedOfficer, applicationNo: string) {
      const { application } = await loadFor(officer, applicationNo);
      return deps.comments.forOfficer(application);
    },

    /** An officer writes to the applicant on an application in their areas. */
    async comment(officer: LoadedOfficer, applicationNo: string, body: string, requestId?: string) {
      const { application } = await loadFor(officer, applicationNo);
      if (application.userId === officer.userId)
        throw forbidden('You cannot write as an officer on your own application.');
      return deps.comments.addByOfficer(application, officer, body, requestId);
    },
  };
}

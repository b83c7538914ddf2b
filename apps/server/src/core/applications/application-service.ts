import { createApplicationAnswer } from './application-answer';
import { createApplicationBillEvents } from './application-bill-events';
import { createApplicationBookings } from './application-bookings';
import { createApplicationCancellation } from './application-cancellation';
import { catalogueOf } from './application-catalogue';
import { createApplicationDecisions } from './application-decisions';
import { createApplicationReads } from './application-reads';
import { createApplicationSubmission } from './application-submission';
import { createApplicationTransitions } from './application-transitions';
import type { ApplicationServiceDeps } from './application-types';
import { createApplicationViews } from './application-views';
import { createBookings } from './bookings';
import { createSubmissionChecks } from './submission-checks';

export * from './application-money';
export type { ApplicationServiceDeps, SubmitInput } from './application-types';
export type { AreaValidator } from './submission-checks';

/**
 * The application engine shared by every catalogue service: validate by the definition, check
 * uploads and area rules, number it, bill its fee, and move it through the one status table,
 * writing each change to the history and the audit log in the same transaction.
 *
 * Composed from modules of one concern each: submission (application-submission.ts), the
 * applicant's reads (application-reads.ts), cancellation by the applicant
 * (application-cancellation.ts), answering a request for information (application-answer.ts),
 * what a bill's payment or cancellation does (application-bill-events.ts), staff and system
 * decisions (application-decisions.ts), the booking calls (application-bookings.ts) and the
 * catalogue as the API lists it (application-catalogue.ts); over the checks
 * (submission-checks.ts), the status moves (application-transitions.ts), bookings (bookings.ts),
 * how an application is shown (application-views.ts) and its money (application-money.ts).
 */
export function createApplicationService(deps: ApplicationServiceDeps) {
  const checks = createSubmissionChecks(deps);
  const transitions = createApplicationTransitions(deps);
  const { onIssued, onIssuing, onStatusChanged } = transitions;
  // What a booking holds follows its application's status (decision 031).
  const bookings = createBookings({ bills: deps.bills, transitions });
  onStatusChanged(bookings.onStatusChanged);
  const parts = { ...deps, checks, transitions, bookings, views: createApplicationViews(deps) };
  return {
    /** Adds an area's own checks (run after the catalogue's validation, before anything is saved). */
    addValidator: checks.addValidator,
    /** Adds an area's own step when one of its applications is issued (same transaction). */
    onIssued,
    onIssuing,
    /** Told of every status move, in its transaction (the citizen's SMS: status-sms.ts). */
    onStatusChanged,
    ...createApplicationSubmission(parts),
    ...createApplicationReads(parts),
    ...createApplicationCancellation(parts),
    ...createApplicationBillEvents(parts),
    ...createApplicationDecisions(parts),
    ...createApplicationAnswer(parts),
    ...createApplicationBookings(parts),
    catalogue: catalogueOf,
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;

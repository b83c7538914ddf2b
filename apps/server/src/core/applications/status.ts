import type { ApplicationStatus } from '@kaunti/contract/api-applications';
import { StateMachine } from '../../platform/state-machine';

/**
 * Every allowed move of an application's status, in ONE table. The engine and county staff only
 * change a status through `applications.transition`, which asks this table first.
 *
 *   draft            → submitted, cancelled
 *   submitted        → awaiting_payment (a fee was billed), under_review (no fee),
 *                      issued (instant workflow, no fee), cancelled
 *   awaiting_payment → under_review (paid), issued (paid, instant workflow), cancelled
 *   under_review     → approved, rejected, needs_info
 *   needs_info       → under_review (the applicant answered), awaiting_payment (the answers
 *                      cost more than was paid: a supplementary bill), cancelled
 *   approved         → issued
 *   rejected, issued, cancelled: final
 */
export const applicationStatus = new StateMachine<ApplicationStatus>('application', {
  draft: ['submitted', 'cancelled'],
  submitted: ['awaiting_payment', 'under_review', 'issued', 'cancelled'],
  awaiting_payment: ['under_review', 'issued', 'cancelled'],
  under_review: ['approved', 'rejected', 'needs_info'],
  needs_info: ['under_review', 'awaiting_payment', 'cancelled'],
  approved: ['issued'],
  rejected: [],
  issued: [],
  cancelled: [],
});

/** The statuses from which the applicant may cancel. */
export const CANCELLABLE_BY_APPLICANT: readonly ApplicationStatus[] = [
  'draft',
  'submitted',
  'awaiting_payment',
  'needs_info',
];

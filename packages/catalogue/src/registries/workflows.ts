/**
 * The workflows, by name: what happens to an application after it is submitted. The statuses and
 * the allowed moves between them are ONE table on the server (core/applications/status.ts); a
 * workflow only chooses which of those moves the engine makes by itself.
 */
export interface Workflow {
  name: string;
  description: string;
  /** False for a service whose route acts at once and keeps no application (e.g. linking a parcel). */
  creates_application: boolean;
  /** True when the definition must charge a fee (fee rule other than "none"). */
  requires_fee: boolean;
  /** Where a submitted application with nothing to pay goes. */
  without_fee: 'under_review' | 'issued';
  /** Where an application goes once its bill is paid. */
  after_payment: 'under_review' | 'issued';
  /** True when an officer's approval issues the document at once (no separate issue decision). */
  issue_on_approval?: boolean;
}

export const workflows = {
  'review-and-issue': {
    name: 'review-and-issue',
    description:
      'Submitted → (awaiting_payment if there is a fee) → under_review → approved / rejected / needs_info; ' +
      'an approved application is issued its document by county staff.',
    creates_application: true,
    requires_fee: false,
    without_fee: 'under_review',
    after_payment: 'under_review',
  },
  'pay-then-review': {
    name: 'pay-then-review',
    description: 'Like review-and-issue, but a fee is always charged and paid before county staff review it.',
    creates_application: true,
    requires_fee: true,
    without_fee: 'under_review',
    after_payment: 'under_review',
  },
  'pay-then-approve': {
    name: 'pay-then-approve',
    description:
      'A fee is paid, then an officer reviews it; the approval itself issues the document (a reserved bay, ' +
      "a change to a matatu): one decision, the approving officer's, recorded with its reason.",
    creates_application: true,
    requires_fee: true,
    without_fee: 'under_review',
    after_payment: 'under_review',
    issue_on_approval: true,
  },
  instant: {
    name: 'instant',
    description:
      'No review: the document is issued as soon as the fee is paid (or at once when there is none).',
    creates_application: true,
    requires_fee: false,
    without_fee: 'issued',
    after_payment: 'issued',
  },
  ticket: {
    name: 'ticket',
    description:
      "No account and no application: the service's route raises the bill of the thing paid for (its `ticket` " +
      'block: one open bill, never charged twice), sends the M-Pesa prompt and issues a ticket with a QR code ' +
      'when it is paid (core/tickets).',
    creates_application: false,
    requires_fee: true,
    without_fee: 'issued',
    after_payment: 'issued',
  },
  direct: {
    name: 'direct',
    description:
      "No application is kept: the area's route does the work at once (link a parcel, raise a rates bill).",
    creates_application: false,
    requires_fee: false,
    without_fee: 'issued',
    after_payment: 'issued',
  },
} as const satisfies Record<string, Workflow>;

export type WorkflowName = keyof typeof workflows;

export function findWorkflow(name: string): Workflow | undefined {
  return Object.hasOwn(workflows, name) ? (workflows as Record<string, Workflow>)[name] : undefined;
}

import { APPLICATION_STATUSES } from '@kaunti/contract/api-applications';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { billStatus } from '../bills/status';
import { applicationStatus } from './status';

const allowed: Record<string, string[]> = {
  draft: ['submitted', 'cancelled'],
  submitted: ['awaiting_payment', 'under_review', 'issued', 'cancelled'],
  awaiting_payment: ['under_review', 'issued', 'cancelled'],
  under_review: ['approved', 'rejected', 'needs_info'],
  needs_info: ['under_review', 'awaiting_payment', 'cancelled'],
  approved: ['issued'],
  rejected: [],
  issued: [],
  cancelled: [],
};

describe('the application status table', () => {
  it('names every status of the contract', () => {
    expect(applicationStatus.states().sort()).toEqual([...APPLICATION_STATUSES].sort());
  });

  it.each(APPLICATION_STATUSES.flatMap((from) => APPLICATION_STATUSES.map((to) => [from, to] as const)))(
    '%s → %s is allowed only when the lifecycle says so',
    (from, to) => {
      const expected = allowed[from]!.includes(to);
      expect(applicationStatus.can(from, to)).toBe(expected);
      if (expected) expect(() => applicationStatus.assert(from, to)).not.toThrow();
      else {
        const error = (() => {
          try {
            applicationStatus.assert(from, to);
          } catch (e) {
            return e;
          }
        })();
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).statusCode).toBe(409);
        expect((error as AppError).code).toBe('illegal_transition');
      }
    },
  );

  it('never leaves a final status, and a bill is final once paid or cancelled', () => {
    for (const final of ['rejected', 'issued', 'cancelled'] as const)
      expect(applicationStatus.next(final)).toEqual([]);
    expect(billStatus.next('paid')).toEqual([]);
    expect(billStatus.next('cancelled')).toEqual([]);
    expect(billStatus.can('unpaid', 'partially_paid')).toBe(true);
    expect(billStatus.can('partially_paid', 'unpaid')).toBe(false);
  });
});

import {
  feeChangeSchema,
  feeChangesQuerySchema,
  feeChangesResponseSchema,
  feeRowsQuerySchema,
  feeRowsResponseSchema,
  proposeFeeChangeSchema,
  revenueReasonSchema,
} from '@kaunti/contract/api-staff';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, type Guards } from '../accounts/guard';
import type { FeeChanges } from './fee-changes';

const changeParams = z.object({ id: z.uuid({ message: 'Not found.' }) });

/**
 * The county's fees in the back office: the schedules as they stand, and changes an administrator
 * proposes and a second officer (administrator or revenue) confirms (four eyes).
 */
export function tariffRoutes(deps: { guards: Guards; feeChanges: FeeChanges }): FastifyPluginAsyncZod {
  const { guards, feeChanges } = deps;
  return async (app) => {
    const tags = ['staff'];

    app.get(
      '/api/staff/fees',
      {
        onRequest: guards.can('fees.confirm'),
        schema: {
          operationId: 'listFees',
          tags,
          summary: "The county's fee schedules: every row, with the one in force today marked",
          description:
            'Newest first within each item; rows to come (confirmed changes from a later day) are listed too. ' +
            'At most 500 rows: narrow with `schedule` or `q`.',
          querystring: feeRowsQuerySchema,
          response: { 200: feeRowsResponseSchema },
        },
      },
      async (request) => ({ data: await feeChanges.rows(request.query) }),
    );

    app.get(
      '/api/staff/fees/changes',
      {
        onRequest: guards.can('fees.confirm'),
        schema: {
          operationId: 'listFeeChanges',
          tags,
          summary: 'Fee changes proposed, confirmed and rejected, newest first',
          description:
            'Newest proposed first, optionally by `status`: `limit` of them (default 50), then `next_cursor` to ' +
            'send as `cursor` for the next page (null on the last). `proposed_by_me` tells the signed-in officer ' +
            'which ones they may not confirm; `previous_cents` is what the row in force charged when the change ' +
            'was proposed.',
          querystring: feeChangesQuerySchema,
          response: { 200: feeChangesResponseSchema, 400: errorBodySchema },
        },
      },
      async (request) => feeChanges.list(currentUser(request).id, request.query),
    );

    app.post(
      '/api/staff/fees/changes',
      {
        onRequest: guards.can('fees.propose'),
        schema: {
          operationId: 'proposeFeeChange',
          tags,
          summary: 'Propose a new amount for a fee from a day after today (administrators)',
          description:
            'Never an edit of a row already charged: the amount is a new row from its day, in force only once ' +
            'a second officer confirms it. An unknown fee is a 404; a day that is not after today, or the amount ' +
            'already charged then, is a 400; a row or an open proposal for that day is a 409.',
          body: proposeFeeChangeSchema,
          response: {
            201: feeChangeSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const change = await feeChanges.propose(
          {
            schedule: request.body.schedule,
            item: request.body.item,
            effectiveFrom: request.body.effective_from,
            amountCents: request.body.amount_cents,
            reason: request.body.reason,
          },
          currentUser(request).id,
          request.id,
        );
        return reply.code(201).send(change);
      },
    );

    app.post(
      '/api/staff/fees/changes/:id/confirm',
      {
        onRequest: guards.can('fees.confirm'),
        schema: {
          operationId: 'confirmFeeChange',
          tags,
          summary: 'Confirm a fee change another officer proposed (administrators, revenue officers)',
          description:
            'Four eyes: its proposer is a 403. A change already decided, or whose day has come, is a 409.',
          params: changeParams,
          response: {
            200: feeChangeSchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => feeChanges.confirm(request.params.id, currentUser(request).id, request.id),
    );

    app.post(
      '/api/staff/fees/changes/:id/reject',
      {
        onRequest: guards.can('fees.confirm'),
        schema: {
          operationId: 'rejectFeeChange',
          tags,
          summary: 'Reject a proposed fee change, or withdraw one of your own, with the reason',
          description:
            'The schedules stay as they were. A change already decided is a 409; a reason under 3 characters a 400.',
          params: changeParams,
          body: revenueReasonSchema,
          response: { 200: feeChangeSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) =>
        feeChanges.reject(request.params.id, currentUser(request).id, request.body.reason, request.id),
    );
  };
}

import {
  billParamsSchema,
  billSchema,
  billsQuerySchema,
  billsResponseSchema,
} from '@kaunti/contract/api-bills';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../accounts/guard';
import type { BillService } from './bill-service';

/** The signed-in user's bills. Another user's bill number answers 404, as an unknown one does. */
export function billRoutes(deps: { bills: BillService; guards: Guards }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/bills',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          tags: ['bills'],
          summary: "The user's bills, newest first",
          description:
            "The caller's bills, newest first, optionally by status (unpaid, partially_paid, paid, cancelled). Amounts are integer cents.",
          security: [{ bearer: [] }],
          querystring: billsQuerySchema,
          response: { 200: billsResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({
        data: await deps.bills.listForUser(currentUser(request).id, {
          status: request.query.status,
          area: request.query.area,
        }),
      }),
    );
    app.get(
      '/api/bills/:bill_no',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          tags: ['bills'],
          summary: "One of the user's bills, with its lines (Amount, Description, Parcel)",
          description:
            "One of the caller's bills with its lines. Another user's bill number is a 404, as an unknown one is.",
          security: [{ bearer: [] }],
          params: billParamsSchema,
          response: { 200: billSchema, 401: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => deps.bills.getForUser(currentUser(request).id, request.params.bill_no),
    );
  };
}

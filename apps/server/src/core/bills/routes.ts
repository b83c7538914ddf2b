import {
  askedBillsResponseSchema,
  billParamsSchema,
  billSchema,
  billsQuerySchema,
  billsResponseSchema,
  pageQuerySchema,
} from '@kaunti/contract/api-bills';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { replyLanguage } from '../../platform/http/accept-language';
import { currentUser, type Guards } from '../accounts/guard';
import type { BillService } from './bill-service';

/** The signed-in user's bills. Another user's bill number answers 404, as an unknown one does. */
export function billRoutes(deps: { bills: BillService; guards: Guards }): FastifyPluginAsyncZod {
  /** A bill's lines come in the reader's language (Accept-Language), where they have its words. */
  const languageOf = replyLanguage;
  return async (app) => {
    app.get(
      '/api/bills',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'listBills',
          tags: ['bills'],
          summary: "The user's bills, newest first",
          description:
            "The caller's bills, newest first, optionally by status (unpaid, partially_paid, paid, cancelled). Amounts are integer cents. " +
            'A page at a time: `limit` bills (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last). ' +
            "A line's Description is in Kiswahili to Accept-Language: sw where the tariff gives its Kiswahili.",
          security: [{ bearer: [] }],
          querystring: billsQuerySchema,
          response: { 200: billsResponseSchema, 401: errorBodySchema },
        },
      },
      async (request, reply) =>
        deps.bills.listForUser(currentUser(request).id, request.query, languageOf(request, reply)),
    );
    app.get(
      '/api/bills/asked',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'listAskedBills',
          tags: ['bills'],
          summary: 'Bills on other accounts the user asked for, newest request first',
          description:
            "The bills on other accounts the caller asked for through an area's ask flow (a parcel's rates bill, " +
            "POST /api/lands/rates/current-bill), with their lines; the owner's name masked unless the caller is " +
            'the owner the bill is addressed to. Only bills the caller asked for are listed, never any other. ' +
            'Newest request first (asking again brings a bill to the top): `limit` bills (default 50), then ' +
            '`next_cursor` to send as `cursor` for the next page (null on the last).',
          security: [{ bearer: [] }],
          querystring: pageQuerySchema,
          response: { 200: askedBillsResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request, reply) =>
        deps.bills.listAskedForUser(currentUser(request).id, request.query, languageOf(request, reply)),
    );
    app.get(
      '/api/bills/:bill_no',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'getBill',
          tags: ['bills'],
          summary: "One of the user's bills, with its lines (Amount, Description, Parcel)",
          description:
            "One of the caller's bills with its lines, or a bill on another account the caller asked for (its owner's name masked). " +
            "Any other user's bill number is a 404, as an unknown one is.",
          security: [{ bearer: [] }],
          params: billParamsSchema,
          response: { 200: billSchema, 401: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request, reply) =>
        deps.bills.getForUser(currentUser(request).id, request.params.bill_no, languageOf(request, reply)),
    );
  };
}

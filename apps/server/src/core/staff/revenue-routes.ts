import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  collectionsQuerySchema,
  collectionsSchema,
  matchPaymentSchema,
  matchResultSchema,
  revenueReasonSchema,
  unmatchedListSchema,
} from '@kaunti/contract/api-staff';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import { currentUser, type Guards } from '../accounts/guard';
import type { ApplicationService } from '../applications/application-service';
import type { BillService } from '../bills/bill-service';
import type { PaymentService } from '../payments/payment-service';
import type { AuditedRoute } from './audited-routes';
import { collectionsCsv, type RevenueReports } from './revenue-service';

const paymentAudit = {
  entityType: 'payment',
  entityId: (request: FastifyRequest) => String((request.params as { payment_id?: string }).payment_id),
  refused: 'decision.refused',
} satisfies AuditedRoute;

/** A match (proposed or applied) as the revenue screen shows it. */
function matchResult(result: Awaited<ReturnType<PaymentService['confirmMatch']>>) {
  return {
    status: result.status,
    bill_no: result.billNo,
    amount_cents: result.amountCents,
    bill_status: result.billStatus,
  };
}

/**
 * The revenue screens (revenue officers): unmatched money matched (four eyes above an amount) or
 * refunded, a bill cancelled, and the collections report.
 */
export function revenueRoutes(deps: {
  db: Db;
  guards: Guards;
  payments: PaymentService;
  bills: BillService;
  applications: ApplicationService;
  reports: RevenueReports;
}): FastifyPluginAsyncZod {
  const { guards } = deps;
  return async (app) => {
    const tags = ['staff'];

    app.get(
      '/api/staff/revenue/unmatched',
      {
        onRequest: guards.can('revenue.manage'),
        // Payers' phone numbers and names.
        config: {
          audit: { entityType: 'payments', entityId: () => 'unmatched', answered: 'unmatched.viewed' },
        },
        schema: {
          operationId: 'listUnmatchedPayments',
          tags,
          summary: 'Paid money that reached no bill, oldest first (revenue officers)',
          description:
            'Paybill payments whose account number is no open bill (a typo, a cancelled bill), money M-Pesa ' +
            'confirmed beyond an STK prompt, confirmed with Daraja and waiting for an officer to match them ' +
            'to a bill or mark them for refund; with any match above `second_officer_above_cents` waiting ' +
            'for a second revenue officer. Oldest first: `limit` of them (default 50), then `next_cursor` to send ' +
            'as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: unmatchedListSchema },
        },
      },
      async (request) => {
        const page = await deps.payments.listUnmatched(request.query);
        return {
          data: page.data.map(({ row: p, proposal }) => ({
            payment_id: p.id,
            account_typed: p.billNo,
            reason: p.unmatchedReason ?? 'unknown_bill',
            amount_cents: p.amountPaidCents ?? p.amountRequestedCents,
            phone_number: p.phoneNumber,
            payer_name: p.payerName,
            mpesa_receipt_number: p.mpesaReceiptNumber,
            paid_at: (p.completedAt ?? p.createdAt).toISOString(),
            proposal: proposal
              ? {
                  bill_no: proposal.billNo,
                  proposed_by: proposal.proposedBy,
                  proposed_by_name: proposal.proposedByName,
                  reason: proposal.reason,
                  proposed_at: proposal.proposedAt.toISOString(),
                }
              : null,
          })),
          next_cursor: page.next_cursor,
          second_officer_above_cents: deps.payments.secondOfficerAboveCents,
        };
      },
    );

    const paymentParams = z.object({ payment_id: z.uuid({ message: 'Not found.' }) });
    app.post(
      '/api/staff/revenue/unmatched/:payment_id/match',
      {
        onRequest: guards.can('revenue.manage'),
        config: { audit: paymentAudit },
        schema: {
          operationId: 'matchPayment',
          tags,
          summary: 'Credit unmatched money to a bill, with the reason (revenue officers)',
          description:
            'Applied exactly once: a payment already matched or marked for refund is a 409, as is a cancelled ' +
            "bill; an unknown bill is a 404; a bill of the officer's own account is a 403. Above the " +
            'second-officer amount (REVENUE_SECOND_OFFICER_ABOVE) it is only proposed ' +
            '(`awaiting_second_officer`) until another revenue officer confirms it. A paid bill moves its ' +
            'application on as a payment would.',
          params: paymentParams,
          body: matchPaymentSchema,
          response: { 200: matchResultSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        return matchResult(
          await deps.payments.matchUnmatched(
            request.params.payment_id,
            request.body.bill_no,
            currentUser(request).id,
            request.body.reason,
            request.id,
          ),
        );
      },
    );

    app.post(
      '/api/staff/revenue/unmatched/:payment_id/match/confirm',
      {
        onRequest: guards.can('revenue.manage'),
        config: { audit: paymentAudit },
        schema: {
          operationId: 'confirmPaymentMatch',
          tags,
          summary: 'Confirm a match another revenue officer proposed (revenue officers)',
          description:
            'Four eyes: the officer who proposed it, or one whose account holds the bill, is a 403. The money is ' +
            'credited then, exactly once; a payment with no match waiting is a 409.',
          params: paymentParams,
          response: { 200: matchResultSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        return matchResult(
          await deps.payments.confirmMatch(request.params.payment_id, currentUser(request).id, request.id),
        );
      },
    );

    app.post(
      '/api/staff/revenue/unmatched/:payment_id/match/refuse',
      {
        onRequest: guards.can('revenue.manage'),
        config: { audit: paymentAudit },
        schema: {
          operationId: 'refusePaymentMatch',
          tags,
          summary: 'Refuse (or withdraw) a proposed match, with the reason (revenue officers)',
          description: 'The money is unmatched again. A payment with no match waiting is a 409.',
          params: paymentParams,
          body: revenueReasonSchema,
          response: { 200: z.object({ message: z.string() }), 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        await deps.payments.refuseMatch(
          request.params.payment_id,
          currentUser(request).id,
          request.body.reason,
          request.id,
        );
        return { message: 'The proposed match was refused: the money is unmatched again.' };
      },
    );

    app.post(
      '/api/staff/revenue/unmatched/:payment_id/refund',
      {
        onRequest: guards.can('revenue.manage'),
        config: { audit: paymentAudit },
        schema: {
          operationId: 'refundPayment',
          tags,
          summary: 'Mark unmatched money for refund to the payer, with the reason (revenue officers)',
          description: 'A payment already matched or marked is a 409.',
          params: paymentParams,
          body: revenueReasonSchema,
          response: { 200: z.object({ message: z.string() }), 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => {
        await deps.payments.markForRefund(
          request.params.payment_id,
          currentUser(request).id,
          request.body.reason,
          request.id,
        );
        return { message: 'Marked for refund.' };
      },
    );

    app.post(
      '/api/staff/bills/:bill_no/cancel',
      {
        onRequest: guards.can('revenue.manage'),
        config: {
          audit: {
            entityType: 'bill',
            entityId: (request) =>
              String((request.params as { bill_no?: string }).bill_no)
                .trim()
                .toUpperCase(),
            refused: 'decision.refused',
          },
        },
        schema: {
          operationId: 'cancelBill',
          tags,
          summary: 'Cancel a bill, with the reason (revenue officers)',
          description:
            'Only a bill with nothing paid (409 otherwise). An application waiting for its payment is ' +
            'cancelled with it, the reason in its history.',
          params: z.object({ bill_no: z.string().max(40) }),
          body: revenueReasonSchema,
          response: {
            200: z.object({ bill_no: z.string(), application_no: z.string().nullable() }),
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        const actor = { type: 'staff' as const, id: currentUser(request).id };
        const billNo = request.params.bill_no.trim().toUpperCase();
        const applicationNo = await deps.db.transaction(async (tx) => {
          await deps.bills.cancel(tx, billNo, actor, request.body.reason, request.id);
          return deps.applications.onBillCancelled(tx, billNo, actor, request.body.reason, request.id);
        });
        return { bill_no: billNo, application_no: applicationNo };
      },
    );

    app.get(
      '/api/staff/revenue/collections',
      {
        onRequest: guards.can('revenue.manage'),
        config: {
          audit: {
            entityType: 'report',
            entityId: () => 'collections',
            answered: (request) =>
              (request.query as { format?: string }).format === 'csv' ? 'report.exported' : 'report.viewed',
            data: (request) => {
              const { from, to, format } = request.query as { from?: string; to?: string; format?: string };
              return { from, to, format: format ?? 'json' };
            },
          },
        },
        schema: {
          operationId: 'getCollections',
          tags,
          summary: 'Collections by day, service area and sub-county, on screen or as CSV (revenue officers)',
          description:
            'Money credited to bills between `from` and `to` (Kenyan dates, at most a year). Its totals are ' +
            'the sums of the payments. `format=csv` answers a spreadsheet (amounts in shillings). A report ' +
            'may take longer than other requests: it has its own database limit (DATABASE_REPORT_TIMEOUT_MS, ' +
            'a minute by default) before it answers 503.',
          querystring: collectionsQuerySchema,
          produces: ['application/json', 'text/csv'],
          response: { 200: collectionsSchema },
        },
      },
      async (request, reply) => {
        const report = await deps.reports.collections(request.query.from, request.query.to);
        if (request.query.format === 'csv') {
          // A string is sent as it is (Fastify serializes only objects): the CSV the document
          // declares as text/csv; the typed reply knows only the JSON shape.
          return reply
            .type('text/csv; charset=utf-8')
            .header(
              'content-disposition',
              `attachment; filename="collections-${report.from}-to-${report.to}.csv"`,
            )
            .send(collectionsCsv(report) as never);
        }
        return report;
      },
    );
  };
}

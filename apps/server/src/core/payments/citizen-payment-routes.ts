import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  obligationsResponseSchema,
  pageQuerySchema,
  paymentParamsSchema,
  paymentSchema,
  paymentsResponseSchema,
  stkPushRequestSchema,
  stkPushResponseSchema,
} from '@kaunti/contract/api-payments';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../accounts/guard';
import { errors, type PaymentRouteDeps, security, tags } from './payment-route-kit';

/** Paying one of your bills by M-Pesa, polling it, your transactions and everything you owe. */
export function citizenPaymentRoutes(deps: PaymentRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/payments/mpesa/stk-push',
      {
        onRequest: deps.guards.requireUser,
        // A first, cheap line of defence per user (the service also limits per phone, in the DB).
        config: {
          rateLimit: {
            max: 20,
            timeWindow: '10 minutes',
            keyGenerator: (request) => request.user?.id ?? request.ip,
          },
          answerHeaders: { 200: ['idempotent-replayed'] },
        },
        schema: {
          operationId: 'startStkPush',
          tags,
          security,
          summary: 'Pay one of your bills by M-Pesa (STK push)',
          description:
            'Sends the "enter your M-Pesa PIN" prompt to `phone_number` for `amount` whole shillings ' +
            '(default: the balance rounded up to a shilling). Requires an `Idempotency-Key` header: a retry with ' +
            'the same key and body answers the first answer (header `idempotent-replayed: true`); the same key ' +
            'with another body is a 409 `idempotency_conflict`. 404 for a bill that is not yours, 409 for a paid ' +
            'or cancelled bill or while another prompt for it is pending, 429 beyond 20 pushes per user or 5 per ' +
            'phone in 10 minutes, 503 when M-Pesa could not be reached. Then poll `GET /api/payments/{payment_id}`.',
          headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema }),
          body: stkPushRequestSchema,
          response: {
            200: stkPushResponseSchema,
            ...errors,
            409: errorBodySchema,
            429: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const result = await deps.payments.startStkPush({
          userId: currentUser(request).id,
          // Checked by the schema above (8 to 255 printable characters).
          idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
          body: request.body,
          requestId: request.id,
        });
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return result.body;
      },
    );

    app.get(
      '/api/payments',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'listPayments',
          tags,
          security,
          summary: 'Your payments (transactions history), newest first, a page at a time',
          description:
            "The caller's payments (the transactions history), newest first: `limit` of them (default 50), " +
            'then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: paymentsResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => deps.payments.listForUser(currentUser(request).id, request.query),
    );

    app.get(
      '/api/payments/:payment_id',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'getPayment',
          tags,
          security,
          summary: 'One of your payments: its status (pending, paid, failed, cancelled) and receipt number',
          description:
            "One of the caller's payments: pending, paid, failed or cancelled, with the M-Pesa receipt number once paid. Poll this after an STK push.",
          params: paymentParamsSchema,
          response: { 200: paymentSchema, 401: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => deps.payments.getForUser(currentUser(request).id, request.params.payment_id),
    );

    app.get(
      '/api/account/obligations',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          operationId: 'listObligations',
          tags,
          security,
          summary: 'Everything you owe across services (open bills by service area) and your credit',
          description:
            'Everything the caller owes across services: open bills grouped by service area, and any credit.',
          response: { 200: obligationsResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await deps.payments.obligations(currentUser(request).id) }),
    );
  };
}

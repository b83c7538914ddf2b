import {
  c2bRegisterResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  mpesaAckSchema,
  obligationsResponseSchema,
  paymentParamsSchema,
  paymentSchema,
  paymentsResponseSchema,
  stkPushRequestSchema,
  stkPushResponseSchema,
} from '@kaunti/contract/api-payments';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors';
import { CALLBACK_ACK, isPathSecretValid } from '../../platform/mpesa/callbacks';
import { currentUser, type Guards } from '../accounts/guard';
import { CALLBACK_PATHS, type PaymentService } from './payment-service';

const tags = ['payments'];
const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const secretParams = z.object({ secret: z.string().max(200) });
/** Daraja sends JSON; a body that is not an object is logged and acknowledged like any other. */
const anyBody = z.unknown();

/**
 * The payments API:
 *  - `POST /api/payments/mpesa/stk-push` (Idempotency-Key) — pay one of your bills by M-Pesa;
 *  - `GET /api/payments/{payment_id}` — poll it; `GET /api/payments` — your transactions;
 *  - `GET /api/account/obligations` — everything you owe, by service area, and your credit;
 *  - the Daraja callbacks, authenticated by the secret in their path (wrong secret: 404, nothing
 *    processed): `POST /api/payments/callbacks/stk/{secret}`,
 *    `/api/payments/callbacks/c2b/validation/{secret}`, `/api/payments/callbacks/c2b/confirmation/{secret}`;
 *  - `POST /api/staff/payments/c2b/register` — register the C2B URLs with Daraja (staff, on demand).
 */
export function paymentRoutes(deps: {
  payments: PaymentService;
  guards: Guards;
  callbackSecret: string;
  /** During a rotation, the retiring secret is still accepted (docs/operations.md). */
  previousCallbackSecret?: string | undefined;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const checkSecret = (secret: string) => {
      const current = isPathSecretValid(secret, deps.callbackSecret);
      const previous = deps.previousCallbackSecret
        ? isPathSecretValid(secret, deps.previousCallbackSecret)
        : false;
      if (!current && !previous) throw notFound();
    };

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
        },
        schema: {
          tags,
          security,
          summary: 'Pay one of your bills by M-Pesa (STK push)',
          description:
            'Sends the "enter your M-Pesa PIN" prompt to `phone_number` for `amount` whole shillings ' +
            '(default: the balance rounded up to a shilling). Requires an `Idempotency-Key` header: a retry with ' +
            'the same key and body answers the first answer (header `idempotent-replayed: true`); the same key ' +
            'with another body is a 409 `idempotency_conflict`. 404 for a bill that is not yours, 409 for a paid ' +
            'or cancelled bill or while another prompt for it is pending, 429 beyond 10 pushes per user or 5 per ' +
            'phone in 10 minutes, 503 when M-Pesa could not be reached. Then poll `GET /api/payments/{payment_id}`.',
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
        const key = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
        if (!key.success)
          throw badRequest(key.error.issues[0]?.message ?? 'An Idempotency-Key header is required.');
        const result = await deps.payments.startStkPush({
          userId: currentUser(request).id,
          idempotencyKey: key.data,
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
          tags,
          security,
          summary: 'Your payments (transactions history), newest first',
          response: { 200: paymentsResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await deps.payments.listForUser(currentUser(request).id) }),
    );

    app.get(
      '/api/payments/:payment_id',
      {
        onRequest: deps.guards.requireUser,
        schema: {
          tags,
          security,
          summary: 'One of your payments: its status (pending, paid, failed, cancelled) and receipt number',
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
          tags,
          security,
          summary: 'Everything you owe across services (open bills by service area) and your credit',
          response: { 200: obligationsResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await deps.payments.obligations(currentUser(request).id) }),
    );

    // Daraja's callbacks -----------------------------------------------------------------------
    const callbackSchema = (summary: string) => ({
      tags: ['mpesa-callbacks'],
      summary,
      params: secretParams,
      body: anyBody,
      response: { 200: mpesaAckSchema, 404: errorBodySchema },
    });

    app.post(
      `${CALLBACK_PATHS.stk}/:secret`,
      { schema: callbackSchema('Daraja STK push callback (secret in the path)') },
      async (request) => {
        checkSecret(request.params.secret);
        await deps.payments.handleStkCallback(request.body, request.id);
        return CALLBACK_ACK;
      },
    );

    app.post(
      `${CALLBACK_PATHS.c2bValidation}/:secret`,
      { schema: callbackSchema('Daraja C2B validation: accept a known bill number') },
      async (request) => {
        checkSecret(request.params.secret);
        return deps.payments.handleC2bValidation(request.body);
      },
    );

    app.post(
      `${CALLBACK_PATHS.c2bConfirmation}/:secret`,
      { schema: callbackSchema('Daraja C2B confirmation: a payment at the paybill') },
      async (request) => {
        checkSecret(request.params.secret);
        await deps.payments.handleC2bConfirmation(request.body, request.id);
        return CALLBACK_ACK;
      },
    );

    app.post(
      `${CALLBACK_PATHS.transactionStatus}/:secret`,
      {
        schema: callbackSchema("Daraja's answer to a transaction status query (confirms a paybill payment)"),
      },
      async (request) => {
        checkSecret(request.params.secret);
        await deps.payments.handleTransactionStatusResult(request.body, request.id);
        return CALLBACK_ACK;
      },
    );

    app.post(
      `${CALLBACK_PATHS.transactionStatusTimeout}/:secret`,
      {
        schema: callbackSchema(
          'Daraja: a transaction status query timed out in its queue (asked again later)',
        ),
      },
      async (request) => {
        checkSecret(request.params.secret);
        request.log.warn({}, 'transaction status query timed out at Daraja: reconciliation asks again');
        return CALLBACK_ACK;
      },
    );

    app.post(
      '/api/staff/payments/c2b/register',
      {
        onRequest: deps.guards.requireStaff,
        schema: {
          tags,
          security,
          summary: "Register the paybill's C2B validation and confirmation URLs with Daraja (staff)",
          description:
            'An operator step, once per deployment (production Daraja refuses a second registration). ' +
            '`response_type` Completed: M-Pesa accepts payments when validation cannot be reached.',
          body: z.object({ response_type: z.enum(['Completed', 'Cancelled']).optional() }).optional(),
          response: {
            200: c2bRegisterResponseSchema,
            401: errorBodySchema,
            403: errorBodySchema,
          },
        },
      },
      async (request) => deps.payments.registerC2bUrls(request.body?.response_type ?? 'Completed'),
    );
  };
}

import {
  c2bRegisterResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  mpesaAckSchema,
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
import { notFound } from '../../platform/errors';
import { CALLBACK_ACK, isPathSecretValid } from '../../platform/mpesa/callbacks';
import { currentUser, type Guards } from '../accounts/guard';
import { CALLBACK_PATHS, type PaymentService } from './payment-service';

const tags = ['payments'];
const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
/** Fastify's router refuses a path parameter over 100 characters; the document says so. */
const secretParams = z.object({ secret: z.string().max(100) });
/** What Daraja posts to each callback (sandbox values), for the document. */
const DARAJA_EXAMPLES = {
  stk: {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: 'ws_CO_191220191020363925',
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: 4235 },
            { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
            { Name: 'TransactionDate', Value: 20261124102115 },
            { Name: 'PhoneNumber', Value: 254708374149 },
          ],
        },
      },
    },
  },
  c2bValidation: {
    TransactionType: 'Pay Bill',
    TransID: 'RKTQDM7W6S',
    TransTime: '20261124063845',
    TransAmount: '4235.00',
    BusinessShortCode: '600000',
    BillRefNumber: 'NCCB40213378',
    MSISDN: '2547 ***** 149',
    FirstName: 'WANJIKU',
  },
  c2bConfirmation: {
    TransactionType: 'Pay Bill',
    TransID: 'RKTQDM7W6S',
    TransTime: '20261124063845',
    TransAmount: '4235.00',
    BusinessShortCode: '600000',
    BillRefNumber: 'NCCB40213378',
    OrgAccountBalance: '',
    MSISDN: '2547 ***** 149',
    FirstName: 'WANJIKU',
  },
  statusResult: {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      OriginatorConversationID: '1234-5678-1',
      ConversationID: 'AG_20261124_00004e48cf7e3533f581',
      TransactionID: 'RKTQDM7W6S',
      ResultParameters: {
        ResultParameter: [
          { Key: 'ReceiptNo', Value: 'RKTQDM7W6S' },
          { Key: 'Amount', Value: 4235 },
          { Key: 'TransactionStatus', Value: 'Completed' },
        ],
      },
    },
  },
  statusTimeout: {
    Result: {
      ResultType: 0,
      ResultCode: 1,
      ResultDesc: 'The request was not processed in time.',
      OriginatorConversationID: '1234-5678-1',
      ConversationID: 'AG_20261124_00004e48cf7e3533f581',
    },
  },
};

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

    // Daraja's callbacks -----------------------------------------------------------------------
    const callbackSchema = (operationId: string, summary: string, description: string, example: unknown) => ({
      operationId,
      tags: ['mpesa-callbacks'],
      summary,
      description,
      params: secretParams,
      body: anyBody.meta({ examples: [example] }),
      response: { 200: mpesaAckSchema, 404: errorBodySchema },
    });

    app.post(
      `${CALLBACK_PATHS.stk}/:secret`,
      {
        schema: callbackSchema(
          'receiveStkCallback',
          'Daraja STK push callback (secret in the path)',
          'Daraja posts the outcome of an STK push here. The payment is credited only after `stkpushquery` confirms it; the answer is always a Daraja acknowledgement.',
          DARAJA_EXAMPLES.stk,
        ),
      },
      async (request) => {
        checkSecret(request.params.secret);
        await deps.payments.handleStkCallback(request.body, request.id);
        return CALLBACK_ACK;
      },
    );

    app.post(
      `${CALLBACK_PATHS.c2bValidation}/:secret`,
      {
        schema: callbackSchema(
          'validateC2bPayment',
          'Daraja C2B validation: accept a known bill number',
          "Daraja asks whether to accept a paybill payment; the account number must be an open bill's number.",
          DARAJA_EXAMPLES.c2bValidation,
        ),
      },
      async (request) => {
        checkSecret(request.params.secret);
        return deps.payments.handleC2bValidation(request.body);
      },
    );

    app.post(
      `${CALLBACK_PATHS.c2bConfirmation}/:secret`,
      {
        schema: callbackSchema(
          'confirmC2bPayment',
          'Daraja C2B confirmation: a payment at the paybill',
          'Daraja reports a paybill payment. It is kept pending until a transaction status query confirms it, then credited once.',
          DARAJA_EXAMPLES.c2bConfirmation,
        ),
      },
      async (request) => {
        checkSecret(request.params.secret);
        await deps.payments.handleC2bConfirmation(request.body, request.id);
        return CALLBACK_ACK;
      },
    );

    app.post(
      `${CALLBACK_PATHS.transactionStatus}/:secret`,
      {
        schema: callbackSchema(
          'receiveTransactionStatus',
          "Daraja's answer to a transaction status query (confirms a paybill payment)",
          "Daraja's answer to a transaction status query, which confirms (or not) a paybill payment kept pending.",
          DARAJA_EXAMPLES.statusResult,
        ),
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
          'receiveTransactionStatusTimeout',
          'Daraja: a transaction status query timed out in its queue (asked again later)',
          'Daraja says a transaction status query timed out in its queue; the query is asked again later.',
          DARAJA_EXAMPLES.statusTimeout,
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
        onRequest: deps.guards.can('payments.configure'),
        // Who registered the paybill's URLs, and who tried (core/staff/audited-routes.ts).
        config: {
          audit: {
            entityType: 'paybill',
            entityId: () => 'c2b_urls',
            answered: 'paybill_urls.registered',
            refused: 'paybill_urls.refused',
            failed: 'paybill_urls.failed',
            data: (request) => ({
              response_type:
                (request.body as { response_type?: string } | undefined)?.response_type ?? 'Completed',
            }),
          },
        },
        schema: {
          operationId: 'registerC2bUrls',
          tags: ['staff'],
          security,
          summary: "Register the paybill's C2B validation and confirmation URLs with Daraja (staff)",
          description:
            'An operator step, once per deployment (production Daraja refuses a second registration). ' +
            '`response_type` Completed: M-Pesa accepts payments when validation cannot be reached.',
          body: z
            .object({ response_type: z.enum(['Completed', 'Cancelled']).optional() })
            .meta({ examples: [{ response_type: 'Completed' }] })
            .optional(),
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

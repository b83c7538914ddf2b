import { c2bRegisterResponseSchema, mpesaAckSchema } from '@kaunti/contract/api-payments';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { CALLBACK_ACK, isPathSecretValid } from '../../platform/mpesa/callbacks';
import { type PaymentRouteDeps, security } from './payment-route-kit';
import { CALLBACK_PATHS } from './payment-service';

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
 * Daraja's callbacks, authenticated by the secret in their path (wrong secret: 404, nothing
 * processed), and the staff's registration of the C2B URLs with Daraja.
 */
export function darajaCallbackRoutes(deps: PaymentRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const checkSecret = (secret: string) => {
      const current = isPathSecretValid(secret, deps.callbackSecret);
      const previous = deps.previousCallbackSecret
        ? isPathSecretValid(secret, deps.previousCallbackSecret)
        : false;
      if (!current && !previous) throw notFound();
    };

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

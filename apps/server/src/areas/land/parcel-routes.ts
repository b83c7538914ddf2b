import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  currentBillRequestSchema,
  currentBillResponseSchema,
  parcelQuerySchema,
  parcelSchema,
  parcelsResponseSchema,
} from '@kaunti/contract/api-land';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../core/accounts/guard';
import { answerLanguageOf } from '../../platform/http/accept-language';
import { errors } from './land-reference-routes';
import type { LandRouteDeps } from './land-route-deps';

/** The caller's parcels, a parcel's check, and its rates bill. */
export function parcelRoutes(deps: LandRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { land } = deps;
    const onRequest = deps.guards.requireUser;
    const security = [{ bearer: [] }];
    const tags = ['land'];
    app.get(
      '/api/lands/land_r/customer_parcels',
      {
        onRequest,
        schema: {
          operationId: 'listMyParcels',
          tags,
          security,
          summary: 'The parcels linked to your account, a page at a time (not in the spec)',
          description:
            "The parcels linked to the caller's account, with rates due. " +
            'First linked first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: parcelsResponseSchema, ...errors },
        },
      },
      async (request) => land.myParcels(currentUser(request).id, request.query),
    );
    app.get(
      '/api/lands/parcel_validation',
      {
        onRequest,
        config: {
          rateLimit: {
            max: 60,
            timeWindow: '10 minutes',
            keyGenerator: (request) => request.user?.id ?? request.ip,
          },
        },
        schema: {
          operationId: 'validateParcel',
          tags,
          security,
          summary: 'Validate a parcel by LR number (owner name masked; not in the spec)',
          description:
            "Checks a parcel by LR number: whether the county holds it, its sub-county and ward, and the owner's name masked.",
          querystring: parcelQuerySchema,
          response: { 200: parcelSchema, ...errors },
        },
      },
      async (request) => land.validateParcel(currentUser(request).id, request.query.lr_number),
    );
    app.post(
      '/api/lands/rates/current-bill',
      {
        onRequest,
        config: {
          rateLimit: {
            max: 30,
            timeWindow: '10 minutes',
            keyGenerator: (request) => request.user?.id ?? request.ip,
          },
        },
        schema: {
          operationId: 'askRatesBill',
          tags,
          security,
          summary: 'Raise (or answer the open) current land rates bill of a parcel',
          description:
            "This year's rates (site value × the rate for the land use), arrears and the penalty on them, " +
            'as lines naming the parcel, and its printable invoice (the owner masked for anyone else) to pay at a bank. ' +
            '404 for an unknown parcel.',
          body: currentBillRequestSchema,
          response: { 200: currentBillResponseSchema, ...errors, 409: errorBodySchema, 503: errorBodySchema },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const bill = await land.currentRatesBill(
          userId,
          request.body.lr_number,
          request.id,
          answerLanguageOf(request.headers['accept-language']),
        );
        return { ...bill, invoice_url: await deps.invoiceLink(bill.bill_no, userId) };
      },
    );
  };
}

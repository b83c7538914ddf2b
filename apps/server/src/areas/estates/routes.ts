import {
  rentBillRequestSchema,
  rentBillResponseSchema,
  tenanciesResponseSchema,
  tenancyDetailSchema,
  tenancyParamsSchema,
  waitingListResponseSchema,
} from '@kaunti/contract/api-estates';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import { replyLanguage } from '../../platform/http/accept-language';
import type { EstatesService } from './estates-service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema } as const;

/**
 * County estates (decision 034): the signed-in tenant's tenancies, a tenancy's rent statement and
 * a bill of its rent. Only the caller's own tenancies: another's is a 404.
 */
export function estatesRoutes(deps: { estates: EstatesService; guards: Guards }): FastifyPluginAsyncZod {
  return async (app) => {
    const { estates } = deps;
    const onRequest = deps.guards.requireUser;
    const security = [{ bearer: [] }];
    const tags = ['estates'];

    app.get(
      '/api/estates/tenancies',
      {
        onRequest,
        schema: {
          operationId: 'listTenancies',
          tags,
          security,
          summary: "The signed-in user's tenancies of county houses and units",
          description:
            'Each with its monthly rent, balance (unpaid rent and penalties) and months in arrears.',
          response: { 200: tenanciesResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await estates.list(currentUser(request).id) }),
    );

    app.get(
      '/api/estates/waiting-list',
      {
        onRequest,
        schema: {
          operationId: 'listWaitingListPlaces',
          tags,
          security,
          summary: "The signed-in user's places on the county's waiting lists",
          description:
            'Each paid application for the allocation of a county house or unit (/property-management) with its ' +
            'place now: one after the paid applications of the same estate and kind of unit made before it.',
          response: { 200: waitingListResponseSchema, 401: errorBodySchema },
        },
      },
      async (request) => ({ data: await estates.waitingList(currentUser(request).id) }),
    );

    app.get(
      '/api/estates/tenancies/:tenancy_no',
      {
        onRequest,
        schema: {
          operationId: 'getTenancy',
          tags,
          security,
          summary: 'A tenancy with its rent statement',
          description:
            'Month by month (oldest first): the rent charged, the late penalty, what of it is paid; and the payments received. ' +
            "404 for a tenancy the caller's account does not hold.",
          params: tenancyParamsSchema,
          response: { 200: tenancyDetailSchema, ...errors },
        },
      },
      async (request) => estates.detail(currentUser(request).id, request.params.tenancy_no),
    );

    app.post(
      '/api/estates/tenancies/:tenancy_no/bill',
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
          operationId: 'createRentBill',
          tags,
          security,
          summary: 'A bill of the rent: the balance and months ahead',
          description:
            'One line per month, oldest first (late penalties beside their month); `months` more months in advance ' +
            "(0 = the balance only). It replaces the tenancy's open rent bill. Pay it as any other bill; every payment " +
            "lowers the tenancy's balance by what was paid. 400 when there is nothing to pay; 409 " +
            '`balance_on_another_bill` when what is owed is on another open bill (a tenancy transfer carrying the ' +
            "arrears) and no month ahead is asked for; 404 for a tenancy the caller's account does not hold.",
          params: tenancyParamsSchema,
          body: rentBillRequestSchema,
          response: { 200: rentBillResponseSchema, ...errors, 409: errorBodySchema },
        },
      },
      async (request, reply) =>
        estates.bill(
          currentUser(request).id,
          request.params.tenancy_no,
          request.body.months,
          request.id,
          // In the reader's language, as GET /api/bills/{bill_no} answers it.
          replyLanguage(request, reply),
        ),
    );
  };
}

import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  allocationRequestSchema,
  allocationSchema,
  officerWaitingListSchema,
  rentBillRequestSchema,
  rentBillResponseSchema,
  tenanciesResponseSchema,
  tenancyDetailSchema,
  tenancyParamsSchema,
  waitingListQuerySchema,
  waitingListResponseSchema,
} from '@kaunti/contract/api-estates';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../core/accounts/guard';
import { currentOfficer, servesArea } from '../../core/staff/officer-service';
import { forbidden } from '../../platform/errors';
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
            'Each with its monthly rent, balance (unpaid rent and penalties) and months in arrears. ' +
            'Newest first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: tenanciesResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request, reply) =>
        estates.list(currentUser(request).id, request.query, replyLanguage(request, reply)),
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
            'place now: one after the paid applications of the same estate and kind of unit made before it. ' +
            'First made first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: waitingListResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => estates.waitingList(currentUser(request).id, request.query),
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
      async (request, reply) =>
        estates.detail(currentUser(request).id, request.params.tenancy_no, replyLanguage(request, reply)),
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

    // The estates office (decision 036): the waiting list in its order beside the vacant houses,
    // and the allocation of a vacant house to the first registered applicant on it. Officers
    // whose roles grant estates.allocate, serving the property area.
    const allocates = deps.guards.can('estates.allocate');
    const inPropertyArea = (request: FastifyRequest) => {
      if (!servesArea(currentOfficer(request), 'property'))
        throw forbidden('County estates are not among your service areas.');
    };

    app.get(
      '/api/staff/estates/waiting-list',
      {
        onRequest: allocates,
        config: {
          audit: {
            entityType: 'waiting_list',
            entityId: (request) => {
              const query = request.query as { estate_code?: string; unit_use?: string };
              return `${query.estate_code ?? ''}/${query.unit_use ?? ''}`;
            },
            answered: 'waiting_list.viewed',
          },
        },
        schema: {
          operationId: 'getEstateWaitingList',
          tags,
          security,
          summary: "An estate's waiting list for a kind of unit, and its vacant houses (the estates office)",
          description:
            'The paid applications for allocation of the estate and kind of unit not refused, cancelled or allocated, in the ' +
            'order they were made (place 1 is next), each with whether it is registered (issued: a house can be allocated ' +
            'to it), a page at a time: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next ' +
            'page (null on the last), each `place` counted from the start of the list; and the vacant houses or units ' +
            'of the kind, lowest number first (all of them, on every page). For officers whose roles grant ' +
            'estates.allocate and who serve the property area (403 otherwise); 404 for an unknown estate.',
          querystring: waitingListQuerySchema,
          response: { 200: officerWaitingListSchema, ...errors, 403: errorBodySchema },
        },
      },
      async (request, reply) => {
        inPropertyArea(request);
        return estates.waitingListOf(
          request.query.estate_code,
          request.query.unit_use,
          replyLanguage(request, reply),
          request.query,
        );
      },
    );

    app.post(
      '/api/staff/estates/allocations',
      {
        onRequest: allocates,
        config: {
          audit: {
            entityType: 'estate_house',
            entityId: (request) => {
              const body = (request.body ?? {}) as { estate_code?: string; house_no?: string };
              return `${body.estate_code ?? ''}/${body.house_no ?? ''}`;
            },
            refused: 'allocation.refused',
          },
        },
        schema: {
          operationId: 'allocateHouse',
          tags,
          security,
          summary: 'Allocate a vacant house to the first registered applicant on its waiting list',
          description:
            "The house's estate and kind say which list; the list says to whom: its first registered (issued) " +
            "application. A tenancy is created (a new tenancy number, the applicant, the house, today, the house's " +
            'monthly rent), its rent opens as a standing charge with the months due raised, the applicant leaves the list, ' +
            'the letter of allocation is issued (/downloads/official-letter, naming the house) and the applicant gets an ' +
            'SMS in their language. 409 when the house is not vacant (two allocations of one house at once: one wins) or ' +
            'nobody registered is waiting; 404 for an unknown house; 403 without estates.allocate or the property area.',
          body: allocationRequestSchema,
          response: { 201: allocationSchema, ...errors, 403: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request, reply) => {
        inPropertyArea(request);
        const officer = currentOfficer(request);
        const allocated = await estates.allocate(
          { estateCode: request.body.estate_code, houseNo: request.body.house_no },
          { type: 'staff', id: officer.userId },
          request.id,
        );
        return reply.code(201).send(allocated);
      },
    );
  };
}

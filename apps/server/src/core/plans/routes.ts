import { pageQuerySchema } from '@kaunti/contract/api-bills';
import {
  arrearsSchema,
  paymentPlanSchema,
  paymentPlansResponseSchema,
  planDecisionSchema,
  planParamsSchema,
  planRequestSchema,
  staffPlansResponseSchema,
} from '@kaunti/contract/api-payment-plans';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerLanguageOf } from '../../platform/http/accept-language';
import { currentUser, type Guards } from '../accounts/guard';
import { currentOfficer } from '../staff/officer-service';
import type { PaymentPlanService } from './plan-service';

/**
 * Payment plans (issue 41, decision 037): the signed-in citizen's arrears, their plans and a new
 * one; a revenue officer's decision on a plan above the county's limits. Only the caller's own
 * plans: another's is a 404.
 */
export function paymentPlanRoutes(deps: {
  plans: PaymentPlanService;
  guards: Guards;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { plans } = deps;
    const onRequest = deps.guards.requireUser;
    const security = [{ bearer: [] }];
    const tags = ['payment-plans'];

    app.get(
      '/api/payment-plans/arrears',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'getPaymentPlanArrears',
          summary: 'What a payment plan would cover now, and the county limits',
          description:
            "The balances of the caller's standing charges (county rent, stall rent) and their open bills of an " +
            'obligation (rates) past their due date; whether a plan may be asked for (at least KES 5,000 owed, no ' +
            'plan open already); the limits within which a plan is granted at once.',
          response: { 200: arrearsSchema, 401: errorBodySchema },
        },
      },
      async (request, reply) => {
        const language = answerLanguageOf(request.headers['accept-language']);
        reply.header('content-language', language).header('vary', 'Accept-Language');
        return plans.arrears(currentUser(request).id, language);
      },
    );

    app.get(
      '/api/payment-plans',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'listPaymentPlans',
          summary: "The caller's payment plans, newest first, a page at a time",
          description:
            'Each with its schedule, the debts it covers and its printable schedule once granted. ' +
            'Newest first: `limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: paymentPlansResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
        },
      },
      async (request) => plans.list(currentUser(request).id, request.query),
    );

    app.post(
      '/api/payment-plans',
      {
        onRequest,
        config: {
          rateLimit: {
            max: 10,
            timeWindow: '10 minutes',
            keyGenerator: (request) => request.user?.id ?? request.ip,
          },
        },
        schema: {
          tags,
          security,
          operationId: 'requestPaymentPlan',
          summary: 'Ask to pay the arrears in monthly instalments',
          description:
            'Within the county limits (`limits.instant_max_instalments` and `limits.instant_max_cents` of the ' +
            'arrears) the plan is granted at once (`active`): what it covers is moved into it, penalties stop on ' +
            'it, the schedule is printed and the first instalment billed. Above them it waits for a revenue ' +
            'officer (`pending_review`). 400 under KES 5,000 of arrears or outside 2 to 12 instalments; 409 with ' +
            'a plan already open.',
          body: planRequestSchema,
          response: {
            201: paymentPlanSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await plans.request(currentUser(request).id, request.body.instalments, request.id)),
    );

    app.get(
      '/api/payment-plans/:plan_no',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'getPaymentPlan',
          summary: 'A payment plan with its schedule',
          description: '404 for a plan of another account (as for one that does not exist).',
          params: planParamsSchema,
          response: { 200: paymentPlanSchema, 401: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => plans.get(currentUser(request).id, request.params.plan_no),
    );

    app.post(
      '/api/payment-plans/:plan_no/withdraw',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'withdrawPaymentPlan',
          summary: 'Withdraw a plan still waiting for a revenue officer',
          description: "409 once it is decided; 404 for another account's plan.",
          params: planParamsSchema,
          response: {
            200: paymentPlanSchema,
            401: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => plans.withdraw(currentUser(request).id, request.params.plan_no, request.id),
    );

    const staff = { tags: ['staff'], security };
    app.get(
      '/api/staff/payment-plans',
      {
        onRequest: deps.guards.can('revenue.manage'),
        schema: {
          ...staff,
          operationId: 'listPendingPaymentPlans',
          summary: 'Payment plans above the county limits, waiting for a revenue officer',
          description:
            'Oldest first, with the debts each would cover and the instalments asked for: ' +
            '`limit` of them (default 50), then `next_cursor` to send as `cursor` for the next page (null on the last).',
          querystring: pageQuerySchema,
          response: { 200: staffPlansResponseSchema },
        },
      },
      async (request) => plans.pending(currentOfficer(request).userId, request.query),
    );

    app.post(
      '/api/staff/payment-plans/:plan_no/decision',
      {
        onRequest: deps.guards.can('revenue.manage'),
        schema: {
          ...staff,
          operationId: 'decidePaymentPlan',
          summary: 'Grant or refuse a payment plan above the county limits',
          description:
            'Granting moves what the plan covers into it now and writes its schedule; refusing needs a reason. ' +
            'An officer never decides their own plan (403); a plan decided already is a 409.',
          params: planParamsSchema,
          body: planDecisionSchema,
          response: { 200: paymentPlanSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) =>
        plans.decide(
          currentOfficer(request).userId,
          request.params.plan_no,
          request.body.decision,
          request.body.reason,
          request.id,
        ),
    );
  };
}

import { customerCheckQuerySchema, customerCheckResponseSchema } from '@kaunti/contract/api-accounts';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccountsRoutesOptions, accountRouteKit } from './account-route-kit';

/** The customer check: the citizen's own, and an officer's. */
export function customerCheckRoutes(options: AccountsRoutesOptions): FastifyPluginAsyncZod {
  const { profile, guards } = options;
  const { perIp } = accountRouteKit(options);
  return async (app) => {
    app.get(
      '/api/customers/check',
      {
        config: perIp(30, '1 minute'),
        schema: {
          operationId: 'checkCustomer',
          tags: ['accounts'],
          summary: 'The public customer check: answers nothing that identifies a person',
          description:
            'Public, so it never says whether an ID number or KRA PIN has an account or a county record: ' +
            'the answer is always `{ data: null, has_account: false, erp_account: false }` once the identifier is ' +
            'well formed (400 otherwise). County staff get the full answer from /api/staff/customers/check. ' +
            'Limited to 30 checks per address per minute.',
          querystring: customerCheckQuerySchema,
          response: { 200: customerCheckResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
        },
      },
      async () => ({ data: null, has_account: false, erp_account: false }),
    );

    app.get(
      '/api/staff/customers/check',
      {
        onRequest: guards.can('customers.check'),
        // Whom an officer looked up is in the audit log (core/staff/audited-routes.ts), never in a log line.
        config: {
          audit: {
            entityType: 'customer',
            entityId: (request) =>
              String((request.query as { identifier?: string }).identifier ?? '').toUpperCase(),
            answered: 'customer.checked',
          },
        },
        schema: {
          operationId: 'checkCustomerAsOfficer',
          tags: ['staff'],
          summary: 'Whether a customer has a portal account and a county record (county staff)',
          description: 'data is a masked summary (customer number, name, phone) or null.',
          security: [{ bearer: [] }],
          querystring: customerCheckQuerySchema,
          response: {
            200: customerCheckResponseSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
          },
        },
      },
      async (request) => profile.checkCustomer(request.query.identifier),
    );
  };
}

import { countySchema, subCountiesResponseSchema } from '@kaunti/contract/api-county';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CountyService } from './county-service';

/** Public county configuration and reference data. */
export function countyRoutes(deps: {
  county: CountyService;
  /** The most one M-Pesa payment moves (MPESA_MAX_PAYMENT), in cents. */
  maxPaymentCents: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/county',
      {
        schema: {
          tags: ['county'],
          summary: "The county's name, paybill, bank accounts, contacts, letterhead and M-Pesa's limit",
          description:
            'The county this portal serves: its name, paybill number, bank accounts, contact phones and e-mails, and the letterhead every printed document carries. Public and cacheable.',
          response: { 200: countySchema },
        },
      },
      async () => ({ ...(await deps.county.get()), mpesa_max_payment_cents: deps.maxPaymentCents }),
    );
    app.get(
      '/api/county/sub-counties',
      {
        schema: {
          tags: ['county'],
          summary: 'Sub-counties and their wards, with codes',
          description:
            'Every sub-county with its wards and their codes, for the address and location fields of applications. Public.',
          response: { 200: subCountiesResponseSchema },
        },
      },
      async () => ({ data: await deps.county.subCounties() }),
    );
  };
}

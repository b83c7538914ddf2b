import {
  countySchema,
  referenceItemsQuerySchema,
  referenceItemsResponseSchema,
  subCountiesResponseSchema,
} from '@kaunti/contract/api-county';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { answerLanguageOf } from '../../platform/http/accept-language';
import type { CountyService } from './county-service';
import type { ReferenceItems } from './reference-items';

/** Public county configuration and reference data. */
export function countyRoutes(deps: {
  county: CountyService;
  /** The most one M-Pesa payment moves (MPESA_MAX_PAYMENT), in cents. */
  maxPaymentCents: number;
  references: ReferenceItems;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/county',
      {
        schema: {
          operationId: 'getCounty',
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
          operationId: 'listSubCounties',
          tags: ['county'],
          summary: 'Sub-counties and their wards, with codes',
          description:
            'Every sub-county with its wards and their codes, for the address and location fields of applications. Public.',
          response: { 200: subCountiesResponseSchema },
        },
      },
      async () => ({ data: await deps.county.subCounties() }),
    );
    app.get(
      '/api/reference-data/:list',
      {
        schema: {
          operationId: 'getReferenceData',
          tags: ['county'],
          summary: "A county reference data list's items (clinics, grounds, markets…)",
          description:
            "The items of one of the reference data lists the catalogue's services declare (a select field " +
            'names it as its `options.list`): each with its code (what is sent), its names in English and ' +
            'Kiswahili, its parent (for a list that follows another field; `?parent=` picks those) and what ' +
            'else the county says of it; with `Accept-Language: sw`, `name` is the Kiswahili one. Public and cacheable.',
          params: z.object({
            list: z
              .string()
              .max(60)
              .describe('A list name, as a field of GET /api/catalogue/services/{id} names it.'),
          }),
          querystring: referenceItemsQuerySchema,
          response: { 200: referenceItemsResponseSchema, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const items = await deps.references.items(request.params.list, request.query.parent);
        if (!items) throw notFound('There is no such reference list.');
        // `name` is what a form shows: in the reader's language (`name_sw` is always there too).
        const language = answerLanguageOf(request.headers['accept-language']);
        reply
          .header('cache-control', 'public, max-age=300')
          .header('content-language', language)
          .header('vary', 'Accept-Language');
        return {
          data:
            language === 'sw' ? items.map((item) => ({ ...item, name: item.name_sw || item.name })) : items,
        };
      },
    );
  };
}

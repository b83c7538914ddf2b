import { smsOutboxResponseSchema } from '@kaunti/contract/api-accounts';
import { errorBodySchema } from '@kaunti/contract/errors';
import { phoneSchema } from '@kaunti/contract/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxMessage } from './outbox-driver';

/**
 * GET /api/dev/sms-outbox?phone=2547XXXXXXXX: the messages the outbox driver kept for a number,
 * newest first. app.ts registers it only outside production and only with the outbox driver, so
 * in production the route does not exist (404).
 */
export function smsOutboxRoutes(deps: {
  outbox: { list(phoneNumber: string): Promise<OutboxMessage[]> };
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dev/sms-outbox',
      {
        schema: {
          operationId: 'listSmsOutbox',
          tags: ['development'],
          summary: 'Development only: the SMS messages kept for a phone number, newest first',
          description:
            'Development only, when KAUNTI_DEV_OUTBOX is set (production refuses it): the SMS messages kept for a phone number, newest first, so a developer can read one-time codes.',
          querystring: z.object({ phone: phoneSchema }),
          response: { 200: smsOutboxResponseSchema, 400: errorBodySchema },
        },
      },
      async (request) => ({ data: await deps.outbox.list(request.query.phone) }),
    );
  };
}

import { createHash } from 'node:crypto';
import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { isPathSecretValid } from '../../platform/mpesa/callbacks';
import type { Ussd } from './ussd-service';

/** What Africa's Talking posts on each step (form fields). */
export const ussdRequestSchema = z
  .object({
    sessionId: z.string().min(1).max(100),
    serviceCode: z.string().max(40).optional(),
    phoneNumber: z.string().min(1).max(20),
    networkCode: z.string().max(20).optional(),
    text: z.string().max(500).default(''),
  })
  .meta({ id: 'UssdRequest' });

/** Steps a phone may take in a minute: a person types far fewer; a script hammering a phone stops here. */
const STEPS_PER_MINUTE = 30;

/** The rate limit's key: the phone's hash (the number itself is never kept or logged). */
const phoneBucket = (body: unknown): string | undefined => {
  const phone = body && typeof body === 'object' ? (body as Record<string, unknown>).phoneNumber : undefined;
  return typeof phone === 'string'
    ? `ussd:${createHash('sha256').update(phone.replace(/\D/g, '').slice(-9)).digest('base64url')}`
    : undefined;
};

/**
 * `POST /api/ussd/{secret}`: the county's USSD gateway (Africa's Talking) posts each step of a
 * session here, as a form; the answer is `text/plain`, `CON …` for a screen awaiting an answer or
 * `END …` for the last one. A wrong secret is a 404, as for any unknown path.
 */
export function ussdRoutes(deps: {
  ussd: Ussd;
  secret: string;
  /** Development only (KAUNTI_DEV_OUTBOX): `POST /api/dev/ussd` is the same without the secret, for the simulator. */
  devDial: boolean;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const step = {
      config: {
        rateLimit: {
          max: STEPS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler' as const,
          keyGenerator: (request: { body: unknown; ip: string }) => phoneBucket(request.body) ?? request.ip,
        },
      },
    };
    const answer = async (body: z.infer<typeof ussdRequestSchema>, requestId: string) =>
      deps.ussd.answer({
        sessionId: body.sessionId,
        phoneNumber: body.phoneNumber,
        text: body.text,
        requestId,
      });

    app.post(
      '/api/ussd/:secret',
      {
        ...step,
        schema: {
          operationId: 'handleUssdStep',
          tags: ['ussd'],
          summary: 'A step of a USSD session (the gateway posts it)',
          description:
            "Africa's Talking posts each step as a form: `text` holds the caller's answers so far joined by `*` " +
            '(empty on the first step). The answer is text/plain: `CON ` and a screen awaiting an answer, or ' +
            '`END ` and the last screen; at most 182 characters after the prefix. The secret is USSD_CALLBACK_SECRET; ' +
            'a wrong one is a 404.',
          consumes: ['application/x-www-form-urlencoded'],
          params: z.object({ secret: z.string().max(100) }),
          body: ussdRequestSchema,
          produces: ['text/plain'],
          response: {
            200: z.string().describe('CON … or END …'),
            404: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        if (!isPathSecretValid(request.params.secret, deps.secret)) throw notFound();
        const text = await answer(request.body, request.id);
        return reply.type('text/plain; charset=utf-8').send(text);
      },
    );

    if (deps.devDial) {
      app.post(
        '/api/dev/ussd',
        {
          ...step,
          schema: {
            hide: true,
            body: ussdRequestSchema,
          },
        },
        async (request, reply) => {
          const text = await answer(request.body, request.id);
          return reply.type('text/plain; charset=utf-8').send(text);
        },
      );
    }
  };
}

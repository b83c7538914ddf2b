import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const clientErrorSchema = z
  .object({
    kind: z.enum(['render', 'chunk-missing', 'chunk-timeout', 'chunk-other', 'unhandled']),
    message: z.string().max(2000),
    stack: z.string().max(8000).optional(),
    component_stack: z.string().max(8000).optional(),
    url: z.string().max(2000),
    user_agent: z.string().max(500).optional(),
  })
  .meta({
    examples: [
      {
        kind: 'render',
        message: "Cannot read properties of undefined (reading 'bill_no')",
        url: 'https://kaunti.example/account/bills',
        user_agent: 'Mozilla/5.0 (Linux; Android 14)',
      },
    ],
  });

/**
 * The web app's error boundary reports here, so a render failure on a citizen's phone is in the
 * server's log with a request id. Rate-limited: it is public.
 */
export function clientErrorRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/client-errors',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        // A report is small; anything bigger is refused (413) before it is read.
        bodyLimit: 16 * 1024,
        schema: {
          operationId: 'reportClientError',
          tags: ['health'],
          summary: 'Log an error that happened in the browser',
          description:
            'The web app reports an error a citizen met in the browser (message, stack, page). Capped at 16 KB, 30 a minute per address, and logged as a warning. Answers 202 with no body.',
          body: clientErrorSchema,
          response: { 202: z.object({ logged: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        // Warn, not error: anyone can post here, so it must never page the people on call.
        request.log.warn({ clientError: request.body }, 'web app error reported');
        return reply.status(202).send({ logged: true as const });
      },
    );
  };
}

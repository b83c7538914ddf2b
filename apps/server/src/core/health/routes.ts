import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';

/** Liveness (the process answers) and readiness (the database answers too). */
export function healthRoutes(deps: { database: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'Liveness',
          description:
            "Answers 200 while the process runs. For the load balancer's liveness probe; it checks nothing else.",
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        logLevel: 'warn',
        schema: {
          tags: ['health'],
          summary: 'Readiness: the database answers',
          description:
            'Answers 200 when the database answers a query, else 503: take this instance out of rotation until it is ready.',
          response: {
            200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
            503: z.object({ status: z.literal('unavailable'), message: z.string(), code: z.string() }),
          },
        },
      },
      async (request, reply) => {
        try {
          await deps.database.ping();
          return { status: 'ready' as const, database: deps.database.kind };
        } catch (err) {
          request.log.error({ err }, 'readiness check failed');
          return reply.status(503).send({
            status: 'unavailable' as const,
            message: 'The database is not answering.',
            code: 'service_unavailable',
          });
        }
      },
    );
  };
}

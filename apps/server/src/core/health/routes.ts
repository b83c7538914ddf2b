import { errorBodySchema } from '@kaunti/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { within } from '../../platform/db/timeouts';
import type { RateLimitDependency } from '../../platform/http/rate-limit';
import type { StorageDriver } from '../../platform/storage/storage';

/**
 * How long readiness waits for each dependency (all at once): a probe gives up after 1 s by
 * default, so /readyz answers within that whatever its dependencies do — a dependency that has
 * not answered by then is `unavailable`.
 */
export const READINESS_CHECK_MS = 800;

/**
 * Liveness (the process answers) and readiness (each dependency, by name). Without the database
 * nothing works: 503, out of rotation. Without Redis the portal still serves (rate limits count
 * per instance): 200 `degraded`, so an outage shared by every instance does not empty the pool.
 * Without the file store only uploads and their downloads fail: 200 `degraded` as well.
 */
const checksSchema = z
  .object({
    database: z.enum(['ok', 'unavailable']),
    redis: z.enum(['ok', 'unavailable', 'not_configured']),
    storage: z.enum(['ok', 'unavailable']),
  })
  .describe('Each dependency: ok, unavailable, or not configured.');

export function healthRoutes(deps: {
  database: Database;
  redis: RateLimitDependency;
  storage: StorageDriver;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        logLevel: 'warn',
        schema: {
          operationId: 'checkLiveness',
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
          operationId: 'checkReadiness',
          tags: ['health'],
          summary: 'Readiness: each dependency answers',
          description:
            'Answers 200 `ready` when the database, Redis (if configured) and the file store answer, 200 ' +
            '`degraded` when Redis (rate limits are then counted per instance) or the file store (uploads ' +
            'fail) does not, and 503 when the database does ' +
            "not: take this instance out of rotation until it is ready. `checks` (or the 503's `details`) " +
            'names each dependency. Answers within about a second whatever the dependencies do: one that ' +
            'has not answered in 0.8 s is `unavailable`.',
          response: {
            200: z.object({
              status: z.enum(['ready', 'degraded']),
              database: z.enum(['pglite', 'postgres']),
              checks: checksSchema,
            }),
            503: errorBodySchema.describe(
              'Not ready: `details` names each dependency (`path`) and its state (`message`).',
            ),
          },
        },
      },
      async (request, reply) => {
        const [database, redis, storage] = await Promise.all([
          deps.database.ping(READINESS_CHECK_MS).then(
            () => 'ok' as const,
            (err: unknown) => {
              request.log.error({ err }, 'readiness check: the database is not answering');
              return 'unavailable' as const;
            },
          ),
          within(READINESS_CHECK_MS, deps.redis.check(), 'Redis').catch(() => 'unavailable' as const),
          within(READINESS_CHECK_MS, deps.storage.ping(), 'the file store').then(
            () => 'ok' as const,
            (err: unknown) => {
              request.log.error({ err }, 'readiness check: the file store is not answering');
              return 'unavailable' as const;
            },
          ),
        ]);
        const checks = { database, redis, storage };
        if (database !== 'ok')
          return reply.status(503).send({
            message: 'Not ready: the database is not answering.',
            code: 'service_unavailable',
            details: Object.entries(checks).map(([path, state]) => ({ path, message: state })),
          });
        return {
          status: redis === 'unavailable' || storage !== 'ok' ? ('degraded' as const) : ('ready' as const),
          database: deps.database.kind,
          checks,
        };
      },
    );
  };
}

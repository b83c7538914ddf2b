import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Per-route rate limits (a route opts in with `config.rateLimit`). Counters live in Redis when
 * REDIS_URL is set, so every instance behind a load balancer shares them; else in memory.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl: string | undefined): Promise<void> {
  const redis = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'kaunti-rl-' } : {}),
    errorResponseBuilder: (_request, context) => {
      const minutes = Math.max(1, Math.ceil(context.ttl / 60000));
      return {
        statusCode: 429,
        code: 'rate_limited',
        message: `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      };
    },
  });
}

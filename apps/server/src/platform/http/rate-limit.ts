import { createRequire } from 'node:module';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/** A rate-limit store as @fastify/rate-limit calls it. */
interface Store {
  incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, cb: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}
type StoreCallback = (err: Error | null, result: { current: number; ttl: number } | null) => void;
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// The plugin's own stores (not in its exports map, but part of the package): the Redis one keeps
// shared counters, the local one an instance's own.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

/** How long a rate-limit count may wait for Redis before this instance counts alone. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

export interface RateLimitDependency {
  /** Redis, as readiness reports it: `not_configured` without REDIS_URL. */
  check(): Promise<'ok' | 'unavailable' | 'not_configured'>;
}

/**
 * Counts in Redis (shared by every instance) while it answers; when it does not (down, frozen
 * past REDIS_COMMAND_TIMEOUT_MS), counts in this instance's memory instead — the limits still
 * hold, per instance — and says so loudly in the log, once when Redis goes and once when it is
 * back. A rate limit must never take the portal down with it.
 */
class DegradingStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly health: { degraded: boolean; log: FastifyBaseLogger },
  ) {}

  private run(
    method: 'incr' | 'read',
    key: string,
    cb: StoreCallback,
    timeWindow: number,
    max: number,
  ): void {
    this.shared[method](
      key,
      (err, result) => {
        if (!err) {
          if (this.health.degraded) {
            this.health.degraded = false;
            this.health.log.warn('Redis answers again: rate limits are shared by every instance again');
          }
          cb(null, result);
          return;
        }
        if (!this.health.degraded) {
          this.health.degraded = true;
          this.health.log.error(
            { err: err.message },
            'Redis is not answering: rate limits are counted by each instance alone until it is back',
          );
        }
        this.local[method](key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  incr(key: string, cb: StoreCallback, timeWindow: number, max: number): void {
    this.run('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: StoreCallback, timeWindow: number, max: number): void {
    this.run('read', key, cb, timeWindow, max);
  }

  child(routeOptions: unknown): Store {
    return new DegradingStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.health);
  }
}

/**
 * Per-route rate limits (a route opts in with `config.rateLimit`). Counters live in Redis when
 * REDIS_URL is set, so every instance behind a load balancer shares them (DegradingStore falls
 * back to memory while Redis is away); else in memory.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<RateLimitDependency> {
  // ioredis is loaded only when there is a Redis to talk to (one instance on the embedded database
  // has none, and keeps the memory).
  const redis: Redis | undefined = redisUrl
    ? new (await import('ioredis')).Redis(redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        connectTimeout: 2_000,
        // Keep trying to come back (every 2 s at most); meanwhile commands fail at once.
        retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      })
    : undefined;
  if (redis) {
    // Connection errors are the DegradingStore's to report (once); ioredis would print each retry.
    redis.on('error', () => undefined);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  const health = { degraded: false, log: app.log };
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis
      ? {
          store: class {
            constructor(params: { continueExceeding: boolean; exponentialBackoff: boolean }) {
              const shared = new RedisStore(
                params.continueExceeding,
                params.exponentialBackoff,
                redis,
                'kaunti-rl-',
              );
              const local = new LocalStore(params.continueExceeding, params.exponentialBackoff);
              // biome-ignore lint/correctness/noConstructorReturn: the plugin builds its store with `new`
              return new DegradingStore(shared, local, health);
            }
          } as never,
        }
      : {}),
    errorResponseBuilder: (_request, context) => {
      const minutes = Math.max(1, Math.ceil(context.ttl / 60000));
      return {
        statusCode: 429,
        code: 'rate_limited',
        message: `Too many requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      };
    },
  });
  return {
    async check() {
      if (!redis) return 'not_configured';
      try {
        await redis.ping();
        return 'ok';
      } catch {
        return 'unavailable';
      }
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The portal's Prometheus metrics, in one registry. Modules count what they do through the
 * objects below (cheap when nobody scrapes); `/metrics` exists only when METRICS_TOKEN is set,
 * and answers only with `Authorization: Bearer <METRICS_TOKEN>`.
 */
export const registry = new Registry();

export const httpRequests = new Counter({
  name: 'kaunti_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'kaunti_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const paymentOutcomes = new Counter({
  name: 'kaunti_payment_transitions_total',
  help: 'Payment status changes recorded, by the status reached (paid, failed, cancelled...).',
  labelNames: ['status'] as const,
  registers: [registry],
});

export const smsSent = new Counter({
  name: 'kaunti_sms_total',
  help: 'Text messages handed to the SMS gateway, by driver and whether it accepted them.',
  labelNames: ['driver', 'accepted'] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'kaunti_job_runs_total',
  help: 'Periodic job ticks, by job and outcome (ran, failed, or skipped: another instance had the period).',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

collectDefaultMetrics({ register: registry, prefix: 'kaunti_' });

type PoolLike = { totalCount: number; idleCount: number; waitingCount: number };
const pools = new Set<PoolLike>();

new Gauge({
  name: 'kaunti_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, waiting clients), read at scrape time.',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const sum = (read: (pool: PoolLike) => number) => [...pools].reduce((n, pool) => n + read(pool), 0);
    this.set(
      { state: 'total' },
      sum((p) => p.totalCount),
    );
    this.set(
      { state: 'idle' },
      sum((p) => p.idleCount),
    );
    this.set(
      { state: 'waiting' },
      sum((p) => p.waitingCount),
    );
  },
});

/** Reports a PostgreSQL pool's use (PGlite has no pool); the returned function stops it. */
export function watchPool(pool: PoolLike): () => void {
  pools.add(pool);
  return () => {
    pools.delete(pool);
  };
}

/** Counts every answer by route pattern (never the URL: it may carry a secret) and times it. */
export function registerMetrics(app: FastifyInstance, token: string | undefined): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? '(no route)';
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
  if (!token) return;
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    const given = request.headers.authorization ?? '';
    if (!timingSafeEqualText(given, `Bearer ${token}`)) {
      return reply.status(401).send({ message: 'The metrics need their token.', code: 'unauthorized' });
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}

function timingSafeEqualText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

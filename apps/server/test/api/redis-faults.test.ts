import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy } from '../support/tcp-proxy';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Redis behind a proxy the test stops and freezes: rate limits are shared while it answers,
 * counted per instance (still enforced, logged) while it does not, and the portal never answers
 * 500 or hangs because of it; /readyz names it.
 */
const REDIS = { host: '127.0.0.1', port: 6379 };
const LIMIT = 3;

let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let one: TestApp;
let two: TestApp;

function limitedRoute(app: TestApp['app']) {
  app.get(
    '/test/limited',
    { config: { rateLimit: { max: LIMIT, timeWindow: '1 minute' } }, schema: { hide: true } },
    async () => ({ ok: true }),
  );
}

beforeAll(async () => {
  // Counters of an earlier run of this file must not count against this one.
  const direct = new Redis(REDIS.port, REDIS.host);
  const stale = await direct.keys('kaunti-rl-GET/test/limited-*');
  if (stale.length > 0) await direct.del(...stale);
  direct.disconnect();
  proxy = await startTcpProxy(REDIS);
  const env = { REDIS_URL: `redis://127.0.0.1:${proxy.port}` };
  one = await createTestApp(env, (app) => limitedRoute(app));
  two = await createTestApp(env, (app) => limitedRoute(app));
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  await proxy?.close();
});

const hit = (t: TestApp) => t.app.inject({ method: 'GET', url: '/test/limited' });

describe('rate limits when Redis goes away', () => {
  it('are shared by the instances while Redis answers, and /readyz says ready', async () => {
    expect((await hit(one)).statusCode).toBe(200);
    expect((await hit(two)).statusCode).toBe(200);
    expect((await hit(one)).statusCode).toBe(200);
    // The fourth request in the window, on either instance, is over the shared limit.
    expect((await hit(two)).statusCode).toBe(429);
    const ready = await one.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
  });

  it('with Redis down: no 500, each instance still enforces the limit alone, /readyz says degraded', async () => {
    proxy.stop();
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i += 1) codes.push((await hit(one)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await hit(two)).statusCode).toBe(200);
    const ready = await one.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'degraded',
      checks: { database: 'ok', redis: 'unavailable' },
    });
  });

  it('with Redis hanging: requests answer within a second instead of waiting on it', async () => {
    proxy.resume();
    await expect
      .poll(async () => (await two.app.inject({ method: 'GET', url: '/readyz' })).json().status, {
        timeout: 10_000,
      })
      .toBe('ready');
    proxy.freeze();
    const started = Date.now();
    const res = await hit(two);
    expect([200, 429]).toContain(res.statusCode);
    expect(Date.now() - started).toBeLessThan(1_500);
    const readyStarted = Date.now();
    const ready = await two.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'degraded', checks: { redis: 'unavailable' } });
    expect(Date.now() - readyStarted).toBeLessThan(2_000);
    proxy.resume();
  });
});

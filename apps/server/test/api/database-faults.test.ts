import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/platform/config';
import { type Database, isDatabaseUnavailable, openDatabase } from '../../src/platform/db/database';
import { seed } from '../../src/seed';
import { checkResponsesAgainstDocument } from '../support/contract';
import { withDatabase } from '../support/global-setup';
import { startTcpProxy } from '../support/tcp-proxy';

/**
 * PostgreSQL behind a proxy the test stops (down) and freezes (hung without a word): requests
 * answer 503 with Retry-After in about the configured time, never 500 and never a hang, and
 * everything works again when it is back. Runs on the real PostgreSQL in both test modes.
 */
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `kaunti_faults_${process.pid}_${Date.now().toString(36)}`;
const admin = new pg.Client({ connectionString: SERVER });
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let database: Database;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  await admin.connect();
  await admin.query(`create database ${name}`);
  const direct = await openDatabase({ kind: 'postgres', url: withDatabase(SERVER, name), poolSize: 2 });
  await direct.migrate();
  await seed(direct.db, { county: 'nairobi', demoData: false });
  await direct.close();
  const target = new URL(SERVER);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const throughProxy = new URL(withDatabase(SERVER, name));
  throughProxy.host = `127.0.0.1:${proxy.port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'kaunti-faults-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    KAUNTI_DATA_DIR: dataDir,
    KAUNTI_WEB_DIST: join(dataDir, 'no-web-build'),
    KAUNTI_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
  });
  // The time-outs an operator gets without setting any (what the issue measured against).
  database = await openDatabase({
    kind: 'postgres',
    url: throughProxy.toString(),
    poolSize: 4,
    timeouts: config.databaseTimeouts,
  });
  app = await buildApp({ config, database, logger: false });
  checkResponsesAgainstDocument(app);
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close().catch(() => undefined);
  await proxy?.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A database-backed call: the sign-in looks the account up. */
const signIn = () =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: '0712000999', password: 'Not-the-password-1' },
  });

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await call();
  return { result, ms: Date.now() - started };
}

describe('when PostgreSQL goes away', () => {
  it('answers normally while it is there', async () => {
    expect((await signIn()).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
  });

  it('down: 503 with Retry-After, quickly, and /readyz says unavailable', async () => {
    proxy.stop();
    const { result, ms } = await timed(signIn);
    expect(result.statusCode, result.body).toBe(503);
    expect(result.headers['retry-after']).toBe('5');
    expect(result.json()).toEqual({
      message: 'The service is busy or briefly unavailable. Please try again in a moment.',
      code: 'service_unavailable',
    });
    expect(ms).toBeLessThan(5_000);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().details).toContainEqual({ path: 'database', message: 'unavailable' });
    proxy.resume();
    await expect.poll(async () => (await signIn()).statusCode, { timeout: 10_000 }).toBe(401);
  });

  it('hung (connections open, nothing answers): /readyz says so within 2 s, a request answers 503 within 10 s', async () => {
    // A connection the pool holds, and one it must open: both hang once frozen.
    expect((await signIn()).statusCode).toBe(401);
    proxy.freeze();
    const [first, second] = await Promise.all([timed(signIn), timed(signIn)]);
    for (const { result, ms } of [first!, second!]) {
      expect(result.statusCode, result.body).toBe(503);
      expect(result.headers['retry-after']).toBe('5');
      expect(ms).toBeLessThan(10_000);
    }
    // A readiness probe gives up after 1 s by default: /readyz must answer before that.
    for (let probe = 0; probe < 3; probe++) {
      const ready = await timed(() => app.inject({ method: 'GET', url: '/readyz' }));
      expect(ready.result.statusCode).toBe(503);
      expect(ready.result.json().details).toContainEqual({ path: 'database', message: 'unavailable' });
      expect(ready.ms).toBeLessThan(2_000);
    }
    proxy.resume();
    await expect.poll(async () => (await signIn()).statusCode, { timeout: 15_000 }).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
  }, 40_000);

  it('a report has its own, longer limit: a query past the request limit still answers there', async () => {
    const limit = loadConfig({ NODE_ENV: 'test' }).databaseTimeouts;
    expect(limit.reportMs).toBeGreaterThan(limit.queryMs);
    const slow = await openDatabase({
      kind: 'postgres',
      url: withDatabase(SERVER, name),
      poolSize: 1,
      timeouts: { ...limit, queryMs: 300, reportMs: 3_000 },
    });
    try {
      await expect(slow.db.execute(sql`select pg_sleep(0.6)`)).rejects.toSatisfy(isDatabaseUnavailable);
      await expect(slow.reports.execute(sql`select pg_sleep(0.6)`)).resolves.toBeDefined();
    } finally {
      await slow.close();
    }
  });
});

// Requests per second and p99 latency of the portal's /readyz (a database round trip) against a
// bare Fastify hello-world started in the same run, and their ratio. Both servers run as their
// own process; autocannon drives them from this one.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { demoSession, printTable, root, startPortal, waitFor } from './support.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

function run(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers, duration: DURATION, connections: CONNECTIONS, pipelining: 1 },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

async function measure(url, headers = {}) {
  await run(url, headers).catch(() => undefined); // warm-up is the first second of a short run
  const result = await run(url, headers);
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
}

export async function measureApiThroughput() {
  const helloPort = 3399;
  const hello = spawn(process.execPath, ['bench/hello-world.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(helloPort) },
  });
  const portal = await startPortal(3302, { KAUNTI_DEV_OUTBOX: 'true' });
  try {
    await waitFor(`http://127.0.0.1:${helloPort}/`);
    const base = await measure(`http://127.0.0.1:${helloPort}/`);
    const ready = await measure(`${portal.url}/readyz`);
    // A signed-in read: the demo citizen's bills, with their lines (session check + one query).
    const token = await demoSession(portal.url);
    const bills = await measure(`${portal.url}/api/bills`, { authorization: `Bearer ${token}` });
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    const ratio = (r) =>
      `${((r.rps / base.rps) * 100).toFixed(1)}% of the requests per second, p99 ${(r.p99 / Math.max(base.p99, 1)).toFixed(1)}×`;
    printTable(`API throughput (${DURATION} s, ${CONNECTIONS} connections, on ${db})`, [
      ['bare Fastify hello-world', `${base.rps.toFixed(0)} req/s, p50 ${base.p50} ms, p99 ${base.p99} ms`],
      ['Kaunti /readyz', `${ready.rps.toFixed(0)} req/s, p50 ${ready.p50} ms, p99 ${ready.p99} ms`],
      [
        'ratio (/readyz ÷ hello-world)',
        `${((ready.rps / base.rps) * 100).toFixed(0)}% of the requests per second, p99 ${(ready.p99 / Math.max(base.p99, 1)).toFixed(1)}×`,
      ],
      ['design bar', '≥ 50% of hello-world req/s and p99 < 50 ms with real PostgreSQL'],
      [
        'Kaunti GET /api/bills, signed in',
        `${bills.rps.toFixed(0)} req/s, p50 ${bills.p50} ms, p99 ${bills.p99} ms`,
      ],
      ['ratio (bills ÷ hello-world)', ratio(bills)],
      ['goal (issue 15)', '≥ 25% and p99 < 50 ms on PostgreSQL; p99 < 100 ms at 50 connections embedded'],
    ]);
    return { base, ready, bills, ratio: ready.rps / base.rps };
  } finally {
    hello.kill('SIGTERM');
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureApiThroughput();

// Requests per second and p99 latency of the portal's /readyz (a database round trip) against a
// bare Fastify hello-world started in the same run, and their ratio. Both servers run as their
// own process; autocannon drives them from this one.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { demoSession, printTable, root, SECOND_DEMO, startPortal, waitFor } from './support.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

/** `headers`: one set for every request, or a list taken in turn (several users' requests mixed). */
function run(url, headers) {
  const turns = Array.isArray(headers) ? headers : undefined;
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        duration: DURATION,
        connections: CONNECTIONS,
        pipelining: 1,
        ...(turns
          ? {
              requests: [
                { setupRequest: (request) => ({ ...request, headers: turns[next++ % turns.length] }) },
              ],
            }
          : { headers }),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/**
 * Draft saves (PUT /api/drafts/:id, each user's own draft): the route allows 600 saves per user
 * per 10 minutes, so each user (the two demo citizens; on PostgreSQL also CROWD made for the
 * bench) saves DRAFT_SAVES, side by side, after a short warm-up: a burst, not a 10-second run.
 * One load generator with CONNECTIONS connections (as the reads); each request saves the next of
 * the drafts in turn, so saves rarely meet on one draft, as open forms do not.
 */
const DRAFT_SAVES = 500;
/**
 * Users of the longer draft-save run on PostgreSQL (benchUsers): 150 × 500 = 75,000 saves, some
 * 6 seconds, as many citizens saving forms at once rather than two users' allowances.
 */
const CROWD = Number(process.env.BENCH_DRAFT_USERS ?? 150);
async function measureDraftSaves(url, tokens) {
  // Twice as many drafts as connections (25 per user at most): two saves of one draft wait for
  // each other (platform/db/coalesce.ts), and open forms rarely save the same draft at once.
  const perUser = Math.min(25, Math.max(1, Math.ceil((2 * CONNECTIONS) / tokens.length)));
  const drafts = tokens.flatMap((token) =>
    Array.from({ length: perUser }, () => ({
      id: randomUUID(),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })),
  );
  const body = JSON.stringify({
    service_id: 'land-survey',
    step: 1,
    values: { lr_number: '209/10001', survey_type_code: 'SV-BRE' },
  });
  const save = (draft) =>
    fetch(`${url}/api/drafts/${draft.id}`, { method: 'PUT', headers: draft.headers, body });
  // Warm-up: each draft created (and saved twice more), within the route's 600 saves per user.
  for (let round = 0; round < 3; round += 1) await Promise.all(drafts.map(save));
  const amount = DRAFT_SAVES * tokens.length;
  let next = 0;
  // Timed from the first request sent to the last answer (autocannon's own clock ends on its
  // next one-second tick, too coarse for a burst of about a second).
  let first;
  let last;
  const result = await new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        pipelining: 1,
        amount,
        requests: [
          {
            method: 'PUT',
            setupRequest: (request) => {
              first ??= performance.now();
              const draft = drafts[next % drafts.length];
              next += 1;
              return {
                ...request,
                path: `/api/drafts/${draft.id}`,
                headers: draft.headers,
                body,
              };
            },
            onResponse: () => {
              last = performance.now();
            },
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
  // The drafts go again: on PostgreSQL the demo users are the database's own (at most 50 drafts each).
  await Promise.all(
    drafts.map(({ id, headers }) =>
      fetch(`${url}/api/drafts/${id}`, {
        method: 'DELETE',
        headers: { authorization: headers.authorization },
      }),
    ),
  );
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `draft saves: ${result.non2xx} non-2xx (${JSON.stringify(result.statusCodeStats)}), ${result.errors} errors`,
    );
  const seconds = (last - first) / 1000;
  return { rps: amount / seconds, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * PostgreSQL only: `count` citizens made for the bench, each with a verified session, straight
 * in the database (a sign-up per user would hit the sign-up limits), with tokens signed by the
 * portal's JWT_SECRET, which the bench gives it. The draft saves are then timed over many users'
 * allowances (600 saves each per 10 minutes) rather than a burst of two. Removed after the run
 * (their sessions and drafts with them).
 */
async function benchUsers(count, secret) {
  const { default: pg } = await import('pg');
  const { SignJWT } = await import('jose');
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const tag = randomUUID().slice(0, 8);
  const tokens = [];
  const ids = [];
  const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
  const remove = async () => {
    await client.query('delete from users where id = any($1::uuid[])', [ids]);
    await client.end();
  };
  try {
    await makeUsers();
  } catch (error) {
    await remove();
    throw error;
  }
  return { tokens, remove };

  async function makeUsers() {
    for (let i = 0; i < count; i += 1) {
      const n = String(Math.floor(10_000_000 + Math.random() * 89_999_999));
      const {
        rows: [user],
      } = await client.query(
        `insert into users (customer_no, first_name, sur_name, identifier, identifier_type, phone_number, email,
         password_hash, first_time_login, phone_verified_at)
       values ($1, 'Bench', 'Citizen', $2, 'id_number', $3, $4, 'not-a-password-hash', false, now()) returning id`,
        [`BENCH-${tag}-${i}`, n, `2547${n}`, `bench-${tag}-${i}@example.co.ke`],
      );
      const {
        rows: [session],
      } = await client.query(
        `insert into sessions (user_id, state, expires_at, verified_at) values ($1, 'verified', $2, now()) returning id`,
        [user.id, expiresAt],
      );
      ids.push(user.id);
      tokens.push(
        await new SignJWT({ sid: session.id, scope: 'full' })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(user.id)
          .setIssuer('kaunti')
          .setIssuedAt()
          .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
          .sign(new TextEncoder().encode(secret)),
      );
    }
  }
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
  const secret = `bench-${randomUUID()}-${randomUUID()}`;
  const portal = await startPortal(3302, { KAUNTI_DEV_OUTBOX: 'true', JWT_SECRET: secret });
  try {
    await waitFor(`http://127.0.0.1:${helloPort}/`);
    const base = await measure(`http://127.0.0.1:${helloPort}/`);
    const ready = await measure(`${portal.url}/readyz`);
    // A signed-in read: the demo citizen's bills, with their lines (session check + one query).
    const token = await demoSession(portal.url);
    const secondToken = await demoSession(portal.url, SECOND_DEMO);
    const bills = await measure(`${portal.url}/api/bills`, { authorization: `Bearer ${token}` });
    // The same read with the two demo citizens' requests taken in turn: reads asked at the same
    // moment are made in one query (platform/db/coalesce.ts), and here they are of different users.
    const mixed = await measure(`${portal.url}/api/bills`, [
      { authorization: `Bearer ${token}` },
      { authorization: `Bearer ${secondToken}` },
    ]);
    const drafts = await measureDraftSaves(portal.url, [token, secondToken]);
    let crowdDrafts;
    if (process.env.DATABASE_URL) {
      const crowd = await benchUsers(CROWD, secret);
      try {
        crowdDrafts = await measureDraftSaves(portal.url, crowd.tokens);
      } finally {
        await crowd.remove();
      }
    }
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
      [
        'Kaunti GET /api/bills, two users in turn',
        `${mixed.rps.toFixed(0)} req/s, p50 ${mixed.p50} ms, p99 ${mixed.p99} ms`,
      ],
      ['ratio (two users ÷ hello-world)', ratio(mixed)],
      ['goal (issue 15)', '≥ 25% and p99 < 50 ms on PostgreSQL; p99 < 100 ms at 50 connections embedded'],
      [
        `Kaunti PUT /api/drafts/:id, two users × ${DRAFT_SAVES} saves`,
        `${drafts.rps.toFixed(0)} req/s, p50 ${drafts.p50} ms, p99 ${drafts.p99} ms`,
      ],
      ['ratio (draft saves ÷ hello-world)', ratio(drafts)],
      ...(crowdDrafts
        ? [
            [
              `Kaunti PUT /api/drafts/:id, ${CROWD} users × ${DRAFT_SAVES} saves`,
              `${crowdDrafts.rps.toFixed(0)} req/s, p50 ${crowdDrafts.p50} ms, p99 ${crowdDrafts.p99} ms`,
            ],
            ['ratio (draft saves ÷ hello-world)', ratio(crowdDrafts)],
          ]
        : []),
      ['goal (issue 15)', '≥ 15% on PostgreSQL'],
    ]);
    return { base, ready, bills, mixed, drafts, crowdDrafts, ratio: ready.rps / base.rps };
  } finally {
    hello.kill('SIGTERM');
    await portal.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureApiThroughput();

// The back office's queue with 100,000 applications on PostgreSQL: the first page (and a search)
// as an officer of every area sees it, timed over real HTTP. Goal: p95 under 100 ms (issue 11).
//   node --import tsx --import ./bench/glob-register.mjs bench/staff-queue.mjs            (npm run bench runs it too)
// DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/test); the bench
// creates its own database beside it and drops it afterwards.
import { performance } from 'node:perf_hooks';
import { benchOfficerHeaders, listenOnBenchDatabase, openBenchDatabase } from './postgres.mjs';
import { percentile, printTable } from './support.mjs';

const COUNT = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const bench = await openBenchDatabase('queue');
if (!bench) process.exit(0);
const { database } = bench;

async function time(url, headers) {
  const samples = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return `p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${percentile(samples, 95).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`;
}

try {
  const { app, url, config } = await listenOnBenchDatabase(bench);
  const db = database.db;

  // 2,000 applicants and COUNT applications across the land services and statuses, spread over
  // a year: generated in SQL (seconds, not minutes).
  const started = performance.now();
  await bench.generate(`
    insert into users (customer_no, first_name, sur_name, identifier, identifier_type, phone_number, email, password_hash)
    select 'BENCH-' || g, 'Applicant', 'No' || g, (20000000 + g)::text, 'id_number', '2547' || lpad((10000000 + g)::text, 8, '0'),
           'a' || g || '@example.co.ke', 'x'
    from generate_series(1, 2000) g`);
  await bench.generate(`
    insert into applications (application_no, user_id, service_id, status, reference, values, fee_cents, created_at, updated_at)
    select 'LND-2026-' || lpad(g::text, 6, '0'),
           (select id from users where customer_no = 'BENCH-' || (1 + g % 2000)),
           (array['land-survey','land-transfer','land-clearance','rates-search','ground-rent'])[1 + g % 5],
           (array['under_review','under_review','needs_info','approved','issued','rejected','awaiting_payment'])[1 + g % 7],
           '209/' || (10000 + g % 20), '{}'::jsonb, 100000,
           now() - ((g % 365) || ' days')::interval - ((g % 1440) || ' minutes')::interval, now()
    from generate_series(1, ${COUNT}) g`);
  // Vacuumed as well as analysed: on a live database autovacuum has long since visited a table
  // of this size (its visibility map lets the queue's counts read the index alone).
  await bench.generate('vacuum analyze applications');
  await bench.generate('vacuum analyze users');
  const generated = ((performance.now() - started) / 1000).toFixed(1);

  const headers = await benchOfficerHeaders(db, config.jwtSecret, ['reviewer']);

  // Warm-up, then the timed requests, one at a time.
  for (let i = 0; i < 20; i += 1)
    await (await fetch(`${url}/api/staff/applications`, { headers })).arrayBuffer();
  printTable(
    `The back-office queue on PostgreSQL (${COUNT.toLocaleString('en')} applications, ${REQUESTS} requests each)`,
    [
      ['generated in', `${generated} s`],
      ['first page (under review, oldest first)', await time(`${url}/api/staff/applications`, headers)],
      [
        'one area, needs_info',
        await time(`${url}/api/staff/applications?area=land&status=needs_info`, headers),
      ],
      [
        'search by application number',
        await time(`${url}/api/staff/applications?q=LND-2026-054321`, headers),
      ],
      ['goal', 'p95 under 100 ms for the first page'],
    ],
  );
  await app.close();
} finally {
  await bench.drop();
}

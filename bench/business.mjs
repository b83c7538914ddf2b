// The business permits area (issue 12), in-process on the embedded database:
// - activity search: GET /api/business/activities?q=… over the whole schedule, as a trader types
//   (one to four letters of an activity's name, and code prefixes), server-side time (inject);
//   goal p95 under 20 ms;
// - a permit's fee: the unified permit's fee rule (five business lines, bundled charges,
//   application fee, late penalty) worked out with the county's tariff rows as the server does
//   (priceService: reading the rows, then the rule); goal under 5 ms.
//   node --import tsx --import ./bench/glob-register.mjs bench/business.mjs        (npm run bench runs it too)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { priceService } from '../apps/server/src/core/applications/fees.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { seed } from '../apps/server/src/seed.ts';
import { findService } from '../packages/catalogue/src/catalogue.ts';
import { percentile, printTable } from './support.mjs';

const RUNS = Number(process.env.BENCH_BUSINESS_RUNS ?? 400);
const summary = (times, goal) => {
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  return `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms${p95 > goal ? '  OVER THE GOAL' : ''}`;
};

const dataDir = mkdtempSync(join(tmpdir(), 'kaunti-bench-business-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  KAUNTI_DATA_DIR: dataDir,
  KAUNTI_WEB_DIST: join(dataDir, 'no-web'),
});
const database = await openDatabase({ kind: 'pglite' });
try {
  await database.migrate();
  await seed(database.db, { county: config.county, demoData: true });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const all = (await app.inject({ method: 'GET', url: '/api/business/activities' })).json().data;
  // What traders type: the first 1–4 letters of each activity's words, and code prefixes.
  const typed = [
    ...new Set(
      all.flatMap((a) => [
        ...a.name
          .toLowerCase()
          .split(/\W+/)
          .filter((w) => w.length >= 3)
          .flatMap((w) => [w.slice(0, 2), w.slice(0, 4)]),
        a.activity_code.slice(0, 2),
      ]),
    ),
  ];
  const search = [];
  for (let i = 0; i < RUNS + 20; i++) {
    const q = typed[i % typed.length];
    const started = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/business/activities?q=${encodeURIComponent(q)}`,
      remoteAddress: `10.8.${(i >> 8) & 255}.${i & 255}`,
    });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`search "${q}" answered ${res.statusCode}`);
    if (i >= 20) search.push(elapsed);
  }

  const ubp = findService('unified-business-permit');
  const codes = all.map((a) => a.activity_code);
  const sizes = ['mini', 'small', 'medium', 'large', 'mega', 'hyper'];
  const fee = [];
  let total = 0;
  for (let i = 0; i < RUNS + 20; i++) {
    const linesData = Array.from({ length: 5 }, (_, j) => ({
      activity_code: codes[(i * 5 + j) % codes.length],
      business_size: sizes[(i + j) % sizes.length],
    }));
    const started = performance.now();
    const lines = await priceService(database.db, ubp, { linesData, late_months: 1 + (i % 3) });
    const elapsed = performance.now() - started;
    total = lines.length;
    if (i >= 20) fee.push(elapsed);
  }
  printTable(`Business permits (${RUNS} each after 20; ${all.length} activities)`, [
    ['activity search, server-side (goal p95 < 20 ms)', summary(search, 20)],
    [`unified permit fee, 5 lines → ${total} charge lines (goal < 5 ms)`, summary(fee, 5)],
  ]);
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

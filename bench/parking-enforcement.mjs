// Enforcement's plate check with a million parking tickets on PostgreSQL (issue 13): GET
// /api/parking/status?plate= as an enforcement officer, timed over real HTTP, for plates paid
// today, plates covered by a seasonal ticket or reserved bay (COVERS documents, two plates
// each) and plates with none. Goal: p95 under 20 ms.
//   node --import tsx --import ./bench/glob-register.mjs bench/parking-enforcement.mjs      (npm run bench runs it too)
// DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/test); the bench
// creates its own database beside it and drops it afterwards.
import { performance } from 'node:perf_hooks';
import { benchOfficerHeaders, listenOnBenchDatabase, openBenchDatabase } from './postgres.mjs';
import { percentile, printTable } from './support.mjs';

const COUNT = Number(process.env.BENCH_TICKETS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const COVERS = Number(process.env.BENCH_COVERS ?? 200_000);
const bench = await openBenchDatabase('parking');
if (!bench) process.exit(0);
const { database } = bench;

try {
  const { app, url, config } = await listenOnBenchDatabase(bench);
  const db = database.db;

  // COUNT tickets over 200 days and 50,000 plates ("KAA 000A"…), a tenth of them today, paid;
  // generated in SQL.
  const started = performance.now();
  await bench.generate(`
    insert into parking_tickets (id, ticket_no, plate, zone_code, vehicle_type, day, bill_no, amount_cents, status, paid_at)
    select 'PTB' || lpad(g::text, 11, '0'), 'PKT-B-' || g,
           'K' || chr(65 + (g / 26 / 100) % 26) || chr(65 + (g / 100) % 26) || ' ' || lpad((g % 1000)::text, 3, '0') || chr(65 + g % 26),
           (array['Z1','Z2','Z3','Z4'])[1 + g % 4], 'saloon',
           (now() at time zone 'Africa/Nairobi')::date - (g % 200),
           'NCCBB' || lpad(g::text, 8, '0'), 30000, 'paid', now()
    from generate_series(1, ${COUNT}) g
    on conflict do nothing`);
  // COVERS seasonal tickets and reserved bays, each a document covering two plates ("KMAA 000A"…),
  // half of them in force today, a few revoked.
  await bench.generate(`
    insert into documents (id, kind, number, holder_name, token, kid, status, issued_at, expires_at)
    select 'BD' || lpad(g::text, 10, '0'), 'permit', 'SPK-B-' || g, 'Bench holder', 't', 'k',
           case when g % 97 = 0 then 'revoked' else 'issued' end,
           now() - ((g % 60) || ' days')::interval, now() + ((g % 60 - 30) || ' days')::interval
    from generate_series(1, ${COVERS}) g
    on conflict do nothing`);
  await bench.generate(`
    insert into parking_covers (document_id, kind, service_id, zone_code, place, valid_from, valid_until)
    select d.id, case when g % 3 = 0 then 'reserved' else 'season' end,
           case when g % 3 = 0 then 'reserved-parking' else 'seasonal-parking' end,
           'Z1', 'Kimathi Street, Kimathi House', d.issued_at, d.expires_at
    from generate_series(1, ${COVERS}) g join documents d on d.id = 'BD' || lpad(g::text, 10, '0')
    on conflict do nothing`);
  await bench.generate(`
    insert into parking_cover_plates (plate, document_id, valid_until)
    select 'KM' || chr(65 + (g / 26 / 100) % 26) || chr(65 + (g / 100) % 26) || ' ' || lpad((g % 1000)::text, 3, '0') || chr(65 + (g + 13 * k) % 26),
           'BD' || lpad(g::text, 10, '0'), now() + ((g % 60 - 30) || ' days')::interval
    from generate_series(1, ${COVERS}) g, generate_series(0, 1) k
    on conflict do nothing`);
  await bench.generate(
    'analyze parking_tickets; analyze parking_covers; analyze parking_cover_plates; analyze documents;',
  );
  const generated = ((performance.now() - started) / 1000).toFixed(1);
  const plates = (
    await db.execute(
      `select plate from parking_tickets where day = (now() at time zone 'Africa/Nairobi')::date limit 200`,
    )
  ).rows.map((r) => r.plate);

  const seasons = (
    await db.execute(
      `select p.plate from parking_cover_plates p join parking_covers c using (document_id)
       where c.valid_from <= now() and p.valid_until > now() limit 200`,
    )
  ).rows.map((r) => r.plate);

  const headers = await benchOfficerHeaders(db, config.jwtSecret, ['enforcement']);

  async function time(platesToAsk) {
    const samples = [];
    for (let i = 0; i < REQUESTS + 20; i += 1) {
      const plate = platesToAsk[i % platesToAsk.length];
      const begun = performance.now();
      const res = await fetch(`${url}/api/parking/status?plate=${encodeURIComponent(plate)}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`status of ${plate} answered ${res.status}`);
      if (i >= 20) samples.push(performance.now() - begun);
    }
    samples.sort((a, b) => a - b);
    const p95 = percentile(samples, 95);
    return `p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${p95 > 20 ? '  OVER THE GOAL' : ''}`;
  }
  printTable(
    `Enforcement plate check on PostgreSQL (${COUNT.toLocaleString('en')} tickets, ${COVERS.toLocaleString('en')} seasonal tickets and reserved bays, ${REQUESTS} requests each)`,
    [
      ['generated in', `${generated} s`],
      ['a plate paid today (covered)', await time(plates)],
      ['a plate with a season or reserved bay in force (covered)', await time(seasons)],
      ['a plate with no ticket (not covered)', await time(['KZZ 999Z', 'KDX 001Q', 'KCY 555P'])],
      ['goal', 'p95 under 20 ms'],
    ],
  );
  await app.close();
} finally {
  await bench.drop();
}

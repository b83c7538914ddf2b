// The month's rent raised for 20,000 county tenancies on PostgreSQL (issue 40, decision 028):
// the standing charges job (`standing.raiseDue`) on the 1st of a month, timed — goal under 10 s —
// while a tenant reads their bills and tenancies over real HTTP, whose p95 is compared with the
// same reads at rest (requests are not blocked behind the run). A second run raises nothing.
//   node --import tsx --import ./bench/glob-register.mjs bench/standing-charges.mjs   (npm run bench runs it too)
// DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/test); the bench
// creates its own database beside it and drops it afterwards. BENCH_TENANCIES changes the count.
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { users } from '../apps/server/src/core/accounts/schema.ts';
import { createSessionService } from '../apps/server/src/core/accounts/sessions.ts';
import { createTokenSigner } from '../apps/server/src/core/accounts/tokens.ts';
import { createBillService } from '../apps/server/src/core/bills/bill-service.ts';
import { createStandingCharges } from '../apps/server/src/core/bills/standing-charges.ts';
import { addMonths, periodOf } from '../apps/server/src/core/bills/standing-rule.ts';
import { listenOnBenchDatabase, openBenchDatabase } from './postgres.mjs';
import { percentile, printTable } from './support.mjs';

const COUNT = Number(process.env.BENCH_TENANCIES ?? 20_000);
const GOAL_MS = 10_000;
const bench = await openBenchDatabase('rent');
if (!bench) process.exit(0);
const { database } = bench;

// The run of the 1st of this month, early morning in Nairobi: last month was raised (and its
// late penalties, after its due day), half the tenants paid it; this month is due now.
const now = new Date();
const firstOfMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 3, 0, 0));
const current = periodOf(firstOfMonth.getUTCFullYear(), firstOfMonth.getUTCMonth() + 1);
const previous = addMonths(current, -1);

const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `n ${sorted.length}, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms`;
};

try {
  const { app, url, config } = await listenOnBenchDatabase(bench);
  const db = database.db;

  const started = performance.now();
  await bench.generate(`
    insert into users (customer_no, first_name, sur_name, identifier, identifier_type, phone_number, email, password_hash)
    select 'RENT-' || g, 'Tenant', 'No' || g, (30000000 + g)::text, 'id_number', '2547' || lpad((20000000 + g)::text, 8, '0'),
           'tenant' || g || '@example.co.ke', 'x'
    from generate_series(1, ${COUNT}) g`);
  await bench.generate(`
    insert into estate_houses (estate_code, block, house_no, use, size, monthly_rent_cents)
    select (array['KAL','MAK','JER','OFM','MBO','BAH','SHM'])[1 + g % 7], 'Block Z', 'B' || g, 'residential', '2 rooms',
           250000 + (g % 5) * 25000
    from generate_series(1, ${COUNT}) g`);
  await bench.generate(`
    insert into tenancies (tenancy_no, house_id, user_id, tenant_name, start_date, rent_from)
    select 'NCC-BEN-' || lpad(g::text, 6, '0'), h.id, u.id, 'Tenant No' || g, '2015-01-01', '${previous}'
    from generate_series(1, ${COUNT}) g
    join estate_houses h on h.house_no = 'B' || g
    join users u on u.customer_no = 'RENT-' || g`);
  await bench.generate(`
    insert into standing_obligations (kind, reference, user_id, customer_name, description, description_sw,
      amount_cents, start_period, raised_through, due_day, penalty_ppm, sub_county_code)
    select 'county-rent', t.tenancy_no, t.user_id, t.tenant_name, 'County rent, bench house ' || h.house_no,
           'Kodi ya nyumba ya kaunti, nyumba ' || h.house_no, h.monthly_rent_cents, '${previous}', '${previous}', 10, 50000, '287'
    from tenancies t join estate_houses h on h.id = t.house_id where t.tenancy_no like 'NCC-BEN-%'`);
  await bench.generate(`
    update tenancies t set obligation_id = o.id from standing_obligations o
    where o.kind = 'county-rent' and o.reference = t.tenancy_no and t.tenancy_no like 'NCC-BEN-%'`);
  await bench.generate(`
    insert into standing_charges (obligation_id, period, kind, amount_cents)
    select id, '${previous}', 'charge', amount_cents from standing_obligations where reference like 'NCC-BEN-%'`);
  // Half paid last month; the other half were charged its 5% penalty after the 10th.
  await bench.generate(`
    insert into standing_payments (obligation_id, amount_cents, reference)
    select id, amount_cents, 'BENCH' || reference from standing_obligations
    where reference like 'NCC-BEN-%' and right(reference, 1)::int % 2 = 0`);
  await bench.generate(`
    insert into standing_charges (obligation_id, period, kind, amount_cents)
    select id, '${previous}', 'penalty', amount_cents / 20 from standing_obligations
    where reference like 'NCC-BEN-%' and right(reference, 1)::int % 2 = 1`);
  for (const table of [
    'users',
    'estate_houses',
    'tenancies',
    'standing_obligations',
    'standing_charges',
    'standing_payments',
  ])
    await bench.generate(`vacuum analyze ${table}`);
  const generated = ((performance.now() - started) / 1000).toFixed(1);

  // A tenant reading their bills and tenancies, as the web's /properties does.
  const [tenant] = await db.select().from(users).where(eq(users.customerNo, 'RENT-1'));
  const sessions = createSessionService(db, createTokenSigner(config.jwtSecret));
  const pending = await sessions.startPending(tenant.id);
  const { token } = await sessions.verify(pending.sessionId, tenant.id);
  const headers = { authorization: `Bearer ${token}` };
  const reads = [`${url}/api/bills`, `${url}/api/estates/tenancies`];
  let turn = 0;
  const read = async () => {
    const target = reads[turn++ % reads.length];
    const start = performance.now();
    const res = await fetch(target, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${target} answered ${res.status}`);
    return performance.now() - start;
  };
  for (let i = 0; i < 30; i += 1) await read();
  const atRest = [];
  for (let i = 0; i < 200; i += 1) atRest.push(await read());

  // The job as the server runs it (its own service over the same pool), with the reads beside it.
  const standing = createStandingCharges({ db, bills: createBillService({ db, prefix: 'B' }) });
  const during = [];
  let running = true;
  const reader = (async () => {
    while (running) during.push(await read());
  })();
  const raiseStart = performance.now();
  const raised = await standing.raiseDue(firstOfMonth);
  const raiseMs = performance.now() - raiseStart;
  running = false;
  await reader;

  const againStart = performance.now();
  const again = await standing.raiseDue(firstOfMonth);
  const againMs = performance.now() - againStart;
  const counted = await db.execute(
    sql`select count(*)::int as n from standing_charges where period = ${current} and kind = 'charge'`,
  );
  const charges = Number(counted.rows[0].n);

  printTable(
    `Rent of ${COUNT.toLocaleString('en')} tenancies raised on PostgreSQL (${availableParallelism()} cores)`,
    [
      ['data generated', `${generated} s`],
      [
        `raiseDue, ${current.slice(0, 7)}`,
        `${(raiseMs / 1000).toFixed(2)} s (goal under ${GOAL_MS / 1000} s: ${raiseMs < GOAL_MS ? 'met' : 'NOT met'}); ${raised.charges} charges, ${raised.penalties} penalties`,
      ],
      [
        'raised once',
        `${charges} charges of ${current.slice(0, 7)} in the table; a second run raised ${again.charges} (${(againMs / 1000).toFixed(2)} s)`,
      ],
      ['tenant reads at rest', stats(atRest)],
      ['tenant reads during the raise', stats(during)],
    ],
  );
  if (raised.charges !== COUNT || again.charges !== 0 || charges !== COUNT)
    throw new Error('the month was not raised exactly once for every tenancy');
  await app.close();
} finally {
  await bench.drop();
}

// Two portal instances on one PostgreSQL against one (issue 14), and a bills read while a burst
// of sign-ins saturates the CPU (argon2id, bounded by the password work queue).
//   node --import tsx --import ./bench/glob-register.mjs bench/scale-out.mjs          (npm run bench runs it too; build first)
// DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/test); the bench
// creates its own database beside it and drops it afterwards. Figures, not a pass/fail.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { hashPassword } from '../apps/server/src/core/accounts/passwords.ts';
import { users } from '../apps/server/src/core/accounts/schema.ts';
import { createSessionService } from '../apps/server/src/core/accounts/sessions.ts';
import { createTokenSigner } from '../apps/server/src/core/accounts/tokens.ts';
import { createBillService } from '../apps/server/src/core/bills/bill-service.ts';
import { openBenchDatabase } from './postgres.mjs';
import { printTable, startPortal } from './support.mjs';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECRET = randomBytes(32).toString('hex');
const PASSWORD = 'Bench-Passw0rd!';

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, pipelining: 1, ...options }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const figure = (r) =>
  `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p97.5 ${r.latency.p97_5} ms, p99 ${r.latency.p99} ms` +
  (r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : '');

const randomIp = () =>
  `10.${(Math.random() * 250) | 0}.${(Math.random() * 250) | 0}.${1 + ((Math.random() * 250) | 0)}`;

const bench = await openBenchDatabase('scale');
if (!bench) process.exit(0);
const portals = [];
try {
  const db = bench.database.db;
  // One citizen with three open bills, signed in (a session minted with the shared secret).
  const [user] = await db
    .insert(users)
    .values({
      customerNo: 'BENCH-SCALE',
      firstName: 'Wanjiku',
      surName: 'Bench',
      identifier: '29999999',
      identifierType: 'id_number',
      phoneNumber: '254798765432',
      email: 'scale@example.co.ke',
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning();
  const bills = createBillService({ db, prefix: 'NCCB' });
  for (const [i, amount] of [120_000, 45_000, 980_000].entries()) {
    await db.transaction((tx) =>
      bills.raise(tx, {
        userId: user.id,
        description: `Bench bill ${i + 1}`,
        lines: [{ amount_cents: amount, description: `Charge ${i + 1}`, parcel: null }],
        actor: { type: 'system' },
      }),
    );
  }
  const sessions = createSessionService(db, createTokenSigner(SECRET));
  const pending = await sessions.startPending(user.id);
  const { token } = await sessions.verify(pending.sessionId, user.id);
  const headers = { authorization: `Bearer ${token}` };

  const env = { DATABASE_URL: bench.url, JWT_SECRET: SECRET, KAUNTI_DEMO_DATA: 'false', TRUST_PROXY: '1' };
  portals.push(await startPortal(3311, env));
  portals.push(await startPortal(3312, env));
  const [a, b] = portals;
  const read = (url, connections) => run({ url: `${url}/api/bills`, connections, headers });

  await read(a.url, CONNECTIONS).catch(() => undefined); // warm-up
  await read(b.url, CONNECTIONS).catch(() => undefined);
  const one = await read(a.url, CONNECTIONS);
  const [twoA, twoB] = await Promise.all([read(a.url, CONNECTIONS / 2), read(b.url, CONNECTIONS / 2)]);
  const twoRps = twoA.requests.average + twoB.requests.average;

  // Sign-ins with a wrong password (each one argon2id verify, as a real one costs) from many
  // addresses, while the same bills read runs beside them on the same instance.
  const signIns = run({
    url: `${a.url}/api/auth/login`,
    connections: 100,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
          body: JSON.stringify({ username: '254798765432', password: `wrong-${Math.random()}` }),
        }),
      },
    ],
  });
  const readUnderLoad = await read(a.url, 10);
  const burst = await signIns;
  const statuses = burst.statusCodeStats ?? {};
  const count = (code) => statuses[code]?.count ?? 0;

  printTable(
    `Scale-out on PostgreSQL (${DURATION} s, ${CONNECTIONS} connections, ${availableParallelism()} cores, load generator on the same machine)`,
    [
      ['bills read, one instance', figure(one)],
      ['bills read, two instances', `${twoRps.toFixed(0)} req/s (${figure(twoA)} | ${figure(twoB)})`],
      ['two ÷ one', `${(twoRps / one.requests.average).toFixed(2)}× (goal ≥ 1.8× where the cores allow)`],
      ['bills read beside 100 sign-ins', figure(readUnderLoad)],
      [
        'the sign-ins',
        `${burst.requests.average.toFixed(0)} req/s answered: ${count(401)} checked (401), ${count(503)} refused at once (503 busy), ${count(429)} rate-limited`,
      ],
    ],
  );
} finally {
  for (const portal of portals) await portal.stop();
  await bench.drop();
}

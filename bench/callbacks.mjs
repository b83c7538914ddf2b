// M-Pesa callbacks processed per second against PostgreSQL: the real server (buildApp) on a
// throw-away database, N pending STK payments, then N "paid" callbacks POSTed over HTTP with a
// fixed concurrency (each one: the confirming stkpushquery, the payment row lock, receipt,
// transition, bill credit, audit rows, raw log row), then the same N again as duplicates
// (answered 200, nothing changes). The figures are checked: every payment and bill paid once,
// one audit row of each kind per payment, every duplicate logged as one and credited nothing.
//   node --import tsx --import ./bench/glob-register.mjs bench/callbacks.mjs            (npm run bench runs it too)
// DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/test); the bench
// creates its own database beside it and drops it afterwards. BENCH_CALLBACKS (default 4000),
// BENCH_WARMUP (default 3000) and BENCH_WARMUP_MAX (default 8000: callbacks of other payments
// first, not timed, as a server that has been running a while: at least the first, then a
// thousand more until two thousands in turn ran within 10% of each other, at most the second;
// the output shows each thousand's rate) and BENCH_CONCURRENCY (default "16,50": callbacks in
// flight at once; each level times its own N new payments; the duplicates run at the first)
// size the run.
//
// The outside world runs in a worker thread, not on the server's event loop: the load generator
// and a stand-in for Daraja, which answers the OAuth token and every `stkpushquery` with
// "completed, paid" (the portal credits a paid callback only once Daraja confirms it; without
// an answering Daraja every callback stays pending and nothing is measured). The load generator
// posts with Node's HTTP client over kept-alive connections, not fetch: in production the
// callbacks come from Safaricom's machines, and on two shared cores fetch's own CPU (a third of a
// core at these rates) was taken from the server it measures.
import { randomUUID } from 'node:crypto';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { percentile, printTable } from './support.mjs';

const COUNT = Number(process.env.BENCH_CALLBACKS ?? 4000);
/**
 * Payments completed before the timed run, not timed: the server's code compiled hot first. A
 * fresh process answers its first thousand callbacks at about half the rate of a warm one and
 * settles from about the fourth to the sixth (V8's optimising compiler: with `--no-opt` the rate
 * stays at the first thousand's). A callback server runs for days; with a fixed 1,000 the timed
 * run held the climb itself (docs/performance.md). So: at least WARMUP, then thousands more
 * until the rate settles (two in turn within 10%), at most WARMUP_MAX.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3000);
const WARMUP_MAX = Math.max(WARMUP, Number(process.env.BENCH_WARMUP_MAX ?? 8000));
const SETTLED = 0.1;
const LEFT_TO_CALLBACKS = new Date('2100-01-01T00:00:00Z');
/**
 * Callbacks in flight at once: 16 (a moment's callbacks from Safaricom) and 50 (the load of the
 * issue's other rows: 50 connections). At 16 the run is bound by waiting (a callback's round
 * trips), at 50 by the machine.
 */
const LEVELS = (process.env.BENCH_CONCURRENCY ?? '16,50').split(',').map(Number);
const CONCURRENCY = LEVELS[0];
const SECRET = 'bench-callback-secret-0123456789abcdef';

if (isMainThread) await main();
else worker();

async function main() {
  const [{ buildApp }, { users }, { bills }, { payments }, { loadConfig }, { openBenchDatabase }] =
    await Promise.all([
      import('../apps/server/src/app.ts'),
      import('../apps/server/src/core/accounts/schema.ts'),
      import('../apps/server/src/core/bills/schema.ts'),
      import('../apps/server/src/core/payments/schema.ts'),
      import('../apps/server/src/platform/config.ts'),
      import('./postgres.mjs'),
    ]);
  const bench = await openBenchDatabase('cb');
  if (!bench) process.exit(0);
  const { database, dataDir } = bench;
  const outside = new Worker(new URL(import.meta.url));
  const ask = (message) =>
    new Promise((resolve, reject) => {
      outside.once('message', resolve);
      outside.once('error', reject);
      outside.postMessage(message);
    });

  try {
    const { darajaUrl } = await ask({ type: 'start-daraja' });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      KAUNTI_DATA_DIR: dataDir,
      KAUNTI_WEB_DIST: join(dataDir, 'no-web'),
      DATABASE_URL: bench.url,
      MPESA_CALLBACK_SECRET: SECRET,
      MPESA_BASE_URL: darajaUrl,
      MPESA_SIM: 'true',
    });
    const app = await buildApp({ config, database, logger: false });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });

    // One citizen with COUNT bills, each with a pending STK payment awaiting its callback.
    const db = database.db;
    const [user] = await db
      .insert(users)
      .values({
        customerNo: 'BENCH-0001',
        firstName: 'Bench',
        surName: 'Payer',
        identifier: '99887766',
        identifierType: 'id_number',
        phoneNumber: '254700999888',
        email: 'bench@example.co.ke',
        passwordHash: 'x',
      })
      .returning();
    const allCheckoutIds = [];
    // Payments for the longest warm-up; the timed runs' come after them, whatever it used.
    const TOTAL = WARMUP_MAX + COUNT * LEVELS.length;
    for (let start = 0; start < TOTAL; start += 500) {
      const size = Math.min(500, TOTAL - start);
      const billRows = await db
        .insert(bills)
        .values(
          Array.from({ length: size }, (_, i) => ({
            billNo: `BNCH${String(start + i).padStart(8, '0')}`,
            userId: user.id,
            status: 'unpaid',
            description: 'Bench bill',
            totalCents: 150_000,
            dueDate: '2030-12-31',
          })),
        )
        .returning({ id: bills.id, billNo: bills.billNo });
      const paymentRows = billRows.map((bill, i) => ({
        userId: user.id,
        billId: bill.id,
        billNo: bill.billNo,
        method: 'mpesa_stk',
        status: 'pending',
        amountRequestedCents: 150_000,
        phoneNumber: '254700999888',
        checkoutRequestId: `ws_CO_bench_${start + i}_${randomUUID().slice(0, 8)}`,
        // Marked as asked about already, far ahead: the reconciliation job (every 15 s, for
        // payments pending over a minute) leaves them to their callbacks, however long the run
        // (and the warm-up's unused payments stay pending).
        lastQueriedAt: LEFT_TO_CALLBACKS,
      }));
      await db.insert(payments).values(paymentRows);
      allCheckoutIds.push(...paymentRows.map((p) => p.checkoutRequestId));
    }
    const checkoutIds = allCheckoutIds.slice(WARMUP_MAX, WARMUP_MAX + COUNT);

    const count = async (query) => {
      const result = await db.execute(query);
      return (result.rows ?? result)[0]?.n;
    };
    const load = {
      type: 'run',
      offset: WARMUP_MAX,
      url: `${url}/api/payments/callbacks/stk/${SECRET}`,
      checkoutIds,
      CONCURRENCY,
    };
    // Receipt numbers follow the payments: the warm-up's are BN00000000…, the timed ones' after.
    const warmRates = [];
    let warmedUp = 0;
    while (WARMUP > 0 && warmedUp < WARMUP_MAX) {
      const size = Math.min(1000, WARMUP_MAX - warmedUp);
      const ids = allCheckoutIds.slice(warmedUp, warmedUp + size);
      const round = await ask({ ...load, checkoutIds: ids, offset: warmedUp, label: 'warm-up' });
      warmedUp += size;
      warmRates.push(Math.round(round.perSecond));
      const settled =
        warmRates.length >= 2 && Math.abs(warmRates.at(-1) - warmRates.at(-2)) / warmRates.at(-2) < SETTLED;
      if (warmedUp >= WARMUP && settled) break;
    }
    const first = await ask({ ...load, label: 'new' });
    const more = [];
    for (const [i, level] of LEVELS.slice(1).entries()) {
      const offset = WARMUP_MAX + COUNT * (i + 1);
      const ids = allCheckoutIds.slice(offset, offset + COUNT);
      more.push(
        await ask({ ...load, checkoutIds: ids, offset, CONCURRENCY: level, label: `new at ${level}` }),
      );
    }
    // Every payment called back for: the warm-up's and the timed ones (the rest stay pending).
    const paid = warmedUp + COUNT * LEVELS.length;
    const afterFirst = {
      payments: await count(
        "select count(*)::int as n from payments where status = 'paid' and mpesa_receipt_number is not null",
      ),
      bills: await count(
        "select count(*)::int as n from bills where status = 'paid' and paid_cents = total_cents",
      ),
    };
    const second = await ask({ ...load, label: 'duplicate' });
    const after = {
      payments: await count(
        "select count(*)::int as n from payments where status = 'paid' and mpesa_receipt_number is not null",
      ),
      bills: await count(
        "select count(*)::int as n from bills where status = 'paid' and paid_cents = total_cents and credit_cents = 0",
      ),
      paidAudits: await count(
        "select count(*)::int as n from audit_log where entity_type = 'payment' and action = 'paid'",
      ),
      creditAudits: await count(
        "select count(*)::int as n from audit_log where entity_type = 'bill' and action = 'payment_applied'",
      ),
      loggedPaid: await count("select count(*)::int as n from mpesa_callbacks where outcome = 'paid'"),
      loggedDuplicate: await count(
        "select count(*)::int as n from mpesa_callbacks where outcome = 'duplicate'",
      ),
    };
    const correct =
      first.failures === 0 &&
      more.every((r) => r.failures === 0) &&
      second.failures === 0 &&
      afterFirst.payments === paid &&
      afterFirst.bills === paid &&
      after.payments === paid &&
      after.bills === paid &&
      after.paidAudits === paid &&
      after.creditAudits === paid &&
      after.loggedPaid === paid &&
      after.loggedDuplicate === COUNT;
    const rows = (label, r) => [
      [`${label}: callbacks per second`, r.perSecond.toFixed(0)],
      [`${label}: each thousand in turn`, r.byThousand.join(' → ')],
      [`${label}: p50 / p99 latency`, `${r.p50.toFixed(1)} ms / ${r.p99.toFixed(1)} ms`],
      [`${label}: non-200 answers`, String(r.failures)],
    ];
    printTable(
      `M-Pesa STK callbacks against PostgreSQL (${COUNT} payments timed at each concurrency after ${warmedUp} not timed, ${availableParallelism()} cores; load generator, stand-in Daraja and PostgreSQL on the same machine)`,
      [
        ...(warmedUp > 0
          ? [
              [
                `warm-up, not timed (${warmedUp}, until two thousands in turn were within ${SETTLED * 100}%)`,
                warmRates.join(' → '),
              ],
            ]
          : []),
        ...rows(`new (paid, confirmed, credited), ${CONCURRENCY} at a time`, first),
        ...more.flatMap((r, i) => rows(`new, ${LEVELS[i + 1]} at a time`, r)),
        ...rows(`duplicates (the first ${COUNT} again), ${CONCURRENCY} at a time`, second),
        [
          'payments / bills paid after the new ones',
          `${afterFirst.payments} / ${afterFirst.bills} of ${paid}`,
        ],
        ['after the duplicates (bills with no credit)', `${after.payments} / ${after.bills} of ${paid}`],
        ['audit rows: payment paid / bill credited', `${after.paidAudits} / ${after.creditAudits}`],
        ['raw log: paid / duplicate', `${after.loggedPaid} / ${after.loggedDuplicate}`],
        ['correct (each paid once, every duplicate changed nothing)', correct ? 'yes' : 'NO'],
      ],
    );
    await app.close();
    if (!correct) process.exitCode = 1;
  } finally {
    await outside.terminate();
    await bench.drop();
  }
}

/** The worker: a stand-in Daraja (OAuth and stkpushquery only) and the load generator. */
function worker() {
  parentPort.on('message', async (message) => {
    if (message.type === 'start-daraja') {
      parentPort.postMessage({ darajaUrl: await startDaraja() });
      return;
    }
    parentPort.postMessage(await run(message));
  });
}

function startDaraja() {
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url.startsWith('/oauth/v1/generate')) {
        response.end(JSON.stringify({ access_token: 'bench-access-token', expires_in: '3599' }));
        return;
      }
      if (request.url === '/mpesa/stkpushquery/v1/query') {
        const { CheckoutRequestID } = JSON.parse(Buffer.concat(chunks).toString());
        response.end(
          JSON.stringify({
            ResponseCode: '0',
            ResponseDescription: 'The service request has been accepted successsfully',
            MerchantRequestID: 'bench-merchant',
            CheckoutRequestID,
            ResultCode: '0',
            ResultDesc: 'The service request is processed successfully.',
          }),
        );
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ errorCode: '404.001.01', errorMessage: 'Resource not found' }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)),
  );
}

function callbackBody(checkoutId, i) {
  return JSON.stringify({
    Body: {
      stkCallback: {
        MerchantRequestID: `mr-${i}`,
        CheckoutRequestID: checkoutId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: 1500 },
            { Name: 'MpesaReceiptNumber', Value: `BN${String(i).padStart(8, '0')}` },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: 20250314101502 },
            { Name: 'PhoneNumber', Value: 254700999888 },
          ],
        },
      },
    },
  });
}

/** One POST over a kept-alive connection (Node's HTTP client: lighter than fetch, so the load
 * generator takes less of the machine's two cores from the server it measures). */
const agent = new Agent({ keepAlive: true, maxSockets: Math.max(...LEVELS) });
function post(url, body) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function run({ url, checkoutIds, offset, CONCURRENCY: concurrency }) {
  const latencies = [];
  /** When each callback was answered (the rate of each thousand in turn is worked out from it). */
  const answered = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= checkoutIds.length) return;
        const t0 = performance.now();
        const status = await post(url, callbackBody(checkoutIds[i], offset + i));
        if (status !== 200) failures++;
        const t1 = performance.now();
        latencies.push(t1 - t0);
        answered.push(t1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const byThousand = [];
  for (let k = 1000; k <= answered.length; k += 1000) {
    const from = k === 1000 ? started : answered[k - 1001];
    byThousand.push(Math.round(1000 / ((answered[k - 1] - from) / 1000)));
  }
  latencies.sort((a, b) => a - b);
  return {
    perSecond: checkoutIds.length / seconds,
    byThousand,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}

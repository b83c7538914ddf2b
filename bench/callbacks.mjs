// M-Pesa callbacks processed per second against PostgreSQL: the real server (buildApp) on a
// throw-away database, N pending STK payments, then N "paid" callbacks POSTed over HTTP with a
// fixed concurrency (each one: raw log row, payment row lock, receipt, transition, bill credit,
// audit rows), then the same N again as duplicates (answered 200, nothing changes).
//   node --import tsx bench/callbacks.mjs            (npm run bench runs it too)
// DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/test); the bench
// creates its own database beside it and drops it afterwards.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { users } from '../apps/server/src/core/accounts/schema.ts';
import { bills } from '../apps/server/src/core/bills/schema.ts';
import { payments } from '../apps/server/src/core/payments/schema.ts';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { openBenchDatabase } from './postgres.mjs';
import { printTable } from './support.mjs';

const COUNT = Number(process.env.BENCH_CALLBACKS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const SECRET = 'bench-callback-secret-0123456789abcdef';
const bench = await openBenchDatabase('cb');
if (!bench) process.exit(0);
const { database, dataDir } = bench;

try {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    KAUNTI_DATA_DIR: dataDir,
    KAUNTI_WEB_DIST: join(dataDir, 'no-web'),
    DATABASE_URL: bench.url,
    MPESA_CALLBACK_SECRET: SECRET,
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
  const checkoutIds = [];
  for (let start = 0; start < COUNT; start += 500) {
    const size = Math.min(500, COUNT - start);
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
    }));
    await db.insert(payments).values(paymentRows);
    checkoutIds.push(...paymentRows.map((p) => p.checkoutRequestId));
  }

  const body = (checkoutId, i) =>
    JSON.stringify({
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

  async function run(label) {
    const latencies = [];
    let next = 0;
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (;;) {
          const i = next++;
          if (i >= COUNT) return;
          const t0 = performance.now();
          const res = await fetch(`${url}/api/payments/callbacks/stk/${SECRET}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: body(checkoutIds[i], i),
          });
          await res.arrayBuffer();
          if (res.status !== 200) failures++;
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
    return [
      [`${label}: callbacks per second`, (COUNT / seconds).toFixed(0)],
      [`${label}: p50 / p99 latency`, `${pct(50).toFixed(1)} ms / ${pct(99).toFixed(1)} ms`],
      [`${label}: non-200 answers`, String(failures)],
    ];
  }

  const first = await run('paid (new receipts)');
  const second = await run('duplicates (same receipts again)');
  const paid = await db.select({ id: payments.id }).from(payments);
  const check = await database.db.execute(
    "select count(*)::int as paid from payments where status = 'paid' and mpesa_receipt_number is not null",
  );
  const paidCount = (check.rows ?? check)[0]?.paid;
  const billCheck = await database.db.execute(
    "select count(*)::int as paid from bills where status = 'paid'",
  );
  const billsPaid = (billCheck.rows ?? billCheck)[0]?.paid;
  printTable(`M-Pesa STK callbacks against PostgreSQL (${COUNT} payments, concurrency ${CONCURRENCY})`, [
    ...first,
    ...second,
    ['payments paid / bills paid (expected both = count)', `${paidCount} / ${billsPaid} of ${paid.length}`],
  ]);
  await app.close();
} finally {
  await bench.drop();
}

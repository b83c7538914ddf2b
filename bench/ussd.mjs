// USSD steps on PostgreSQL (issue 42): the gateway times a session out, so each step must answer
// fast. 50 sessions at once, each from its own phone, post a main-menu step (the first screen)
// and a parking step (plate typed: the zones listed), over real HTTP.
// Goal: p95 under 50 ms for both.
//   node --import tsx --import ./bench/glob-register.mjs bench/ussd.mjs      (npm run bench runs it too)
// DATABASE_URL picks the server (default postgres://postgres@127.0.0.1:5432/test); the bench
// creates its own database beside it and drops it afterwards.
import { performance } from 'node:perf_hooks';
import { listenOnBenchDatabase, openBenchDatabase } from './postgres.mjs';
import { percentile, printTable } from './support.mjs';

const SESSIONS = Number(process.env.BENCH_USSD_SESSIONS ?? 50);
const STEPS = Number(process.env.BENCH_USSD_STEPS ?? 1000);
const bench = await openBenchDatabase('ussd');
if (!bench) process.exit(0);

try {
  const { app, url, config } = await listenOnBenchDatabase(bench);
  let phones = 0;
  /** A new caller: its own phone (the per-phone limit is a person's, not a bench's). */
  const newPhone = () => {
    phones += 1;
    return `+25471${String(5_000_000 + phones).padStart(7, '0')}`;
  };

  async function step(phone, session, text) {
    const begun = performance.now();
    const res = await fetch(`${url}/api/ussd/${config.ussdSecret}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        sessionId: session,
        serviceCode: '*235#',
        phoneNumber: phone,
        networkCode: '63902',
        text,
      }),
    });
    const body = await res.text();
    if (!res.ok || !/^(CON|END) /.test(body))
      throw new Error(`a step answered ${res.status}: ${body.slice(0, 80)}`);
    return performance.now() - begun;
  }

  async function run(text) {
    const samples = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: SESSIONS }, async (_, worker) => {
        let phone = newPhone();
        let taken = 0;
        while (next < STEPS + 50) {
          const index = next++;
          if (taken++ >= 20) {
            phone = newPhone();
            taken = 0;
          }
          const ms = await step(phone, `bench-${worker}-${index}`, text);
          if (index >= 50) samples.push(ms);
        }
      }),
    );
    samples.sort((a, b) => a - b);
    const p95 = percentile(samples, 95);
    return `p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms${p95 > 50 ? '  OVER THE GOAL' : ''}`;
  }

  printTable(`USSD steps on PostgreSQL (${SESSIONS} sessions at once, ${STEPS} steps each row)`, [
    ['main menu (English chosen: "1")', await run('1')],
    ['daily parking: plate typed, zones listed ("1*1*KDA 123A")', await run('1*1*KDA 123A')],
    ['goal', 'p95 under 50 ms'],
  ]);
  await app.close();
} finally {
  await bench.drop();
}

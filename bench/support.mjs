// Shared pieces of the benchmarks: start the built portal on a throw-away data directory,
// wait for it, and stop it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

export async function waitFor(url, timeoutMs = 60_000) {
  const start = Date.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - start > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Portals a benchmark started and has not stopped yet: stopped when the run ends, however it ends. */
const running = new Set();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => process.exit(130));
}

/**
 * Starts apps/server/dist/main.js (build first) on a port; PostgreSQL when DATABASE_URL is set.
 * PORTAL_PROF=<folder> writes the portal's CPU profile there when it stops (`node --cpu-prof`).
 */
export async function startPortal(port, extraEnv = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaunti-bench-'));
  const child = spawn(
    process.execPath,
    [
      ...(process.env.PORTAL_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PORTAL_PROF}`] : []),
      'apps/server/dist/main.js',
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        KAUNTI_DATA_DIR: dataDir,
        ...extraEnv,
      },
    },
  );
  running.add(child);
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    running.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/readyz`, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}

export function printTable(title, rows) {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}

const DEMO = { username: '0712345678', password: 'Kaunti#Demo2024', phone: '254712345678' };
/** The second demo citizen. */
export const SECOND_DEMO = { username: '0722334455', password: 'Kaunti#Demo2024', phone: '254722334455' };

/** A demo citizen's verified session (the first one by default): password, then the code from the development outbox. */
export async function demoSession(url, who = DEMO) {
  const post = (path, body, token) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, body: await res.json() }));
  const login = await post('/api/auth/login', { username: who.username, password: who.password });
  if (login.status !== 200) throw new Error(`demo sign-in failed: ${login.status}`);
  if (!login.body.otp_sent) await post('/api/auth/otp/send', {}, login.body.token);
  const outbox = await (await fetch(`${url}/api/dev/sms-outbox?phone=${who.phone}`)).json();
  const otp = /\b(\d{6})\b/.exec(outbox.data[0]?.message ?? '')?.[1];
  const verified = await post('/api/auth/otp/verify', { otp }, login.body.token);
  if (verified.status !== 200) throw new Error(`demo code refused: ${verified.status}`);
  return verified.body.token;
}

/** The p-th percentile of samples sorted in ascending order. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

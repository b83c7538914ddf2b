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

/** Starts apps/server/dist/main.js (build first) on a port; PostgreSQL when DATABASE_URL is set. */
export async function startPortal(port, extraEnv = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaunti-bench-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
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
  });
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

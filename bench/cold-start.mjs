// Start-up time of the built portal on the embedded database: a fresh folder (the first start a
// newcomer sees: the build's seed image is loaded) and the same folder again; then the resident
// memory after it has idled for a few seconds. Goals (issue 15): first start < 5 s, idle < 250 MiB.
//   node bench/cold-start.mjs        (npm run bench runs it too; build first)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTable, root } from './support.mjs';

const PORT = 3305;

// The embedded database, whatever the run was given: `DATABASE_URL=… npm run bench` measures the
// API on PostgreSQL, and a portal started with it would measure PostgreSQL's start instead (it did,
// until 2026-11-28: the figures of the runs with DATABASE_URL before then are not embedded ones).
const { DATABASE_URL: _postgres, ...embeddedEnv } = process.env;

async function start(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...embeddedEnv,
      NODE_ENV: 'development',
      LOG_LEVEL: 'error',
      PORT: String(PORT),
      KAUNTI_DATA_DIR: dataDir,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error('the portal exited while starting');
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds,
    rssMiB() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'kaunti-bench-start-'));
try {
  const fresh = await start(dataDir);
  await fresh.stop();
  const again = await start(dataDir);
  await new Promise((r) => setTimeout(r, 5000));
  const idle = again.rssMiB();
  await again.stop();
  printTable('Start-up on the embedded database, with demo data', [
    ['first start, fresh folder', `${fresh.seconds.toFixed(1)} s (goal < 5 s)`],
    ['start on an existing folder', `${again.seconds.toFixed(1)} s`],
    ['resident memory after 5 s idle', `${idle.toFixed(0)} MiB (goal < 250 MiB)`],
  ]);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

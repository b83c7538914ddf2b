// Builds the portal for the browser tests (with VITE_TEST_ROUTES=true, into apps/web/dist-e2e)
// and starts it on a fresh PGlite database in a temporary folder, beside the M-Pesa simulator.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// This file is in e2e/support: the repository root is two levels up.
const root = resolve(import.meta.dirname, '..', '..');
// E2E_PORT moves the portal (the simulator takes the next port), so two runs can share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const SIM_PORT = PORT + 1;
const webOut = PORT === 3210 ? 'dist-e2e' : `dist-e2e-${PORT}`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function build(args, env = {}) {
  execFileSync(npm, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

build(['run', 'build', '-w', '@kaunti/web', '--', '--outDir', webOut, '--emptyOutDir'], {
  VITE_TEST_ROUTES: 'true',
});
build(['run', 'build', '-w', '@kaunti/server']);
const hasSimulator =
  existsSync(join(root, 'tools/mpesa-sim/package.json')) &&
  existsSync(join(root, 'tools/mpesa-sim/src/main.ts'));
if (hasSimulator) build(['run', 'build', '-w', '@kaunti/mpesa-sim']);

const dataDir = mkdtempSync(join(tmpdir(), 'kaunti-e2e-'));
const children = [];
const env = {
  ...process.env,
  NODE_ENV: 'development',
  // The tests read one-time codes from the SMS outbox: an explicit development flag.
  KAUNTI_DEV_OUTBOX: 'true',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  PORT: String(PORT),
  PUBLIC_URL: `http://127.0.0.1:${PORT}`,
  KAUNTI_DATA_DIR: dataDir,
  KAUNTI_WEB_DIST: join(root, 'apps/web', webOut),
  MPESA_BASE_URL: `http://127.0.0.1:${SIM_PORT}`,
  MPESA_SIM: 'true',
};
delete env.DATABASE_URL;

if (hasSimulator) {
  children.push(
    spawn(process.execPath, ['tools/mpesa-sim/dist/main.js'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, PORT: String(SIM_PORT), SIM_PORT: String(SIM_PORT) },
    }),
  );
}
children.push(
  spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
);

function stop() {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }, 1500);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && process.exit(code));

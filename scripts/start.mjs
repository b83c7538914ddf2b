// `npm start`: runs the built portal on the embedded PGlite database with demo data, beside the
// local M-Pesa simulator, so that a demo payment completes with no set-up. Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const children = [];
function run(name, args, env = {}) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the portal.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const useSimulator = !process.env.MPESA_BASE_URL;
if (useSimulator && existsSync('tools/mpesa-sim/dist/main.js')) {
  // The portal's default MPESA_BASE_URL is http://127.0.0.1:3100: keep the simulator there even
  // when PORT is set for the portal.
  run('M-Pesa simulator', ['--enable-source-maps', 'tools/mpesa-sim/dist/main.js'], { PORT: '3100' });
}
// `npm start` is the local demo: development settings and the SMS outbox, said explicitly (a
// built server with NODE_ENV unset runs with production settings, and production refuses the
// outbox flag).
run('Kaunti server', ['--enable-source-maps', 'apps/server/dist/main.js'], {
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  KAUNTI_DEV_OUTBOX: process.env.KAUNTI_DEV_OUTBOX ?? 'true',
});

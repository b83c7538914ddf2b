// `npm run dev`: the API with reload on :3000 (esbuild watch, node --watch), the web app with hot reload on :5173
// (Vite proxies /api to :3000) and the M-Pesa simulator on :3100. Ctrl+C stops all three.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const children = [];
function run(name, command, args, cwd = '.', env = {}) {
  const child = spawn(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '1', ...env },
  });
  child.on('exit', (code) => {
    if (!stopping) console.error(`${name} exited (${code}).`);
  });
  children.push(child);
}

let stopping = false;
function stop() {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const tsx = 'node_modules/.bin/tsx';
if (!process.env.MPESA_BASE_URL && existsSync('tools/mpesa-sim/src/main.ts')) {
  // On :3100, the portal's default MPESA_BASE_URL, even when PORT is set for the API.
  run('M-Pesa simulator', tsx, ['watch', 'tools/mpesa-sim/src/main.ts'], '.', { PORT: '3100' });
}
// The API is built by esbuild (the catalogue finds its service folders with import.meta.glob,
// which esbuild learns from the catalogue's plugin: decision 020), rebuilt on every change, and
// restarted by node when the build changes.
execFileSync(process.execPath, ['build.mjs'], {
  cwd: 'apps/server',
  stdio: 'inherit',
  env: { ...process.env, KAUNTI_SEED_IMAGES: 'false' },
});
run('API build', process.execPath, ['build.mjs', '--watch'], 'apps/server');
run('API', process.execPath, ['--watch', '--enable-source-maps', 'apps/server/dist/main.js'], '.', {
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  KAUNTI_DEV_OUTBOX: process.env.KAUNTI_DEV_OUTBOX ?? 'true',
});
run('web', 'node_modules/.bin/vite', ['--config', 'apps/web/vite.config.ts', 'apps/web']);
console.log('\nKaunti dev: web http://localhost:5173 · API http://localhost:3000/api/docs\n');

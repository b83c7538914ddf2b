// Bundles the server into dist/main.js. npm dependencies stay external (loaded from node_modules);
// the workspace packages (@kaunti/contract, @kaunti/catalogue) are TypeScript and are bundled in.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { importMetaGlob } from '@kaunti/catalogue/build/import-meta-glob.mjs';
import { build, context } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@kaunti/'));

// The chunks of an earlier build (their names carry a hash) would pile up beside the new ones.
for (const name of existsSync('dist') ? readdirSync('dist', { withFileTypes: true }) : []) {
  if (name.isFile() && /\.js(\.map)?$/.test(name.name)) rmSync(`dist/${name.name}`);
}

const options = {
  entryPoints: { main: 'src/main.ts', ops: 'src/ops/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // main.js loads the rest of the portal after its own settings are made (src/main.ts): a chunk.
  splitting: true,
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __kauntiRequire } from 'node:module'; const require = __kauntiRequire(import.meta.url);",
  },
  logLevel: 'warning',
  // A built server with NODE_ENV unset runs with production settings (platform/config.ts).
  define: { __KAUNTI_BUILT__: 'true' },
  // The catalogue finds its service folders with import.meta.glob (decision 022).
  plugins: [importMetaGlob()],
};

// `node build.mjs --watch` (npm run dev): rebuilds on every change; the caller runs dist/main.js
// with `node --watch`. No seed images: the development database is made at its first start.
if (process.argv.includes('--watch')) {
  const ctx = await context(options);
  await ctx.watch();
  console.log('server build: watching for changes');
  await new Promise(() => {});
}
await build(options);
console.log('server built: apps/server/dist/main.js (and dist/ops.js: backup and restore)');

// The seed images: each county's embedded database, migrated and seeded with demo data, so the
// first start on a fresh folder loads it (platform/db/seed-image.ts). KAUNTI_SEED_IMAGES=false skips.
if (process.env.KAUNTI_SEED_IMAGES !== 'false') {
  execFileSync(process.execPath, ['dist/ops.js', 'seed-images', 'dist/seed-images'], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
}

// Type-checks each workspace (or the folders named on the command line) with TypeScript 7, the
// native compiler (decision 043): the same checker as TypeScript 5.9, several times faster. The
// 5.9 package stays for the tools that call TypeScript's JavaScript API (openapi-typescript,
// dependency-cruiser), which 7 does not have; both install a `tsc`, so this script names 7's own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin',
  'tsc',
);
const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
const folders = (process.argv.length > 2 ? process.argv.slice(2) : workspaces.map((w) => join(root, w)))
  .map((folder) => resolve(folder))
  .filter((folder) => existsSync(join(folder, 'tsconfig.json')));

let failed = 0;
for (const folder of folders) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '-p', folder], { stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const name = relative(root, folder) || '.';
  if (run.status === 0) console.log(`typecheck ${name}: no errors (${seconds} s)`);
  else {
    failed += 1;
    console.error(`typecheck ${name}: FAILED (${seconds} s)`);
  }
}
process.exit(failed === 0 ? 0 : 1);

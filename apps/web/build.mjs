// `npm run build -w @kaunti/web [-- --outDir <dir> --emptyOutDir]`: the browser's app (vite build)
// into <dir> (dist unless told), then the server's page renderer (vite build --ssr,
// src/entry-server.tsx) into <dir>/.ssr, and <dir>/.ssr/pages.json: the paths that take a plain
// form post, which the server routes at start-up without loading the renderer.
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const args = process.argv.slice(2);
const at = args.indexOf('--outDir');
const outDir = resolve(import.meta.dirname, at >= 0 ? args[at + 1] : 'dist');
const ssrDir = join(outDir, '.ssr');

await build({ build: { outDir, emptyOutDir: true } });
await build({
  build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true },
  // The renderer needs no copy of public/ (the browser's build has it).
  publicDir: false,
  logLevel: 'error',
});
const { renderer } = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);
writeFileSync(join(ssrDir, 'pages.json'), `${JSON.stringify({ postPaths: renderer.postPaths }, null, 2)}\n`);
console.log(`page renderer built: ${ssrDir} (form posts: ${renderer.postPaths.join(', ') || 'none'})`);

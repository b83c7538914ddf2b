// Node module hooks for the benchmarks that import the server's sources (run with tsx): the
// catalogue finds its service folders with `import.meta.glob` (decision 020), which Vite and the
// esbuild builds understand but Node does not. This turns each call into its imports, with the same
// transform the esbuild builds use (packages/catalogue/build/import-meta-glob.mjs).
import { fileURLToPath } from 'node:url';
import { transformGlobs } from '../packages/catalogue/build/import-meta-glob.mjs';

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith('file:') || !url.includes('/packages/catalogue/src/')) return loaded;
  const source = typeof loaded.source === 'string' ? loaded.source : loaded.source?.toString();
  if (!source?.includes('import.meta.glob')) return loaded;
  const code = transformGlobs(source, fileURLToPath(url));
  return code === undefined ? loaded : { ...loaded, source: code, shortCircuit: true };
}

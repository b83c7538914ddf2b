import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { buildSync } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { catalogueIndex } from './catalogue-index-plugin';

/**
 * Writes .br and .gz copies of the built text files, so the server sends them compressed
 * (@fastify/static's preCompressed) without compressing on every request: phones on slow links
 * download a third of the bytes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'kaunti-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      // The server's page renderer (dist/.ssr) is read from disk, never sent.
      if (ssr) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file) || file.endsWith('.map')) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** Unhashed files the app's shell needs offline (public/, and the manifest the server writes). */
const SHELL_FILES = [
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-192.png',
  '/icons/maskable-512.png',
  '/manifest.webmanifest',
];

/**
 * The service worker (src/service-worker.ts, docs/decisions/039) as dist/sw.js: bundled by esbuild
 * with the files to precache — the entry's script and CSS, the app's start (src/start.tsx, which
 * the entry imports after the first paint), the portal's route table and what they import, read
 * from the build's manifest, and the shell's unhashed files — and a version that is a hash of that
 * list and of the worker's own code, so a new build is a new worker and an unchanged
 * one is not.
 */
function serviceWorker(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'kaunti-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    writeBundle() {
      if (ssr) return;
      const manifestFile = join(outDir, '.vite', 'manifest.json');
      if (!existsSync(manifestFile)) return;
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
        string,
        { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
      >;
      const files = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || files.has(`/${chunk.file}`)) return;
        files.add(`/${chunk.file}`);
        for (const css of chunk.css ?? []) files.add(`/${css}`);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      for (const [key, chunk] of Object.entries(manifest))
        if (chunk.isEntry || key.endsWith('src/start.tsx') || key.endsWith('src/app/portal-routes.tsx'))
          visit(key);
      const precache = [...[...files].sort(), ...SHELL_FILES];
      const code = (define: Record<string, string>) =>
        buildSync({
          entryPoints: [join(import.meta.dirname, 'src', 'service-worker.ts')],
          bundle: true,
          write: false,
          format: 'iife',
          target: 'es2020',
          minify: true,
          define,
        }).outputFiles[0]?.text ?? '';
      const list = JSON.stringify(precache);
      const version = createHash('sha256')
        .update(list)
        .update(code({ __KAUNTI_SW_VERSION__: '""', __KAUNTI_SW_PRECACHE__: list }))
        .digest('hex')
        .slice(0, 12);
      writeFileSync(
        join(outDir, 'sw.js'),
        code({ __KAUNTI_SW_VERSION__: JSON.stringify(version), __KAUNTI_SW_PRECACHE__: list }),
      );
    },
  };
}

// The API runs on :3000 (npm run dev starts both); the dev server proxies /api to it.
// `vite build --ssr` (build.mjs) makes the server's page renderer from src/entry-server.tsx: one
// self-contained bundle (React and every dependency inside), for Node.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), catalogueIndex(), serviceWorker(), precompress()],
  ...(isSsrBuild ? { ssr: { noExternal: true, target: 'node' as const } } : {}),
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/.well-known': 'http://127.0.0.1:3000' },
  },
  build: isSsrBuild
    ? { target: 'node20', sourcemap: true, manifest: false, reportCompressedSize: false }
    : {
        target: 'es2022',
        sourcemap: true,
        // dist/.vite/manifest.json: the server preloads the portal's route chunks on every page but
        // the landing page (apps/server/src/platform/http/web-app.ts).
        manifest: true,
        // The real budget is checked by `npm run bench` on what the landing page loads.
        reportCompressedSize: false,
        // No polyfill of module preloads in the entry (every browser the portal serves has them,
        // Safari since 17; one without fetches the app's chunks as it imports them): the entry is
        // all a page loads before its first paint (decision 042).
        modulePreload: { polyfill: false },
      },
}));

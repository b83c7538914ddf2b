import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
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

// The API runs on :3000 (npm run dev starts both); the dev server proxies /api to it.
// `vite build --ssr` (build.mjs) makes the server's page renderer from src/entry-server.tsx: one
// self-contained bundle (React and every dependency inside), for Node.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), catalogueIndex(), precompress()],
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
      },
}));

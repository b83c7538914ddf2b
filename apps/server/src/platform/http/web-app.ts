import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { answerMethodNotAllowed } from './allowed-methods';

/** The Content-Security-Policy of the web app's page: scripts and styles only from this origin. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the built web app (apps/web/dist) when it exists: hashed assets cached for a year,
 * index.html never cached, and every other GET that is not under /api answered with
 * index.html so the browser's router can show the page (or its own 404 page).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  bootstrap: () => Promise<{ title: string; data: Record<string, unknown> }>,
  allowedMethods: (path: string) => string[] = () => [],
): Promise<boolean> {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.setNotFoundHandler((request, reply) => {
      if (answerMethodNotAllowed(allowedMethods, request, reply)) return;
      reply.status(404).send(notFoundBody(request.method, request.url));
    });
    return false;
  }
  const template = readFileSync(indexFile, 'utf8');
  // Every page but the landing page needs the portal's route table first (a chunk the app
  // fetches when it meets another path): listed in the page so the browser fetches it beside the
  // app's own script, not after it has run (one round trip fewer before a phone shows the page).
  const portalTemplate = withPreloads(template, portalRouteChunks(webDist, template));
  // Both pages from one read of the county's data, the first time a page is asked for.
  let pages: Promise<{ landing: string; portal: string }> | undefined;
  const indexHtml = async (path: string) => {
    pages ??= bootstrap().then(({ title, data }) => ({
      landing: renderIndex(template, title, data),
      portal: renderIndex(portalTemplate, title, data),
    }));
    const { landing, portal } = await pages;
    return path === '/' ? landing : portal;
  };
  const assetsDir = join(webDist, 'assets');

  // The build's files get a route each (wildcard off: the build does not change while running);
  // every other path falls to the not-found handler below.
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    // The build writes .br and .gz beside each text file; they are sent to browsers that take them.
    preCompressed: true,
    // index.html is only ever sent by the handler below, with the county's data and the CSP.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/assets/');
    if (!isPage) {
      if (answerMethodNotAllowed(allowedMethods, request, reply)) return reply;
      return reply.status(404).send(notFoundBody(request.method, request.url));
    }
    return reply
      .status(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CSP)
      .send(await indexHtml(path));
  });
  return true;
}

/**
 * The files of the portal's route table (app/portal-routes.tsx) and the chunks it imports, from
 * the build's manifest (dist/.vite/manifest.json), less those the page already loads. None when
 * the build has no manifest.
 */
export function portalRouteChunks(webDist: string, template: string): string[] {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
  const start = Object.keys(manifest).find((key) => key.endsWith('src/app/portal-routes.tsx'));
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || seen.has(key)) return;
    seen.add(key);
    if (chunk.file.endsWith('.js') && !template.includes(`/${chunk.file}"`)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (start) visit(start);
  return files;
}

function withPreloads(template: string, files: readonly string[]): string {
  if (files.length === 0) return template;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  return template.replace('</head>', `  ${links}\n  </head>`);
}

/**
 * Puts the county's data into the page (a JSON block the app reads at start, so the header and
 * titles need no extra request) and the portal name into <title>. JSON is not executed, so the
 * strict script policy still holds; "<" is escaped so the data cannot close the tag.
 */
export function renderIndex(template: string, title: string, data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replaceAll('<', '\\u003c');
  const escapedTitle = title.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapedTitle}</title>`)
    .replace(
      '<!--kaunti-bootstrap-->',
      `<script type="application/json" id="kaunti-bootstrap">${json}</script>`,
    );
}

function notFoundBody(method: string, url: string) {
  return { message: `Route ${method} ${url.split('?')[0]} not found`, code: 'not_found' };
}

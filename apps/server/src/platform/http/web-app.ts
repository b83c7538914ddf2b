import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerMethodNotAllowed } from './allowed-methods';
import { cookieHeader, createServerPages, sendPage } from './server-pages';

/**
 * The Content-Security-Policy of the web app's page: scripts and styles only from this origin; a
 * page rendered on the server carries its CSS inline, allowed by its hash (and by nothing else).
 */
function policy(styleHashes?: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    styleHashes ? `style-src 'self' ${styleHashes.join(' ')}`.trim() : "style-src 'self' 'unsafe-inline'",
    ...CSP_REST,
  ].join('; ');
}

const CSP_REST = [
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];
const CSP = policy();

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
  options: { serviceWorker?: boolean } = {},
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
  // The shell (a page not rendered on the server: a signed-in visitor's) shows nothing until the
  // app has run, so it lists what the app needs first for the browser to fetch beside the entry:
  // the app's start (which the entry imports after the first frame, decision 042) and, on every
  // page but the landing page, the portal's route table (a chunk the app fetches when it meets
  // another path). A page rendered on the server lists none: it is read before any script runs,
  // and its scripts are fetched once it is drawn.
  const startChunks = chunksOf(webDist, template, APP_START);
  const routeTableChunks = chunksOf(webDist, template, PORTAL_ROUTES);
  const landingTemplate = withPreloads(template, startChunks);
  const portalTemplate = withPreloads(template, [...new Set([...startChunks, ...routeTableChunks])]);
  // The county's data is read once, the first time a page is asked for; both shells from it.
  // The app reads whether to run its service worker from the same block (decision 039: false is
  // the kill switch, and the app then removes the worker and its caches).
  const serviceWorker = options.serviceWorker ?? true;
  let boot: ReturnType<typeof bootstrap> | undefined;
  const county = () => {
    boot ??= bootstrap().then(({ title, data }) => ({
      title,
      data: { ...data, service_worker: serviceWorker },
    }));
    return boot;
  };
  let pages: Promise<{ landing: string; portal: string }> | undefined;
  const indexHtml = async (path: string) => {
    pages ??= county().then(({ title, data }) => ({
      landing: renderIndex(landingTemplate, title, data),
      portal: renderIndex(portalTemplate, title, data),
    }));
    const { landing, portal } = await pages;
    return path === '/' ? landing : portal;
  };
  const assetsDir = join(webDist, 'assets');
  // Public pages rendered to HTML (docs/decisions/020), when the build has the page renderer.
  const serverPages = createServerPages({
    app,
    webDist,
    template,
    bootstrap: county,
    csp: policy,
    // The app's start and its chunks, then (off the landing page) the route table's that the
    // start does not bring: the entry adds them a few at a time, in tasks of their own.
    afterPaint: (path) =>
      [
        ...startChunks,
        ...(path === '/' ? [] : routeTableChunks.filter((file) => !startChunks.includes(file))),
      ].map((file) => `/${file}`),
  });

  // The build's files get a route each (wildcard off: the build does not change while running);
  // every other path falls to the not-found handler below.
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    // The service worker is sent by its own route (registerOfflineFiles).
    globIgnore: ['sw.js', 'sw.js.*'],
    // The build writes .br and .gz beside each text file; they are sent to browsers that take them.
    preCompressed: true,
    // index.html is only ever sent by the handler below, with the county's data and the CSP; the
    // build's own folders (.vite: its manifest, .ssr: the page renderer) are not sent at all.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.'),
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  registerOfflineFiles(app, webDist, county, serviceWorker);

  // A plain form post to a page (sign-in, parking's amount) made before the app's script arrived:
  // the page's own answer (server-pages.ts). Form bodies are read on these routes only: the API
  // keeps refusing them (a cross-site form can never reach it).
  if (serverPages && serverPages.postPaths.length > 0) {
    const pages = serverPages;
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16_384 },
        (_request, body, done) => done(null, new URLSearchParams(body as string)),
      );
      for (const path of pages.postPaths) {
        scope.post(path, { schema: { hide: true } }, async (request, reply) => {
          if (!isSameOrigin(request)) {
            return reply
              .status(403)
              .send({ message: 'Forms are taken from this site only.', code: 'forbidden' });
          }
          const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
          const answer = await pages.post(request, form);
          if (!answer) return reply.status(404).send(notFoundBody(request.method, request.url));
          if ('location' in answer) {
            for (const cookie of answer.cookies)
              reply.header('set-cookie', cookieHeader(cookie, request.protocol === 'https'));
            return reply.redirect(answer.location, 303);
          }
          return sendPage(reply, request, answer);
        });
      }
    });
  }

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
    const page = await serverPages?.page(request);
    if (page) return sendPage(reply, request, page);
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
 * The web app manifest (its name from the county) and the service worker (docs/decisions/039).
 * The worker is never cached by the browser's HTTP cache (it checks it on every visit), so a new
 * build reaches every phone on its next visit online. With the service worker switched off (the
 * kill switch), /sw.js is a worker that deletes the portal's caches and unregisters itself: a
 * browser holding an old worker gets it at its next check, even if the page it shows was cached.
 */
function registerOfflineFiles(
  app: FastifyInstance,
  webDist: string,
  county: () => Promise<{ title: string; data: Record<string, unknown> }>,
  serviceWorker: boolean,
): void {
  const workerFile = join(webDist, 'sw.js');
  const worker = serviceWorker && existsSync(workerFile) ? readFileSync(workerFile, 'utf8') : KILL_WORKER;
  app.get('/sw.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(worker),
  );
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) => {
    const { title, data } = await county();
    const name = (data.county as { name?: string } | undefined)?.name;
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(webAppManifest(title, name));
  });
}

/** The kill switch's worker: removes the portal's caches, then itself. */
export const KILL_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith('kaunti-')) await caches.delete(name);
    await self.registration.unregister();
  })());
});
`;

/** The manifest: installable as a standalone app, green, its name the portal's and its short name the county's. */
export function webAppManifest(portalName: string, countyName: string | undefined) {
  return {
    id: '/',
    name: portalName,
    short_name: shortName(countyName ?? portalName),
    description: 'Apply for county services, pay county bills by M-Pesa, and verify county documents.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: '#0b6b3a',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** What fits under an icon on a home screen: "Nairobi City County" → "Nairobi". */
function shortName(name: string): string {
  const first = name.replace(/\s+(City\s+)?County.*$/i, '').trim();
  return (first || name).slice(0, 12);
}

/** The app's start (apps/web/src/start.tsx), imported by the entry once the page is drawn. */
const APP_START = 'src/start.tsx';
/** The portal's route table (apps/web/src/app/portal-routes.tsx). */
const PORTAL_ROUTES = 'src/app/portal-routes.tsx';

/**
 * The files of a module's chunk (the app's start, the portal's route table) and the chunks it
 * imports, from the build's manifest (dist/.vite/manifest.json), less those the page already
 * loads. None when the build has no manifest.
 */
export function chunksOf(webDist: string, template: string, module: string): string[] {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
  const start = Object.keys(manifest).find((key) => key.endsWith(module));
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

/** A form posted from this site's own page (what the browser says it came from, when it says). */
function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  return origin === undefined || origin === `${request.protocol}://${request.host}`;
}

function notFoundBody(method: string, url: string) {
  return { message: `Route ${method} ${url.split('?')[0]} not found`, code: 'not_found' };
}

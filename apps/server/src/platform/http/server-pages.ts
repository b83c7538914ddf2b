import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type {
  PageApiCall,
  PageCookie,
  PageLanguage,
  PageRenderer,
  PageRequest,
  RenderedPage,
} from '@kaunti/contract/page-render';
import { SHARED_PAGE_HEADER } from '@kaunti/contract/page-render';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Pages rendered to HTML on the server (docs/decisions/020). The web build makes a page renderer
 * (`<web dist>/.ssr/entry-server.js`: the app's own React components) that this module loads the
 * first time a page is asked for, so a server that serves no page never carries it. A page comes
 * out as a whole document: the build's index.html with the page's markup in `#root`, the CSS it
 * uses inline (its hash in the Content-Security-Policy), its title and language, and what the
 * browser needs to hydrate it in the bootstrap JSON. A page the same for every visitor (per
 * language) is rendered once and kept, compressed; a page that reads data is rendered for each
 * request. Visitors with a session cookie get the shell, as before: their pages are their own.
 */

export const TOKEN_COOKIE = 'kaunti_token';
export const LANGUAGE_COOKIE = 'kaunti_language';

export interface PageDocument {
  status: number;
  /** The document, and its compressed forms. */
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  csp: string;
  cookies: PageCookie[];
  /**
   * Rendered with the data its address's query asked for, for this request only (E-Verify's
   * check): sent `no-store`, so no cache keeps it — the service worker included (decision 039).
   */
  noStore?: boolean;
  /** The page's language (sent as `content-language`). */
  language: PageLanguage;
  /**
   * The same for every visitor without a session, in its language (a page kept here): sent with
   * `x-kaunti-page: shared`, so the service worker may answer it from its copy (decision 039).
   */
  shared?: boolean;
}

export interface ServerPages {
  /** The page as a document, or undefined: the shell answers (no renderer, a session, a page not rendered here). */
  page(request: FastifyRequest): Promise<PageDocument | undefined>;
  /** A plain form post to a page: its document, or a redirect; undefined when the page takes none. */
  post(
    request: FastifyRequest,
    form: URLSearchParams,
  ): Promise<PageDocument | { location: string; cookies: PageCookie[] } | undefined>;
  /** The paths that take a form post (from the build's pages.json). */
  postPaths: readonly string[];
}

/** The directory of the page renderer in a web build. */
export function rendererDir(webDist: string): string {
  return join(webDist, '.ssr');
}

export function createServerPages(options: {
  app: FastifyInstance;
  webDist: string;
  /**
   * The build's index.html, to put every page in: the entry's script and CSS only, no preloads
   * (the app is fetched once the page is drawn, decision 042).
   */
  template: string;
  /** The county's public configuration and the portal's name, read once. */
  bootstrap: () => Promise<{ title: string; data: Record<string, unknown> }>;
  /** The strict policy of every page, less its style sources. */
  csp: (styleHashes: readonly string[]) => string;
  /**
   * The scripts a page's entry preloads once the page is drawn (the bootstrap's `after_paint`,
   * decision 042): the app's start and its chunks, and the portal's route table and its chunks on
   * every page but the landing page.
   */
  afterPaint?: (path: string) => readonly string[];
}): ServerPages | undefined {
  const dir = rendererDir(options.webDist);
  const entry = join(dir, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  const listed = join(dir, 'pages.json');
  const postPaths: string[] = existsSync(listed)
    ? (JSON.parse(readFileSync(listed, 'utf8')) as { postPaths: string[] }).postPaths
    : [];

  let renderer: Promise<PageRenderer> | undefined;
  const load = () => {
    renderer ??= import(pathToFileURL(entry).href).then((m: { renderer: PageRenderer }) => m.renderer);
    return renderer;
  };
  let styles: PageStyles | undefined;
  const stylesOf = () => {
    styles ??= readPageStyles(options.webDist);
    return styles;
  };
  /** Pages served again, by language and path (the route table bounds them, not the visitors). */
  const kept = new Map<string, { document: Promise<PageDocument>; anyQuery: boolean; until: number }>();

  const requestFor = async (request: FastifyRequest, url: string): Promise<PageRequest> => {
    const { data } = await options.bootstrap();
    return {
      url,
      language: languageOf(request),
      origin: `${request.protocol}://${request.host}`,
      county: data.county,
      cookies: { ...(request.cookies as Record<string, string>) },
      api: (call) => callApi(options.app, request, call),
    };
  };

  const documentOf = async (rendered: RenderedPage, path: string): Promise<PageDocument> => {
    const { data } = await options.bootstrap();
    const css = stylesOf().forMarkup(rendered.html);
    const afterPaint = options.afterPaint?.(path) ?? [];
    const html = pageDocument(options.template, {
      rendered,
      data: { ...data, page: rendered.state, ...(afterPaint.length > 0 ? { after_paint: afterPaint } : {}) },
      css,
    });
    const body = Buffer.from(html, 'utf8');
    const keptLong = rendered.keep !== undefined;
    return {
      status: rendered.status,
      body,
      // Kept pages are compressed once, as well as can be; the others quickly.
      br: brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: keptLong ? 11 : 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip: gzipSync(body, { level: keptLong ? 9 : 6 }),
      csp: options.csp(
        css.text ? [`'sha256-${createHash('sha256').update(css.text).digest('base64')}'`] : [],
      ),
      cookies: rendered.cookies ?? [],
      language: rendered.state.language,
    };
  };

  return {
    postPaths,
    async page(request) {
      if (request.cookies[TOKEN_COOKIE]) return undefined;
      const url = request.url;
      const path = url.split('?')[0] ?? '/';
      const withQuery = url.includes('?');
      const key = `${languageOf(request)} ${path}`;
      const hit = kept.get(key);
      if (hit && (hit.anyQuery || !withQuery) && hit.until > Date.now()) return hit.document;
      const rendered = await (await load()).render(await requestFor(request, url));
      if (!rendered) return undefined;
      const keep = rendered.keep;
      const answer = documentOf(rendered, path);
      const shared = keep !== undefined && (keep.scope === 'path' || !withQuery);
      const document =
        !keep && withQuery && rendered.state.queries.length > 0
          ? answer.then((page) => ({ ...page, noStore: true }))
          : shared
            ? answer.then((page) => ({ ...page, shared: true }))
            : answer;
      if (shared) {
        kept.set(key, {
          document,
          anyQuery: keep.scope === 'path',
          until: keep.seconds === undefined ? Number.POSITIVE_INFINITY : Date.now() + keep.seconds * 1000,
        });
      }
      return document;
    },
    async post(request, form) {
      const path = request.url.split('?')[0] ?? '/';
      const answer = await (await load()).post({ ...(await requestFor(request, request.url)), form });
      if (!answer) return undefined;
      if (answer.kind === 'redirect') return { location: answer.location, cookies: answer.cookies ?? [] };
      return documentOf(answer, path);
    },
  };
}

/** The reader's language: the one they chose here (a cookie the app sets), else their browser's first. */
export function languageOf(request: FastifyRequest): PageLanguage {
  const chosen = request.cookies[LANGUAGE_COOKIE];
  if (chosen === 'en' || chosen === 'sw') return chosen;
  const first = request.headers['accept-language']?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('sw') ? 'sw' : 'en';
}

/** One API call of the renderer, made in-process as the browser that asked for the page. */
async function callApi(app: FastifyInstance, request: FastifyRequest, call: PageApiCall) {
  if (!call.url.startsWith('/api/'))
    throw new Error(`A page asked for ${call.url}: only the API is reachable`);
  const headers: Record<string, string> = { ...call.headers };
  const forwarded = request.headers['user-agent'];
  if (forwarded) headers['user-agent'] = forwarded;
  const answer = await app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers,
    ...(call.body === undefined ? {} : { payload: call.body }),
    // Rate limits and throttles count the visitor, not this server.
    remoteAddress: request.ip,
  });
  const answerHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : String(value);
  return { status: answer.statusCode, headers: answerHeaders, body: answer.body };
}

/** Sends a page document, compressed as the browser accepts. */
export function sendPage(reply: FastifyReply, request: FastifyRequest, page: PageDocument): FastifyReply {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
  for (const cookie of page.cookies)
    reply.header('set-cookie', cookieHeader(cookie, request.protocol === 'https'));
  reply
    .status(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', page.noStore ? 'no-store' : 'no-cache')
    .header('vary', 'accept-encoding, accept-language, cookie')
    .header('content-language', page.language)
    .header('content-security-policy', page.csp);
  if (page.shared) reply.header(SHARED_PAGE_HEADER, 'shared');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body);
}

/** As the app writes its session cookie (lib/session-token.ts): readable by the app, SameSite=Strict. */
export function cookieHeader(cookie: PageCookie, secure: boolean): string {
  const parts = [`${cookie.name}=${encodeURIComponent(cookie.value)}`, 'Path=/', 'SameSite=Strict'];
  if (cookie.expires !== undefined) parts.push(`Expires=${new Date(cookie.expires * 1000).toUTCString()}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The page's markup, title, language, inline CSS and bootstrap JSON, in the build's index.html. */
export function pageDocument(
  template: string,
  page: { rendered: RenderedPage; data: Record<string, unknown>; css: { text: string; files: string[] } },
): string {
  const json = JSON.stringify(page.data).replaceAll('<', '\\u003c');
  const { rendered, css } = page;
  // The CSS is in the page; a disabled link names each file, so that the app, when it loads the
  // page's code, finds the file already there and does not fetch it again (Vite's preload checks
  // the page's stylesheet links). A disabled stylesheet is not fetched.
  const style = css.text
    ? `<style>${css.text}</style>\n    ${css.files.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('')}`
    : '';
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${rendered.state.language}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`)
    .replace(/\s*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/g, '')
    .replace(
      '<!--kaunti-bootstrap-->',
      `<script type="application/json" id="kaunti-bootstrap">${json}</script>\n    ${style}`,
    )
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>`);
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The build's CSS files, and which of them a page's markup uses. */
export interface PageStyles {
  forMarkup(html: string): { text: string; files: string[] };
}

/**
 * Reads the build's CSS: the entry's (always) and every chunk's, in the order the app would load
 * them (a chunk's imports before the chunk), and which files define each class name (CSS modules
 * give every file its own names). A page takes every file that defines a class its markup uses.
 */
export function readPageStyles(webDist: string): PageStyles {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
        string,
        { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
      >)
    : {};
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) if (!order.includes(css)) order.push(css);
    for (const imported of chunk.dynamicImports ?? []) visit(imported);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  for (const key of entries) visit(key);
  // Anything the manifest did not lead to, last (in name order).
  const assets = join(webDist, 'assets');
  const all = existsSync(assets)
    ? readdirSync(assets)
        .filter((name) => name.endsWith('.css'))
        .map((name) => `assets/${name}`)
        .sort()
    : [];
  for (const file of all) if (!order.includes(file)) order.push(file);
  // Always in the page: the entry's CSS and the app's start's (src/start.tsx, which the entry
  // imports once the page is drawn, decision 042, and which draws the header and footer), with
  // what the start imports: the app would otherwise add it after the first paint.
  const always = new Set(entries.flatMap((key) => manifest[key]?.css ?? []));
  const started = new Set<string>();
  const start = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || started.has(key)) return;
    started.add(key);
    for (const css of chunk.css ?? []) always.add(css);
    for (const imported of chunk.imports ?? []) start(imported);
  };
  for (const key of Object.keys(manifest)) if (key.endsWith('src/start.tsx')) start(key);
  const text = new Map(order.map((file) => [file, readFileSync(join(webDist, file), 'utf8')]));
  const definedIn = new Map<string, Set<string>>();
  for (const [file, css] of text) {
    if (always.has(file)) continue;
    for (const match of css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
      const name = match[1] as string;
      const files = definedIn.get(name) ?? new Set<string>();
      files.add(file);
      definedIn.set(name, files);
    }
  }
  return {
    forMarkup(html) {
      const wanted = new Set(always);
      for (const match of html.matchAll(/\sclass="([^"]*)"/g))
        for (const name of (match[1] as string).split(/\s+/))
          for (const file of definedIn.get(name) ?? []) wanted.add(file);
      const files = order.filter((file) => wanted.has(file));
      return { text: files.map((file) => text.get(file)).join('\n'), files };
    },
  };
}

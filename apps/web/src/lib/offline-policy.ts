/**
 * What the service worker (src/service-worker.ts, docs/decisions/039) does with each request the
 * portal's pages make: plain data, no worker types, so the rules are tested here and the worker only
 * carries them out.
 *
 * - `asset`: a file the build names by its content (`/assets/<name>-<hash>.js`): never changes, so
 *   the cache answers first and the network only fills it.
 * - `static`: an unhashed file of this version (icons, the manifest): cached with the version.
 * - `page`: a page (a navigation): a copy kept by its address, unless the server said `no-store` (a
 *   page rendered with the data its query asked for: E-Verify's check). A public page the same for
 *   every visitor (`answersFromCopy`) is answered from its copy at once while the network fetches
 *   the next copy (stale-while-revalidate: a repeat visit waits for no request); any other page
 *   the network first. Offline, the copy, else the copy of the same path with another query, else
 *   the worker's own "You are offline" page.
 * - `public-api`: a public answer that is the same for everyone (the county, the catalogue, the
 *   reference lists, parking's zones and fees): the network first, the copy offline, kept per
 *   language.
 * - `network`: everything else — every other API call (personal answers, anything that moves money),
 *   every non-GET request, other sites: the worker does not touch it, so it is never cached and never
 *   queued.
 */
import { SHARED_PAGE_HEADER } from '@kaunti/contract/page-render';
import { LANGUAGE_COOKIE } from './language-cookie';
import { TOKEN_COOKIE } from './session-token';

export type OfflineRoute = 'asset' | 'static' | 'page' | 'public-api' | 'network';

/** The caches, all named `kaunti-…` so that the kill switch finds every one. */
export const CACHE_PREFIX = 'kaunti-';
/** Files named by their content: one cache across versions (an open page of the last version still finds its chunks). */
export const ASSET_CACHE = 'kaunti-assets';
/** Pages visited, kept across versions (they are fetched again whenever online). */
export const PAGE_CACHE = 'kaunti-pages';
/** The public API answers listed below. */
export const API_CACHE = 'kaunti-public-api';
/** The unhashed files of one version. */
export function staticCacheName(version: string): string {
  return `${CACHE_PREFIX}static-${version}`;
}

/** The meta element the worker adds to a page it answered from its copy (the network failed or was too slow). */
export const OFFLINE_COPY_META = 'kaunti-offline-copy';

/** At most this many pages, answers and assets are kept (the oldest go first). */
export const MAX_PAGES = 60;
export const MAX_API_ANSWERS = 100;
export const MAX_ASSETS = 400;

/**
 * The API answers that may be kept: public, the same for every caller (no guard reads who asks),
 * moving no money. Everything else under /api/ is never cached.
 */
export const PUBLIC_API_PATHS: readonly RegExp[] = [
  /^\/api\/county$/,
  /^\/api\/county\/sub-counties$/,
  /^\/api\/catalogue\/services(\/[\w-]+)?$/,
  /^\/api\/reference-data\/[\w-]+$/,
  /^\/api\/parking\/zones$/,
];

export function routeOf(
  request: { method: string; url: string; mode?: string },
  origin: string,
  staticPaths: ReadonlySet<string>,
): OfflineRoute {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  const path = url.pathname;
  if (path === '/sw.js') return 'network';
  if (path.startsWith('/api/') || path === '/api')
    return PUBLIC_API_PATHS.some((pattern) => pattern.test(path)) ? 'public-api' : 'network';
  if (path.startsWith('/assets/')) return 'asset';
  if (staticPaths.has(path)) return 'static';
  if (request.mode === 'navigate') return 'page';
  return 'network';
}

/** A page's answer is kept unless the server said not to store it (see `page` above). */
export function isKeptPage(response: { ok: boolean; status: number; cacheControl: string | null }): boolean {
  return response.ok && response.status === 200 && !/\bno-store\b/.test(response.cacheControl ?? '');
}

/** Written by the worker on each page it keeps: the version of the worker (and so of the build) that fetched it. */
export const COPY_VERSION_HEADER = 'x-kaunti-worker-version';
export { LANGUAGE_COOKIE, SHARED_PAGE_HEADER, TOKEN_COOKIE };

/** What the worker knows of a kept page: the server's headers and the version that kept it. */
export interface PageCopy {
  /** `x-kaunti-page` as the server sent it (`shared`: the same for every visitor without a session). */
  shared: string | null;
  /** `content-language`: the page's language. */
  language: string | null;
  version: string | null;
}

/** The reader, as the worker sees them: its own version, and the session and language cookies (undefined: not known). */
export interface PageReader {
  version: string;
  signedIn: boolean | undefined;
  language: string | undefined;
}

/**
 * Whether a page is answered from its copy at once, the network fetching the next copy behind it
 * (stale-while-revalidate), rather than the network first. Only a page the server said is the same
 * for every visitor without a session (`x-kaunti-page: shared`: the landing, information, sign-in
 * and E-Verify pages, parking's and the toilets' lists — never a page of one request, such as an
 * E-Verify check or an event's standing), to a reader the worker knows has no session, in the
 * language they chose, and kept by this version of the worker: a copy kept by an older build is
 * fetched again first, so a new build never leaves a stale page behind more than one visit. The
 * page's own data (fees, lists) is refreshed by the page once hydrated, as it would be from the
 * network.
 */
export function answersFromCopy(copy: PageCopy, reader: PageReader): boolean {
  if (reader.signedIn !== false) return false;
  if (copy.shared !== 'shared' || copy.version !== reader.version) return false;
  return reader.language === undefined || copy.language === reader.language;
}

/** The key a public answer is kept under: its address and the language it was asked in. */
export function apiCacheKey(url: string, language: string | null): string {
  const key = new URL(url);
  key.hash = `lang=${(language ?? '').split(',')[0]?.trim().toLowerCase().slice(0, 2) || 'en'}`;
  return key.href;
}

/**
 * The worker's answer to a page never visited, asked offline: a page of its own, in both languages
 * (the reader's is not known to it), with a way back to the landing page.
 */
export function offlinePageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#0b6b3a">
<title>You are offline</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1a1a1a;line-height:1.5}h1{color:#0b6b3a;font-size:1.5rem}a{color:#0b6b3a}</style>
</head>
<body>
<main>
<div role="status" aria-live="polite">
<h1>You are offline</h1>
<p>This page has not been opened on this device before, so it cannot be shown without a connection. Pages you opened before still work. Nothing is paid or sent until you are back online.</p>
<p lang="sw"><strong>Huna mtandao.</strong> Ukurasa huu haujafunguliwa kwenye kifaa hiki awali, kwa hivyo hauwezi kuonyeshwa bila mtandao. Kurasa ulizofungua awali bado zinafanya kazi. Hakuna kinacholipwa wala kutumwa hadi mtandao urejee.</p>
</div>
<p><a href="/">Home / Mwanzo</a></p>
</main>
</body>
</html>`;
}

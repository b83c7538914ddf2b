/**
 * The portal's service worker (docs/decisions/039), built into dist/sw.js by vite.config.ts
 * (`serviceWorker()`): the version and the files to precache are written in at build time. The
 * rules for each request are lib/offline-policy.ts; this file only carries them out.
 *
 * Typed with the few worker types it uses (the web app's TypeScript program has the DOM's types,
 * which clash with the WebWorker library).
 */
import {
  API_CACHE,
  ASSET_CACHE,
  answersFromCopy,
  apiCacheKey,
  CACHE_PREFIX,
  COPY_VERSION_HEADER,
  isKeptPage,
  LANGUAGE_COOKIE,
  MAX_API_ANSWERS,
  MAX_ASSETS,
  MAX_PAGES,
  OFFLINE_COPY_META,
  offlinePageHtml,
  PAGE_CACHE,
  type PageReader,
  routeOf,
  SHARED_PAGE_HEADER,
  staticCacheName,
  TOKEN_COOKIE,
} from './lib/offline-policy';

declare const __KAUNTI_SW_VERSION__: string;
declare const __KAUNTI_SW_PRECACHE__: string[];

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  resultingClientId: string;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  /** The Cookie Store API (Chromium's workers have it; where missing, pages go to the network first). */
  cookieStore?: { get(name: string): Promise<{ value: string } | null> };
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window' }): Promise<{ url: string }[]>;
    get(id: string): Promise<{ postMessage(message: unknown): void } | undefined>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const VERSION = __KAUNTI_SW_VERSION__;
const PRECACHE = __KAUNTI_SW_PRECACHE__;
const STATIC_CACHE = staticCacheName(VERSION);
const staticPaths = new Set(PRECACHE.filter((path) => !path.startsWith('/assets/')));
/** A page that has not answered in this long is shown from the cache, if kept (the fetch goes on, to refresh it). */
const PAGE_WAIT_MS = 8000;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // The shell's hashed files go to the cache shared across versions; the rest to this version's.
      const assets = await caches.open(ASSET_CACHE);
      const statics = await caches.open(STATIC_CACHE);
      await Promise.all(
        PRECACHE.map(async (path) => {
          const cache = path.startsWith('/assets/') ? assets : statics;
          if (await cache.match(path)) return;
          const response = await fetch(path, { cache: 'no-cache' });
          if (!response.ok) throw new Error(`precache: ${path} answered ${response.status}`);
          await cache.put(path, response);
        }),
      );
      // Safe at once (decision 039): pages are fetched from the network first, and the files named
      // by their content stay in the shared cache, so a page of the last version keeps working.
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const current = new Set([ASSET_CACHE, PAGE_CACHE, API_CACHE, STATIC_CACHE]);
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name))
          .map((name) => caches.delete(name)),
      );
      await trim(ASSET_CACHE, MAX_ASSETS);
      await worker.clients.claim();
      // The pages open now were fetched before this version was there: keep a copy of each, so
      // the next visit is answered from it (after activation, so no request waits for it).
      void keepOpenPages();
    })(),
  );
});

/** A copy of each page open in a window, fetched again by this version (best effort). */
async function keepOpenPages(): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window' });
  for (const { url } of windows) {
    const address = new URL(url);
    address.hash = '';
    if (address.origin !== worker.location.origin) continue;
    try {
      const response = await fetch(address.href, { credentials: 'same-origin' });
      const keep = isKeptPage({
        ok: response.ok,
        status: response.status,
        cacheControl: response.headers.get('cache-control'),
      });
      if (keep && response.type === 'basic' && !response.redirected) await keepPage(address.href, response);
    } catch {
      // Offline or refused: the next visit goes to the network first, as before.
    }
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = routeOf(request, worker.location.origin, staticPaths);
  if (route === 'network') return;
  if (route === 'asset') event.respondWith(cacheFirst(ASSET_CACHE, request));
  else if (route === 'static') event.respondWith(cacheFirst(STATIC_CACHE, request));
  else if (route === 'page') event.respondWith(page(event));
  else event.respondWith(publicApi(event));
});

async function cacheFirst(name: string, request: Request): Promise<Response> {
  const cache = await caches.open(name);
  const url = new URL(request.url);
  const kept = await cache.match(url.pathname);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(url.pathname, response.clone());
  return response;
}

/**
 * A public page the same for everyone, kept by this version: its copy at once, the network
 * fetching the next copy behind it (lib/offline-policy.ts `answersFromCopy`). Any other page: the
 * network first; the copy kept (by its address, else its path) when offline or after
 * PAGE_WAIT_MS; else the offline page.
 */
async function page(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const url = new URL(request.url);
  url.hash = '';
  const key = url.href;
  const fromNetwork = fetch(request).then((response) => {
    const keep = isKeptPage({
      ok: response.ok,
      status: response.status,
      cacheControl: response.headers.get('cache-control'),
    });
    // Kept as it arrives, while the page already reads it (not after the whole body).
    if (keep && response.type === 'basic' && !response.redirected)
      event.waitUntil(keepPage(key, response.clone()).catch(() => undefined));
    return response;
  });
  event.waitUntil(fromNetwork.catch(() => undefined));
  const exact = caches.open(PAGE_CACHE).then((cache) => cache.match(key));
  const [copy, reader] = await Promise.all([exact, readerOf()]);
  if (
    copy &&
    answersFromCopy(
      {
        shared: copy.headers.get(SHARED_PAGE_HEADER),
        language: copy.headers.get('content-language'),
        version: copy.headers.get(COPY_VERSION_HEADER),
      },
      reader,
    )
  ) {
    // The next copy could not be fetched (offline, or the network failing): the page says it is
    // offline, as for any copy (lib/offline-copy.ts).
    event.waitUntil(
      fromNetwork.catch(async () =>
        (await worker.clients.get(event.resultingClientId))?.postMessage({ type: OFFLINE_COPY_META }),
      ),
    );
    return copy;
  }
  const kept = exact.then(
    async (found) =>
      found ?? (await caches.open(PAGE_CACHE).then((cache) => cache.match(key, { ignoreSearch: true }))),
  );
  try {
    return await Promise.race([fromNetwork, slowNetwork(kept).then(markedAsCopy)]);
  } catch {
    const copy = await kept;
    return copy ? markedAsCopy(copy) : offlinePage();
  }
}

/** Keeps a page's copy: its body read whole (no longer encoded), with the version that kept it. */
async function keepPage(key: string, response: Response): Promise<void> {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set(COPY_VERSION_HEADER, VERSION);
  const copy = new Response(await response.arrayBuffer(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
  const cache = await caches.open(PAGE_CACHE);
  await cache.put(key, copy);
  await trim(PAGE_CACHE, MAX_PAGES);
}

/** Whether this device has a session, and the language chosen on it, from the cookies (not known without the Cookie Store API). */
async function readerOf(): Promise<PageReader> {
  const store = worker.cookieStore;
  if (!store) return { version: VERSION, signedIn: undefined, language: undefined };
  try {
    const [token, language] = await Promise.all([store.get(TOKEN_COOKIE), store.get(LANGUAGE_COOKIE)]);
    return { version: VERSION, signedIn: Boolean(token?.value), language: language?.value || undefined };
  } catch {
    return { version: VERSION, signedIn: undefined, language: undefined };
  }
}

/**
 * The kept copy, marked so the page knows it did not come from the network (lib/offline-copy.ts:
 * lib/online.ts shows "You are offline" even where the browser still believes it is online: a
 * weak signal).
 */
async function markedAsCopy(copy: Response): Promise<Response> {
  const html = (await copy.text()).replace('<head>', `<head><meta name="${OFFLINE_COPY_META}" content="1">`);
  const headers = new Headers(copy.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(html, { status: copy.status, statusText: copy.statusText, headers });
}

/** Resolves with the kept copy once the network has been slow for PAGE_WAIT_MS; never without one. */
function slowNetwork(kept: Promise<Response | undefined>): Promise<Response> {
  return new Promise((resolve) => {
    setTimeout(() => {
      void kept.then((response) => response && resolve(response));
    }, PAGE_WAIT_MS);
  });
}

function offlinePage(): Response {
  return new Response(offlinePageHtml(), {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The network first, the copy (per language) offline. */
async function publicApi(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const key = apiCacheKey(request.url, request.headers.get('accept-language'));
  const cache = await caches.open(API_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !/no-store|private/.test(response.headers.get('cache-control') ?? '')) {
      event.waitUntil(cache.put(key, response.clone()).then(() => trim(API_CACHE, MAX_API_ANSWERS)));
    }
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

/** Keeps the newest `max` entries of a cache (a cache lists its entries oldest first). */
async function trim(name: string, max: number): Promise<void> {
  const cache = await caches.open(name);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)));
}

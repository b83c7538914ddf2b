import { CACHE_PREFIX } from './offline-policy';

/**
 * The portal's service worker (docs/decisions/039; issue 43 supersedes the spec's "The service
 * worker is unregistered"). The server says in the page's bootstrap block whether to run it
 * (`service_worker`); false is the kill switch: every registration and every cache of the portal is
 * removed. Registered once the page has loaded, so it never competes with the page's own requests.
 */
export async function startServiceWorker(
  enabled: boolean = readServiceWorkerSwitch(),
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): Promise<'registered' | 'removed' | 'unsupported'> {
  if (!container) return 'unsupported';
  if (!enabled) {
    await unregisterServiceWorkers(container);
    if (cacheStorage) {
      const names = await cacheStorage.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX)).map((name) => cacheStorage.delete(name)),
      );
    }
    return 'removed';
  }
  // The worker's own file is never taken from the HTTP cache: a new build reaches this phone at once.
  await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  return 'registered';
}

/** Whether the server wants the worker: the bootstrap block's `service_worker` (absent: no, as in the dev server). */
export function readServiceWorkerSwitch(): boolean {
  const element = globalThis.document?.getElementById('kaunti-bootstrap');
  if (!element?.textContent) return false;
  try {
    return (JSON.parse(element.textContent) as { service_worker?: unknown }).service_worker === true;
  } catch {
    return false;
  }
}

/** Removes every registration (the kill switch, and browsers left with a worker by an old build). */
export async function unregisterServiceWorkers(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
): Promise<number> {
  if (!container?.getRegistrations) return 0;
  const registrations = await container.getRegistrations();
  const results = await Promise.all(registrations.map((registration) => registration.unregister()));
  return results.filter(Boolean).length;
}

/** Starts the worker once the page has loaded (its own requests first). */
export function startServiceWorkerAfterLoad(): void {
  const start = () => void startServiceWorker().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

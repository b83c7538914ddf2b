import { useSyncExternalStore } from 'react';
import { OFFLINE_COPY_META } from './offline-policy';

/**
 * The service worker answered this page from its copy because the network failed (it marks the
 * page, lib/offline-policy.ts): offline, whatever the browser believes, until it says it is back.
 */
let servedFromCopy: boolean | undefined;
function fromCopy(): boolean {
  servedFromCopy ??= document.querySelector(`meta[name="${OFFLINE_COPY_META}"]`) !== null;
  return servedFromCopy;
}

const listeners = new Set<() => void>();

// A public page the worker answered from its copy at once, whose next copy it then could not
// fetch: the worker says so (decision 039), and the page is offline as any copy is. Listened to
// from the start, before the page's messages are delivered (when its parsing ends).
if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== OFFLINE_COPY_META) return;
    servedFromCopy = true;
    for (const listener of listeners) listener();
  });
}

function subscribe(onChange: () => void): () => void {
  const online = () => {
    servedFromCopy = false;
    onChange();
  };
  listeners.add(onChange);
  window.addEventListener('online', online);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser says it has a connection (`navigator.onLine`), kept current by its `online`
 * and `offline` events, and the page did not come from the service worker's copy. True on the server and while a page hydrates (a page rendered on the server
 * was online when asked for), so the first render matches the server's markup.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !fromCopy(),
    () => true,
  );
}

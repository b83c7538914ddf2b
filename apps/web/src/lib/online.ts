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

function subscribe(onChange: () => void): () => void {
  const online = () => {
    servedFromCopy = false;
    onChange();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', onChange);
  return () => {
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

import { useSyncExternalStore } from 'react';
import { backOnline, isOfflineCopy, onOfflineCopy } from './offline-copy';

function subscribe(onChange: () => void): () => void {
  const online = () => {
    backOnline();
    onChange();
  };
  const stop = onOfflineCopy(onChange);
  window.addEventListener('online', online);
  window.addEventListener('offline', onChange);
  return () => {
    stop();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the browser says it has a connection (`navigator.onLine`), kept current by its `online`
 * and `offline` events, and the page did not come from the service worker's copy
 * (lib/offline-copy.ts). True on the server and while a page hydrates (a page rendered on the
 * server was online when asked for), so the first render matches the server's markup.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !isOfflineCopy(),
    () => true,
  );
}

import { OFFLINE_COPY_META } from './offline-policy';

/**
 * Whether this page is the service worker's copy, shown because the network failed (decision 039):
 * the worker marks such a page (a meta element), or says so in a message once it could not fetch
 * the next copy of a page it answered from its copy at once. No React here: main.tsx imports this
 * module, so the message is listened to from the start — before the page's parsing ends, when the
 * browser delivers the worker's messages — although the app (lib/online.ts) starts after the
 * first paint (decision 042).
 */
let servedFromCopy: boolean | undefined;
const listeners = new Set<() => void>();

if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type !== OFFLINE_COPY_META) return;
    servedFromCopy = true;
    for (const listener of listeners) listener();
  });
}

/** The page came from the worker's copy and the browser has not said it is back online since. */
export function isOfflineCopy(): boolean {
  servedFromCopy ??= document.querySelector(`meta[name="${OFFLINE_COPY_META}"]`) !== null;
  return servedFromCopy;
}

/** The browser says it is back online: the page is no longer taken for an offline copy. */
export function backOnline(): void {
  servedFromCopy = false;
}

/** Called when the worker says the page is its offline copy; returns the way to stop. */
export function onOfflineCopy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

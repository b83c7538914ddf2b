import { useSyncExternalStore } from 'react';

const nothingChanges = () => () => {};

/**
 * False while a page is rendered on the server and while the browser hydrates it (its script not
 * yet in charge), true after, and always true on a page drawn in the browser. A control that works
 * only with the script (a show/hide toggle) is drawn once this is true, so nobody presses a button
 * that does nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingChanges,
    () => true,
    () => false,
  );
}

import { useSyncExternalStore } from 'react';

/** The mobile layout starts at this width and below (spec: 998 px). */
export const MOBILE_MAX_WIDTH = 998;
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

/**
 * True while the media query matches; follows resizes. Undefined while the page is rendered on
 * the server and hydrated (no window there): the caller then draws both forms and lets CSS choose.
 */
export function useMediaQuery(query: string): boolean | undefined {
  return useSyncExternalStore<boolean | undefined>(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => undefined,
  );
}

import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { LiveRegion } from '../ui/live-region/live-region';

/** How long a new page may take to show its heading (its code or its data still loading). */
const HEADING_WAIT_MS = 10_000;

/**
 * A new page is announced: after a route change (a link followed, a redirect, Back or Forward)
 * the focus moves to the new page's `<h1>` in the main area, so a screen reader says where the
 * user now is and the keyboard starts at the top of the page, not on the link that is gone or
 * on the page's body. Not on the first load (the browser starts at the top), not when only the
 * query or the hash changes (a filter, an error summary's link), and not when the new page
 * already moved the focus itself (a step's heading, an error summary, a field). A page whose
 * heading does not come within 10 s is announced by its title in a polite live region instead.
 *
 * Kept apart from the layout (server-rendered pages and the service worker do not touch it).
 */
export function PageFocus({ mainId }: { mainId: string }) {
  const { pathname } = useLocation();
  const first = useRef(true);
  const before = useRef<Element | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // What had the focus before the new page's own effects ran (a layout effect runs before them).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new path, on purpose.
  useLayoutEffect(() => {
    before.current = document.activeElement;
  }, [pathname]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: on each new path, on purpose.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;
    const prior = before.current;
    setAnnouncement('');
    let settled = false;
    const settle = () => {
      settled = true;
      observer.disconnect();
      clearTimeout(timer);
    };
    const tryFocus = () => {
      if (settled) return;
      const heading = main.querySelector('h1');
      if (!heading) return;
      settle();
      const active = document.activeElement;
      // The page put the focus somewhere of its own: leave it there.
      if (active && active !== prior && active !== main && main.contains(active)) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    };
    const observer = new MutationObserver(tryFocus);
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => {
      if (settled) return;
      settle();
      setAnnouncement(document.title);
    }, HEADING_WAIT_MS);
    tryFocus();
    return settle;
  }, [pathname, mainId]);

  return <LiveRegion message={announcement} />;
}

import './ui/theme/theme.css';
// Listens for the service worker's word that this page is its offline copy, from the start.
import './lib/offline-copy';

// The page first, then the app (docs/decisions/042). The page the server rendered (decision 020)
// is on the screen with its text and CSS: no script is needed to read it, and none is fetched
// before it is painted. This module is all the page loads before that; the app (React, the
// router, the texts, the hydration: start.tsx) is fetched after the first frame, with the
// portal's route table beside it on every page but the landing page. A phone's main thread and
// link are then the page's own until its content is drawn, and a repeat visit, whose scripts come
// from the service worker at once, no longer runs the app before the first paint.
// After the next frame is drawn; at once in a tab the browser does not draw (rendered in the
// background: a frame would wait until it is shown).
function startApp(): void {
  void import('./start');
  if (window.location.pathname !== '/') void import('./app/portal-routes').catch(() => undefined);
}
if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(() => setTimeout(startApp, 0));

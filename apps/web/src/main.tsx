import './ui/theme/theme.css';
// Listens for the service worker's word that this page is its offline copy, from the start.
import './lib/offline-copy';

// The page first, then the app (docs/decisions/042). The page the server rendered (decision 020)
// is on the screen with its text and CSS: no script is needed to read it, and none but this one
// is fetched before it is painted. The app (React, the router, the texts, the hydration:
// start.tsx) is fetched after the first frame, with what the page names beside it (`after_paint`
// in its bootstrap JSON: the portal's route table and its chunks, on every page but the landing
// page), so both come in one round trip. A phone's main thread and link are the page's own until
// its content is drawn, and a repeat visit, whose scripts come from the service worker at once,
// does not run the app before the first paint.
function preloadNamedByPage(): void {
  let files: unknown;
  try {
    files = (
      JSON.parse(document.getElementById('kaunti-bootstrap')?.textContent ?? '{}') as {
        after_paint?: unknown;
      }
    ).after_paint;
  } catch {
    return;
  }
  if (!Array.isArray(files)) return;
  for (const file of files) {
    if (typeof file !== 'string' || !file.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
}

// Each in a task of its own: every preload the page adds costs the phone a few milliseconds.
function startApp(): void {
  void import('./start');
  setTimeout(preloadNamedByPage, 0);
}
// After the next frame is drawn; at once in a tab the browser does not draw (opened in the
// background: its first frame would wait until it is shown).
if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(() => setTimeout(startApp, 0));

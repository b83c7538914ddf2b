import './ui/theme/theme.css';
// Listens for the service worker's word that this page is its offline copy, from the start.
import './lib/offline-copy';

// The page first, then the app (docs/decisions/042). The page the server rendered (decision 020)
// is on the screen with its text and CSS: no script is needed to read it, and none but this one
// is fetched before it is painted. After the first frame the entry preloads what the page names
// (`after_paint` in its bootstrap JSON: the app's start and its chunks, and off the landing page
// the portal's route table and its chunks), a few at a time in tasks of their own (each preload
// costs a phone a few milliseconds of its main thread), then imports the app (start.tsx: React,
// the router, the texts, the hydration), whose chunks are then all on their way. A repeat visit,
// whose scripts come from the service worker at once, does not run the app before the first paint.
function namedByPage(): string[] {
  let files: unknown;
  try {
    files = (
      JSON.parse(document.getElementById('kaunti-bootstrap')?.textContent ?? '{}') as {
        after_paint?: unknown;
      }
    ).after_paint;
  } catch {
    return [];
  }
  return Array.isArray(files)
    ? files.filter((file): file is string => typeof file === 'string' && file.startsWith('/assets/'))
    : [];
}

const PRELOADS_PER_TASK = 4;
function preloadThen(files: string[], then: () => void): void {
  for (const file of files.slice(0, PRELOADS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
  const rest = files.slice(PRELOADS_PER_TASK);
  if (rest.length > 0) setTimeout(() => preloadThen(rest, then), 0);
  else then();
}

function startApp(): void {
  preloadThen(namedByPage(), () => void import('./start'));
}
// After the next frame is drawn; at once in a tab the browser does not draw (opened in the
// background: its first frame would wait until it is shown).
if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(() => setTimeout(startApp, 0));

import { type ComponentType, createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { loadChunk } from './chunk-loader';

/** Forgets every failed load, so that the next render of its element fetches it again. */
const failedLoads = new Set<() => void>();

/**
 * Called when the page's error boundary lets go of an error (the next navigation): every element
 * whose code could not be fetched tries again when it is next rendered.
 */
export function retryFailedLoads(): void {
  for (const forget of failedLoads) forget();
  failedLoads.clear();
}

type Load<M> =
  | { status: 'idle' }
  | { status: 'loading'; promise: Promise<void> }
  | { status: 'done'; module: M }
  | { status: 'failed'; error: unknown };

/**
 * A route's element whose code is fetched the first time it is rendered: it suspends (the root
 * layout's Suspense shows the spinner on a first load; a navigation keeps the previous page until
 * it is there) and then renders `render(module)`. A failure is thrown to the page's error boundary
 * (app/errors/route-error-boundary.tsx) and stays until that boundary lets go of it: the next
 * navigation fetches again.
 */
export function lazyElement<M>(load: () => Promise<M>, render: (module: M) => ReactNode): ReactElement {
  let state: Load<M> = { status: 'idle' };
  function start(): void {
    if (state.status !== 'idle') return;
    const promise = load().then(
      (module) => {
        state = { status: 'done', module };
      },
      (error: unknown) => {
        state = { status: 'failed', error };
        failedLoads.add(() => {
          state = { status: 'idle' };
        });
      },
    );
    state = { status: 'loading', promise };
  }
  function LazyElement(): ReactNode {
    if (state.status === 'done') return render(state.module);
    if (state.status === 'failed') throw state.error;
    start();
    // Suspends until the code is there (React renders this element again then).
    throw (state as { promise: Promise<void> }).promise;
  }
  LazyElement.preload = start;
  return createElement(LazyElement);
}

/**
 * Starts fetching the code of a lazy element (nothing for any other element): the router calls it
 * for every route a path matches, so that a layout's code and its page's come side by side rather
 * than one after the other.
 */
export function preloadElement(element: ReactNode): void {
  const type = isValidElement(element) ? (element.type as { preload?: () => void }) : undefined;
  type?.preload?.();
}

/**
 * A route's element that fetches the page's code with the 120-second time-out (`loadChunk`); a
 * failure reaches the page's error boundary as a ChunkLoadError (missing, timeout or other).
 */
export function lazyPage<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType): ReactElement {
  return lazyElement(
    () => loadChunk(importer),
    (module) => createElement(pick(module)),
  );
}
